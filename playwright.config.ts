import { defineConfig } from '@playwright/test';
import { quietChromiumFlags } from './src/service/browsers/chromium-launch';

const chromiumPath = process.env.SVC_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** End-to-end tests in the system Chromium (never a downloaded browser), against the real service on loopback. */
export default defineConfig({
  testDir: 'e2e',
  // Its own folder: Playwright empties it at start, and the Vitest report sits beside it.
  outputDir: 'test-results/playwright',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: [...quietChromiumFlags],
    },
  },
});
