// Observe latency on the fixture sites, end to end from Node (evaluate, transfer, render), in headless Chromium.
// Run: npx tsx bench/observe-bench.ts  → bench/results/observe.json
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { observePage } from '../src/service/page/observe/observe-page.js';
import { startFixtureServer } from '../test/fixtures/sites/fixture-server.js';
import { quietChromiumFlags } from '../src/service/browsers/chromium-launch';

const RUNS = 30;
const PAGES = [
  { name: 'forms', file: 'forms.html', target_p50_ms: 30 },
  { name: 'shadow', file: 'shadow.html', target_p50_ms: 30 },
  { name: 'iframes', file: 'iframes.html', target_p50_ms: 30 },
  { name: 'widgets', file: 'widgets.html', target_p50_ms: 30 },
  { name: 'many-2000', file: 'many.html', target_p50_ms: 150 },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timeObserve(page: Page): Promise<{ ms: number; elements: number }> {
  const start = performance.now();
  const { elements } = await observePage(page, []);
  return { ms: performance.now() - start, elements: elements.size };
}

// The browser's own first style and layout pass after a load, which the first observe triggers and pays for.
async function firstLayoutMs(page: Page, url: string): Promise<number> {
  await page.goto(url);
  return page.evaluate(() => {
    const start = performance.now();
    document.body.getBoundingClientRect();
    return performance.now() - start;
  });
}

async function measure(page: Page, url: string): Promise<Record<string, number>> {
  const layout = await firstLayoutMs(page, url);
  await page.goto(url);
  const first = await timeObserve(page);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) times.push((await timeObserve(page)).ms);
  times.sort((a, b) => a - b);
  const round = (ms: number): number => Math.round(ms * 10) / 10;
  return {
    elements: first.elements,
    first_after_load_ms: round(first.ms),
    browser_first_layout_ms: round(layout),
    p50_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    min_ms: round(times[0]),
  };
}

const scratch = mkdtempSync(join(tmpdir(), 'svc-observe-bench-'));
process.env.XDG_CONFIG_HOME = join(scratch, 'config');
process.env.XDG_CACHE_HOME = join(scratch, 'cache');
const server = await startFixtureServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [...quietChromiumFlags],
});
try {
  const page = await browser.newPage();
  const results: Record<string, Record<string, number>> = {};
  for (const { name, file, target_p50_ms } of PAGES) {
    results[name] = { ...(await measure(page, server.url(file))), target_p50_ms };
  }
  const report = {
    measured_at: new Date().toISOString(),
    runs_per_page: RUNS,
    machine: {
      cpus: cpus().length,
      load_average_1m: loadavg()[0],
      node: process.version,
      chromium: browser.version(),
    },
    pages: results,
  };
  mkdirSync(new URL('results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('results/observe.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
} finally {
  await browser.close();
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
}
