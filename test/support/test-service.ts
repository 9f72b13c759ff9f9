import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSettings, serviceSettingsSchema, type ServiceSettings } from '../../src/shared/settings';
import { startService, type RunningService } from '../../src/service/start-service';

export interface TestService {
  url: string;
  apiKey: string;
  dataDir: string;
  running: RunningService;
  /** fetch against the service with the owner's API key unless `headers.authorization` is given. */
  call(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  stop(): Promise<void>;
}

export const testApiKey = 'svc_test_bootstrap_key_0123456789abcdef';

/**
 * The real service on a random loopback port with its own temporary data dir. Pass `dataDir` to restart
 * on the data of an earlier instance.
 */
export async function startTestService(
  overrides: Partial<Record<keyof ServiceSettings | string, string>> = {},
): Promise<TestService> {
  const dataDir = overrides.SVC_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'svc-test-'));
  const settings = readSettings(serviceSettingsSchema, {
    SVC_HOST: '127.0.0.1',
    SVC_PORT: '0',
    SVC_LOG_LEVEL: 'silent',
    SVC_BOOTSTRAP_API_KEY: testApiKey,
    ...overrides,
    SVC_DATA_DIR: dataDir,
  });
  const running = await startService(settings);
  const call = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('authorization')) headers.set('authorization', `Bearer ${testApiKey}`);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
    return fetch(`${running.url}${path}`, { ...init, headers, body });
  };
  return { url: running.url, apiKey: testApiKey, dataDir, running, call, stop: () => running.stop() };
}

/** Stops the service and deletes its data dir. */
export async function disposeTestService(service: TestService): Promise<void> {
  await service.stop();
  rmSync(service.dataDir, { recursive: true, force: true });
}
