import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../src/shared/sessions';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { launchCdpBrowser } from '../support/cdp-browser';
import { spawnService } from '../support/service-process';
import { disposeTestService, startTestService, testApiKey, type TestService } from '../support/test-service';
import { activePage, chromiumChildren, startSession, stopSession } from './session-helpers';

const readSession = async (service: TestService, id: string) =>
  (await (await service.call(`/sessions/${id}`)).json()) as SessionResponse;

describe('session capacity and failures', () => {
  let service: TestService;
  let sites: FixtureServer;

  beforeAll(async () => {
    sites = await startFixtureServer();
    service = await startTestService({ SVC_MAX_SESSIONS: '1', SVC_BROWSER_WARM_CONTEXTS: '1' });
  });
  afterAll(async () => {
    await disposeTestService(service);
    await sites.close();
    expect(chromiumChildren()).toEqual([]);
  });

  it('answers 529 with Retry-After past SVC_MAX_SESSIONS, and starts again once one stops', async () => {
    const first = await startSession(service);
    const refused = await service.call('/sessions/start', { method: 'POST', json: {} });
    expect(refused.status).toBe(529);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ message: 'Cluster overloaded', code: 'cluster_overloaded' });
    await stopSession(service, first.session_id);
    const next = await startSession(service);
    await stopSession(service, next.session_id);
  });

  it('ends the sessions of a killed browser with an error, and the next start works', async () => {
    const session = await startSession(service);
    await activePage(service, session.session_id).goto(sites.url('forms.html'));
    const [browserPid] = chromiumChildren();
    process.kill(browserPid!, 'SIGKILL');
    await expect.poll(async () => (await readSession(service, session.session_id)).status).toBe('error');
    expect(await readSession(service, session.session_id)).toMatchObject({
      end_reason: 'browser_crashed',
      error: 'The browser process exited unexpectedly',
    });
    const next = await startSession(service);
    const page = activePage(service, next.session_id);
    expect((await page.goto(sites.url('forms.html')))?.status()).toBe(200);
    await stopSession(service, next.session_id);
  });

  it('keeps a session going after its page crashed', async () => {
    const session = await startSession(service);
    const page = activePage(service, session.session_id);
    await page.goto(sites.url('forms.html'));
    await expect(page.goto('chrome://crash')).rejects.toThrow();
    // A fresh tab takes the crashed one's place.
    await expect.poll(() => activePage(service, session.session_id) !== page).toBe(true);
    expect((await readSession(service, session.session_id)).status).toBe('active');
    const next = activePage(service, session.session_id);
    expect((await next.goto(sites.url('forms.html')))?.status()).toBe(200);
    await stopSession(service, session.session_id);
  });

  it('says clearly that a headed session needs a display when there is none', async () => {
    const display = process.env.DISPLAY;
    delete process.env.DISPLAY;
    try {
      const response = await service.call('/sessions/start', { method: 'POST', json: { headless: false } });
      expect(response.status).toBe(503);
      expect((await response.json()).detail).toMatch(/Xvfb/);
    } finally {
      if (display !== undefined) process.env.DISPLAY = display;
    }
  });
});

describe('sessions on a remote browser (cdp_url)', () => {
  it('drives the browser at cdp_url and leaves it running after stop', async () => {
    const remote = await launchCdpBrowser();
    const sites = await startFixtureServer();
    const service = await startTestService();
    try {
      const session = await startSession(service, { cdp_url: remote.wsEndpoint });
      await activePage(service, session.session_id).goto(sites.url('cookies.html'));
      const remotePages = remote.browser.contexts().flatMap((context) => context.pages());
      expect(remotePages.map((page) => page.url())).toContain(sites.url('cookies.html'));
      const stopped = await stopSession(service, session.session_id);
      expect(stopped.status).toBe('closed');
      expect(remote.browser.isConnected()).toBe(true);
      // The service launched no browser of its own for it.
      expect(chromiumChildren().filter((pid) => pid !== remote.process.pid)).toEqual([]);
    } finally {
      await disposeTestService(service);
      // The remote browser keeps connections to the site open: it goes first so the site can close.
      // Chromium may still be writing its profile while the helper removes it; the process is gone either way.
      await remote.close().catch(() => undefined);
      await sites.close();
    }
  });

  it('reports an unreachable cdp_url as a 503 with the reason', async () => {
    const service = await startTestService();
    try {
      const response = await service.call('/sessions/start', {
        method: 'POST',
        json: { cdp_url: 'ws://127.0.0.1:9/devtools/browser/x' },
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ message: 'Cannot connect to the cdp_url browser' });
    } finally {
      await disposeTestService(service);
    }
  });
});

describe('restart recovery', () => {
  it('closes sessions a killed service left active, with end_reason service_restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-restart-'));
    const first = await spawnService(dataDir, { SVC_LOG_LEVEL: 'info' });
    const started = await fetch(`${first.url}/sessions/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const { session_id } = (await started.json()) as SessionResponse;
    first.child.kill('SIGKILL');
    await first.exited;
    const service = await startTestService({ SVC_DATA_DIR: dataDir });
    try {
      expect(await readSession(service, session_id)).toMatchObject({
        status: 'closed',
        end_reason: 'service_restart',
      });
      expect((await (await service.call('/sessions')).json()).items).toEqual([]);
    } finally {
      await disposeTestService(service);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
