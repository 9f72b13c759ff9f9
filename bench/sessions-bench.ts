// Session start through the real service over HTTP with real Chromium: latency at concurrency 1 with the warm
// pool, a burst of 10 concurrent starts, and memory per additional open session with 30 open.
// Run: npx tsx bench/sessions-bench.ts  → bench/results/sessions.json
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SessionResponse } from '../src/shared/sessions.js';
import { startFixtureServer } from '../test/fixtures/sites/fixture-server.js';
import { disposeTestService, startTestService, type TestService } from '../test/support/test-service.js';
import { writeBenchResult } from './bench-result.js';
import { percentile, round } from './bench-stats.js';
import { treeMemoryKiB } from './process-memory.js';

const SEQUENTIAL_RUNS = 30;
const BURSTS = 3;
const BURST_SIZE = 10;
const OPEN_SESSIONS = 30;
/** Time the pool is given to refill its warm contexts between sequential starts (a client's think time). */
const REFILL_PAUSE_MS = 400;

async function timedStart(service: TestService): Promise<{ ms: number; session: SessionResponse }> {
  const started = performance.now();
  const response = await service.call('/sessions/start', { method: 'POST', json: {} });
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`start: ${response.status} ${await response.text()}`);
  return { ms, session: (await response.json()) as SessionResponse };
}

const stop = (service: TestService, id: string) => service.call(`/sessions/${id}/stop`, { method: 'DELETE' });

async function main(): Promise<void> {
  const sites = await startFixtureServer();
  const service = await startTestService({ SVC_MAX_SESSIONS: '40', SVC_RATE_LIMIT: '1000000' });
  try {
    // The pool warms on first use: one start brings the first browser up.
    await stop(service, (await timedStart(service)).session.session_id);
    await sleep(1500);

    const sequential: number[] = [];
    for (let run = 0; run < SEQUENTIAL_RUNS; run += 1) {
      const { ms, session } = await timedStart(service);
      sequential.push(ms);
      await stop(service, session.session_id);
      await sleep(REFILL_PAUSE_MS);
    }

    const burst: number[] = [];
    const burstP50s: number[] = [];
    for (let round = 0; round < BURSTS; round += 1) {
      const started = await Promise.all(Array.from({ length: BURST_SIZE }, () => timedStart(service)));
      burst.push(...started.map((start) => start.ms));
      burstP50s.push(
        percentile(
          started.map((start) => start.ms),
          50,
        ),
      );
      await Promise.all(started.map(({ session }) => stop(service, session.session_id)));
      await sleep(1500);
    }

    await sleep(1000);
    const before = treeMemoryKiB(process.pid);
    const open: string[] = [];
    for (let index = 0; index < OPEN_SESSIONS; index += 1) {
      const { session } = await timedStart(service);
      await service.running.context.sessions
        .findById(session.session_id)!
        .activePage()
        .goto(sites.url('forms.html'));
      open.push(session.session_id);
    }
    await sleep(1000);
    const after = treeMemoryKiB(process.pid);
    await Promise.all(open.map((id) => stop(service, id)));

    const perSessionMiB = (kib: number) => round(kib / OPEN_SESSIONS / 1024);
    writeBenchResult('sessions', {
      load_average_1m: round(loadavg()[0]!),
      start_concurrency_1: {
        runs: SEQUENTIAL_RUNS,
        p50_ms: percentile(sequential, 50),
        p95_ms: percentile(sequential, 95),
        target_p50_ms: 30,
      },
      start_burst_of_10: {
        bursts: BURSTS,
        p50_ms: percentile(burst, 50),
        p95_ms: percentile(burst, 95),
        // The first burst meets the baseline warm stock; the warm target then grows to the burst's size.
        p50_ms_by_burst: burstP50s,
        target_p50_ms: 300,
      },
      memory_per_open_session: {
        open_sessions: OPEN_SESSIONS,
        page: 'forms.html fixture',
        rss_mib: perSessionMiB(after.rss - before.rss),
        pss_mib: perSessionMiB(after.pss - before.pss),
        target_rss_mib: 70,
      },
    });
  } finally {
    await disposeTestService(service);
    await sites.close();
  }
}

await main();
