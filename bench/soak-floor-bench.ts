// The soak's loop with Playwright alone: 30 contexts spread over headless Chromium processes as the service's pool
// spreads sessions (8 a process), each looping goto → evaluate → click the first input for 60 s, with no service,
// HTTP, observe script, recording or network log. What is left is what Chromium and Playwright cost on this
// machine: the floor under the soak's figures.
// Run: npx tsx bench/soak-floor-bench.ts  → bench/results/soak-floor.json
import { loadavg } from 'node:os';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs, findChromium, freeLoopbackPort } from '../src/service/browsers/chromium-launch.js';
import { startFixtureServer, type FixtureServer } from '../test/fixtures/sites/fixture-server.js';
import { writeBenchResult } from './bench-result.js';
import { percentile, round } from './bench-stats.js';
import { cpuMsPerAction, treeCpuMs } from './process-cpu.js';

const SESSIONS = Number(process.env.SOAK_SESSIONS ?? 30);
const DURATION_MS = Number(process.env.SOAK_SECONDS ?? 60) * 1000;
const CONTEXTS_PER_PROCESS = 8;

async function loop(page: Page, sites: FixtureServer, until: number, latencies: number[]): Promise<void> {
  const pages = [sites.url('actions.html'), sites.url('forms.html')];
  const timed = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    latencies.push(performance.now() - started);
  };
  for (let index = 0; Date.now() < until; index += 1) {
    await timed(() => page.goto(pages[index % pages.length]!));
    await timed(() => page.evaluate(() => document.querySelectorAll('input').length));
    await timed(() => page.locator('input').first().click());
  }
}

async function main(): Promise<void> {
  const sites = await startFixtureServer();
  const executablePath = findChromium({ headed: undefined, headless: undefined }, true);
  const browsers: Browser[] = [];
  for (let index = 0; index < Math.ceil(SESSIONS / CONTEXTS_PER_PROCESS); index += 1) {
    const args = chromiumArgs(await freeLoopbackPort(), new Set());
    browsers.push(await chromium.launch({ executablePath, args }));
  }
  try {
    const pages = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, index) => {
        const context = await browsers[Math.floor(index / CONTEXTS_PER_PROCESS)]!.newContext();
        return context.newPage();
      }),
    );
    const latencies: number[] = [];
    const before = treeCpuMs(process.pid);
    const until = Date.now() + DURATION_MS;
    await Promise.all(pages.map((page) => loop(page, sites, until, latencies)));
    const after = treeCpuMs(process.pid);
    writeBenchResult('soak-floor', {
      load_average_1m: round(loadavg()[0]!),
      chromium: executablePath,
      sessions: SESSIONS,
      duration_s: DURATION_MS / 1000,
      loop: 'Playwright alone: goto (actions.html / forms.html) → evaluate → click the first input',
      actions: latencies.length,
      action_latency: {
        p50_ms: percentile(latencies, 50),
        p95_ms: percentile(latencies, 95),
        max_ms: percentile(latencies, 100),
      },
      cpu_ms_per_action: cpuMsPerAction(before, after, latencies.length),
    });
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
    await sites.close();
  }
}

await main();
