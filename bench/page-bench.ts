// Page actions through the real service over HTTP (auth, validation, session lookup, Playwright, JSON): observe on
// a typical page and on a generated 2,000-element page, and the latency of common actions.
// Run: npx tsx bench/page-bench.ts  → bench/results/page.json
import { loadavg } from 'node:os';
import { startFixtureServer } from '../test/fixtures/sites/fixture-server.js';
import { disposeTestService, startTestService, type TestService } from '../test/support/test-service.js';
import { writeBenchResult } from './bench-result.js';

const RUNS = 40;

const round = (ms: number) => Math.round(ms * 10) / 10;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function post(service: TestService, path: string, json: unknown): Promise<unknown> {
  const response = await service.call(path, { method: 'POST', json });
  const body = (await response.json()) as { success?: boolean };
  if (response.status !== 200 || body.success === false)
    throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** p50/p95 of `run` over RUNS timed calls, after one untimed warm-up call. */
async function timed(
  run: () => Promise<unknown>,
): Promise<{ p50_ms: number; p95_ms: number; min_ms: number }> {
  await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    p50_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    min_ms: round(times[0]!),
  };
}

const sites = await startFixtureServer();
const service = await startTestService({ SVC_BROWSER_WARM_CONTEXTS: '1' });
try {
  const start = await service.call('/sessions/start', { method: 'POST', json: {} });
  const { session_id: id } = (await start.json()) as { session_id: string };
  const execute = (action: Record<string, unknown>) => post(service, `/sessions/${id}/page/execute`, action);
  const observe = () => post(service, `/sessions/${id}/page/observe`, {});

  await execute({ type: 'goto', url: sites.url('forms.html') });
  const observeTypical = await timed(observe);
  const click = await timed(() => execute({ type: 'click', selector: '#email' }));
  const fill = await timed(() => execute({ type: 'fill', selector: '#email', value: 'ada@example.org' }));
  const evaluate = await timed(() => execute({ type: 'evaluate_js', code: 'document.title' }));
  const scroll = await timed(() => execute({ type: 'scroll_down', amount: 10 }));
  const goto = await timed(() => execute({ type: 'goto', url: sites.url('forms.html') }));
  const scrape = await timed(() => post(service, `/sessions/${id}/page/scrape`, {}));

  await execute({ type: 'goto', url: sites.url('many.html') });
  const observeLarge = await timed(observe);
  await service.call(`/sessions/${id}/stop`, { method: 'DELETE' });

  writeBenchResult('page', {
    runs: RUNS,
    load_average_1m: loadavg()[0],
    via: 'HTTP to the real service on loopback, one session, headless Chromium',
    observe_typical_forms: { ...observeTypical, target_p50_ms: 30 },
    observe_generated_2000_elements: { ...observeLarge, target_p50_ms: 150 },
    actions: {
      click,
      fill,
      evaluate_js: evaluate,
      scroll_down: scroll,
      goto_local_page: goto,
      scrape_forms: scrape,
    },
  });
} finally {
  await disposeTestService(service);
  await sites.close();
}
