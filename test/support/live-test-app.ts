import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { readSettings, serviceSettingsSchema } from '../../src/shared/settings';
import { bootstrapOwner } from '../../src/service/bootstrap-owner';
import { buildApp } from '../../src/service/http/build-app';
import type { LiveRouteContext } from '../../src/service/http/live-route-context';
import { createServiceContext, type ServiceContext } from '../../src/service/service-context';
import { openStore } from '../../src/service/store/database';
import { launchCdpBrowser, type CdpBrowser } from './cdp-browser';
import { TestLiveSessions } from './test-live-sessions';
import { testApiKey } from './test-service';

export interface LiveTestApp {
  url: string;
  apiKey: string;
  context: ServiceContext;
  sessions: TestLiveSessions;
  cdpBrowser: CdpBrowser;
  dataDir: string;
  call(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The real service app (auth, errors, WebSocket) on a random loopback port, with live routes registered
 * over TestLiveSessions on a real Chromium: for the live domains' tests until the sessions domain is wired.
 */
export async function startLiveTestApp(
  register: (app: FastifyInstance, context: LiveRouteContext) => void,
  overrides: Record<string, string> = {},
): Promise<LiveTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-live-'));
  const settings = readSettings(serviceSettingsSchema, {
    SVC_HOST: '127.0.0.1',
    SVC_PORT: '0',
    SVC_LOG_LEVEL: 'silent',
    SVC_BOOTSTRAP_API_KEY: testApiKey,
    SVC_DATA_DIR: dataDir,
    ...overrides,
  });
  const store = await openStore(dataDir);
  const context = createServiceContext(settings, store, '');
  const cdpBrowser = await launchCdpBrowser();
  const sessions = new TestLiveSessions(cdpBrowser);
  const app = await buildApp(context);
  register(app, Object.assign(context, { liveSessions: sessions }));
  await bootstrapOwner(context, app.log);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  context.publicUrl = url;
  return {
    url,
    apiKey: testApiKey,
    context,
    sessions,
    cdpBrowser,
    dataDir,
    call: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has('authorization')) headers.set('authorization', `Bearer ${testApiKey}`);
      return fetch(`${url}${path}`, { ...init, headers });
    },
    close: async () => {
      await app.close();
      await cdpBrowser.close();
      await store.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
