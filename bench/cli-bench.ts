import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { disposeTestService, startTestService } from '../test/support/test-service';
import { writeBenchResult } from './bench-result';

/**
 * How long `bin/svc` takes from spawn to exit: without a network call (`--version`) and with one API call
 * (`sessions list`). Run `npm run build` first: node --import tsx bench/cli-bench.ts
 */
const runs = 15;
// Asynchronous: the service under test runs in this process and must keep answering.
const run = promisify(execFile);

async function medianMs(
  args: string[],
  env: Record<string, string>,
): Promise<{ median_ms: number; p90_ms: number }> {
  const timings: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run(process.execPath, ['bin/svc', ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(timings[Math.min(timings.length - 1, Math.floor(share * timings.length))]);
  return { median_ms: at(0.5), p90_ms: at(0.9) };
}

const service = await startTestService();
const home = mkdtempSync(join(tmpdir(), 'svc-cli-bench-'));
try {
  const env = {
    HOME: home,
    SVC_CONFIG_DIR: join(home, 'cli'),
    SVC_API_URL: service.url,
    SVC_API_KEY: service.apiKey,
  };
  writeBenchResult('cli', {
    runs,
    version: await medianMs(['--version'], env),
    sessions_list: await medianMs(['sessions', 'list', '-o', 'json'], env),
  });
} finally {
  await disposeTestService(service);
  rmSync(home, { recursive: true, force: true });
}
