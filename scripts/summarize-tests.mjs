#!/usr/bin/env node
// Reads the Vitest and Playwright JSON reports and prints the closing line `N passed, N failed[, N skipped]`.
import { existsSync, readFileSync } from 'node:fs';

const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined);
const totals = { passed: 0, failed: 0, skipped: 0 };
const skipped = [];

const vitest = readJson('test-results/vitest.json');
if (!vitest) {
  console.error('summary: no Vitest report (test-results/vitest.json): the Vitest run did not complete');
  totals.failed += 1;
} else {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  // A file that failed without a failed test (it did not load, a hook threw) counts once; one whose tests failed
  // is already counted by them.
  totals.failed += vitest.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  for (const file of vitest.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'skipped' || test.status === 'pending' || test.status === 'todo') {
        totals.skipped += 1;
        skipped.push(test.fullName);
      }
    }
  }
}

const playwright = readJson('test-results/playwright.json');
if (playwright) {
  totals.passed += playwright.stats.expected + playwright.stats.flaky;
  totals.failed += playwright.stats.unexpected;
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'skipped') continue;
        totals.skipped += 1;
        const reason =
          test.annotations.find((note) => note.type === 'skip')?.description ?? 'no reason given';
        skipped.push(`${spec.title} (${reason})`);
      }
    }
    (suite.suites ?? []).forEach(visit);
  };
  playwright.suites.forEach(visit);
}

// A runner that failed outside any test (an unhandled error, a crash) fails the run even when every test passed.
for (const runner of ['vitest', 'playwright']) {
  const exitFile = `test-results/${runner}.exit`;
  const code = existsSync(exitFile) ? Number(readFileSync(exitFile, 'utf8').trim()) : 0;
  if (code !== 0 && totals.failed === 0) {
    console.error(`summary: ${runner} exited ${code} with errors outside the tests (see its output above)`);
    totals.failed += 1;
  }
}

const lintExit = existsSync('test-results/lint.exit')
  ? Number(readFileSync('test-results/lint.exit', 'utf8').trim())
  : 0;
if (lintExit === 0) totals.passed += 1;
else {
  console.error(`summary: lint failed:\n${readFileSync('test-results/lint.log', 'utf8')}`);
  totals.failed += 1;
}

for (const name of skipped) console.log(`skipped: ${name}`);
const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
console.log(line);
process.exit(totals.failed > 0 ? 1 : 0);
