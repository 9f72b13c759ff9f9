// 30 sessions at once, each looping goto → observe → click over HTTP against a local fixture site for 60 s, through
// the real service with real Chromium: errors (target 0), action latency (p95 target ≤ 500 ms), and memory per
// additional open session with 30 open: PSS (each shared page split among its sharers: what the sessions really
// occupy) and RSS summed over processes (shared pages counted once per process: an overstatement).
// Run: npx tsx bench/soak-bench.ts  → bench/results/soak.json
// At an agent's pace (a pause after each action, as a model's turn would make):
// SOAK_THINK_MS=1000 npx tsx bench/soak-bench.ts  → bench/results/soak-paced.json
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ObservationBody } from '../src/shared/page.js';
import type { SessionResponse } from '../src/shared/sessions.js';
import { startFixtureServer, type FixtureServer } from '../test/fixtures/sites/fixture-server.js';
import { disposeTestService, startTestService, type TestService } from '../test/support/test-service.js';
import { writeBenchResult } from './bench-result.js';
import { percentile, round } from './bench-stats.js';
import { cpuMsPerAction, treeCpuMs } from './process-cpu.js';
import { treeMemoryKiB } from './process-memory.js';

// SOAK_SESSIONS and SOAK_SECONDS change the load for a diagnosis; the figures of record use the defaults.
const SESSIONS = Number(process.env.SOAK_SESSIONS ?? 30);
const DURATION_MS = Number(process.env.SOAK_SECONDS ?? 60) * 1000;
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 0);
/** Bounds each loop in count as well as time, whatever the machine's speed. */
const MAX_LOOPS_PER_SESSION = 1_000;

interface SoakRecord {
  latencies: Record<'goto' | 'observe' | 'click', number[]>;
  errors: string[];
  loops: number;
}

async function post(service: TestService, path: string, json: unknown): Promise<unknown> {
  const response = await service.call(path, { method: 'POST', json });
  const body = (await response.json()) as { success?: boolean };
  if (response.status !== 200 || body.success === false)
    throw new Error(`${path}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

async function timed(record: SoakRecord, kind: keyof SoakRecord['latencies'], run: () => Promise<unknown>) {
  const started = performance.now();
  const result = await run();
  record.latencies[kind].push(performance.now() - started);
  if (THINK_MS > 0) await sleep(THINK_MS);
  return result;
}

/** One session's loop: open a page, observe it, click the first input the observation offers. */
async function loop(
  service: TestService,
  sites: FixtureServer,
  id: string,
  until: number,
  record: SoakRecord,
) {
  const pages = [sites.url('actions.html'), sites.url('forms.html')];
  for (let index = 0; index < MAX_LOOPS_PER_SESSION && Date.now() < until; index += 1) {
    try {
      const url = pages[index % pages.length];
      await timed(record, 'goto', () => post(service, `/sessions/${id}/page/execute`, { type: 'goto', url }));
      const observation = (await timed(record, 'observe', () =>
        post(service, `/sessions/${id}/page/observe`, {}),
      )) as ObservationBody;
      const input = observation.space.interaction_actions.find((action) => action.id.startsWith('I'));
      if (!input) throw new Error(`no input observed on ${url}`);
      await timed(record, 'click', () =>
        post(service, `/sessions/${id}/page/execute`, { type: 'click', id: input.id }),
      );
      record.loops += 1;
    } catch (error) {
      record.errors.push(error instanceof Error ? error.message : String(error));
    }
  }
}

async function startSession(service: TestService): Promise<string> {
  const response = await service.call('/sessions/start', { method: 'POST', json: {} });
  if (response.status !== 200) throw new Error(`start: ${response.status} ${await response.text()}`);
  return ((await response.json()) as SessionResponse).session_id;
}

/** Frames the replay recordings kept, over every session (one line per frame in each frames.jsonl). */
function countReplayFrames(dataDir: string): number {
  const root = join(dataDir, 'replays');
  if (!existsSync(root)) return 0;
  return readdirSync(root)
    .map((session) => join(root, session, 'frames.jsonl'))
    .filter((file) => existsSync(file))
    .reduce((sum, file) => sum + readFileSync(file, 'utf8').split('\n').filter(Boolean).length, 0);
}

/** SVC_* settings given to the bench itself, to measure what a setting changes. */
function settingsFromEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[0].startsWith('SVC_')),
  );
}

async function main(): Promise<void> {
  const sites = await startFixtureServer();
  const service = await startTestService({
    SVC_MAX_SESSIONS: String(SESSIONS + 10),
    SVC_RATE_LIMIT: '100000000',
    // Memory per session is measured with the baseline warm pool, not one grown by the burst of 30 starts.
    SVC_BROWSER_WARM_CONTEXTS_MAX: '2',
    ...settingsFromEnvironment(),
  });
  try {
    await service.call(`/sessions/${await startSession(service)}/stop`, { method: 'DELETE' });
    await sleep(2000);
    const before = treeMemoryKiB(process.pid);

    const ids: string[] = [];
    for (let index = 0; index < SESSIONS; index += 1) ids.push(await startSession(service));
    const record: SoakRecord = { latencies: { goto: [], observe: [], click: [] }, errors: [], loops: 0 };
    const cpuBefore = treeCpuMs(process.pid);
    const until = Date.now() + DURATION_MS;
    const soak = Promise.all(ids.map((id) => loop(service, sites, id, until, record)));
    // Memory with every session open on a page, measured mid-soak.
    await sleep(DURATION_MS / 2);
    const during = treeMemoryKiB(process.pid);
    await soak;
    const cpuAfter = treeCpuMs(process.pid);
    const replayFrames = countReplayFrames(service.dataDir);
    await Promise.all(ids.map((id) => service.call(`/sessions/${id}/stop`, { method: 'DELETE' })));

    const all = Object.values(record.latencies).flat();
    const perSessionMiB = (kib: number) => round(kib / SESSIONS / 1024);
    writeBenchResult(THINK_MS > 0 ? 'soak-paced' : 'soak', {
      load_average_1m: round(loadavg()[0]!),
      sessions: SESSIONS,
      duration_s: DURATION_MS / 1000,
      pause_after_each_action_ms: THINK_MS,
      loop: 'goto (actions.html / forms.html) → observe → click the first observed input, over HTTP',
      loops_completed: record.loops,
      actions: all.length,
      errors: record.errors.length,
      first_errors: [...new Set(record.errors)].slice(0, 5),
      action_latency: {
        p50_ms: percentile(all, 50),
        p95_ms: percentile(all, 95),
        max_ms: percentile(all, 100),
        target_p95_ms: 500,
      },
      latency_by_action: Object.fromEntries(
        Object.entries(record.latencies).map(([kind, values]) => [
          kind,
          { p50_ms: percentile(values, 50), p95_ms: percentile(values, 95) },
        ]),
      ),
      cpu_ms_per_action: cpuMsPerAction(cpuBefore, cpuAfter, all.length),
      replay_frames_kept_per_session: round(replayFrames / SESSIONS),
      memory_per_additional_session: {
        open_sessions: SESSIONS,
        pss_mib: perSessionMiB(during.pss - before.pss),
        rss_summed_mib: perSessionMiB(during.rss - before.rss),
        target_mib: 70,
      },
    });
  } finally {
    await disposeTestService(service);
    await sites.close();
  }
}

await main();
