// The whole life of a session as a CDP client sees it, through the real service with real Chromium: HTTP start →
// Playwright connectOverCDP(cdp_url) through the service's CDP proxy → goto a local fixture page → HTTP stop.
// Run: npx tsx bench/lifecycle-bench.ts  → bench/results/lifecycle.json
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import type { SessionResponse } from '../src/shared/sessions.js';
import { startFixtureServer, type FixtureServer } from '../test/fixtures/sites/fixture-server.js';
import { disposeTestService, startTestService, type TestService } from '../test/support/test-service.js';
import { writeBenchResult } from './bench-result.js';
import { percentile, round } from './bench-stats.js';

const RUNS = 30;
/** A client's think time between sessions, in which the pool refills its warm contexts. */
const PAUSE_MS = 400;

interface LifecycleTiming {
  start: number;
  connect: number;
  goto: number;
  stop: number;
  total: number;
}

async function lifecycle(service: TestService, sites: FixtureServer): Promise<LifecycleTiming> {
  const t0 = performance.now();
  const started = await service.call('/sessions/start', { method: 'POST', json: {} });
  if (started.status !== 200) throw new Error(`start: ${started.status} ${await started.text()}`);
  const session = (await started.json()) as SessionResponse;
  const t1 = performance.now();
  const client = await chromium.connectOverCDP(session.cdp_url!);
  const t2 = performance.now();
  const page = client.contexts()[0]!.pages()[0]!;
  await page.goto(sites.url('forms.html'));
  const t3 = performance.now();
  const stopped = await service.call(`/sessions/${session.session_id}/stop`, { method: 'DELETE' });
  if (stopped.status !== 200) throw new Error(`stop: ${stopped.status} ${await stopped.text()}`);
  const t4 = performance.now();
  await client.close();
  return { start: t1 - t0, connect: t2 - t1, goto: t3 - t2, stop: t4 - t3, total: t4 - t0 };
}

function summary(timings: LifecycleTiming[], part: keyof LifecycleTiming) {
  const values = timings.map((timing) => timing[part]);
  return { p50_ms: percentile(values, 50), p95_ms: percentile(values, 95) };
}

async function main(): Promise<void> {
  const sites = await startFixtureServer();
  const service = await startTestService({ SVC_MAX_SESSIONS: '40', SVC_RATE_LIMIT: '1000000' });
  try {
    // The first start brings the first browser up; it is not part of a session's life afterwards.
    await lifecycle(service, sites);
    await sleep(1500);
    const timings: LifecycleTiming[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      timings.push(await lifecycle(service, sites));
      await sleep(PAUSE_MS);
    }
    writeBenchResult('lifecycle', {
      load_average_1m: round(loadavg()[0]!),
      runs: RUNS,
      page: 'forms.html fixture on loopback',
      lifecycle: { ...summary(timings, 'total'), target_p50_ms: 150 },
      parts: {
        http_start: summary(timings, 'start'),
        cdp_connect: summary(timings, 'connect'),
        goto: summary(timings, 'goto'),
        http_stop: summary(timings, 'stop'),
      },
    });
  } finally {
    await disposeTestService(service);
    await sites.close();
  }
}

await main();
