// Requests per second of `GET /health` and of an authenticated read (`GET /account`, rate limiting on),
// against the built `svc serve` in its own process on loopback. Writes bench/results/http.json.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { writeBenchResult } from './bench-result';

const apiKey = 'svc_bench_key_0123456789abcdefghij';
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);

/** A port that was free a moment ago, so the service can be told where to listen whatever its log level. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServe(dataDir: string, logLevel: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['bin/svc', 'serve', '--port', String(port), '--data-dir', dataDir], {
    env: {
      ...process.env,
      SVC_BOOTSTRAP_API_KEY: apiKey,
      SVC_LOG_LEVEL: logLevel,
      SVC_RATE_LIMIT: '100000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.on('exit', () => child.kill('SIGKILL'));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (
      await fetch(`${url}/health`).then(
        (response) => response.ok,
        () => false,
      )
    ) {
      return { url, stop: () => child.kill('SIGTERM') };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('svc serve did not start');
}

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 50, duration: durationS, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    requests_per_s: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
  };
}

async function main() {
  const figures: Record<string, unknown> = {};
  for (const logLevel of ['info', 'warn']) {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
    const service = await startServe(dataDir, logLevel);
    try {
      figures[`health_log_${logLevel}`] = await measure(`${service.url}/health`);
      figures[`authenticated_read_log_${logLevel}`] = await measure(`${service.url}/account`, {
        authorization: `Bearer ${apiKey}`,
      });
    } finally {
      service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  writeBenchResult('http', { duration_s: durationS, connections: 50, ...figures });
}

await main();
