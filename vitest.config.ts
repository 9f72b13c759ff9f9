import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    // Polls wait for a browser to show something; on two busy cores that can take seconds, not the default 1 s.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    hookTimeout: 60_000,
    // Two cores: files that each launch Chromium should not all run at once.
    maxWorkers: 2,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
