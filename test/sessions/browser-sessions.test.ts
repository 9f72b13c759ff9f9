import { Server as ProxyServer } from 'proxy-chain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cookie, NetworkLog, SessionResponse } from '../../src/shared/sessions';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { activePage, chromiumChildren, startSession, stopSession } from './session-helpers';

interface SeenByProxy {
  hostname: string;
  username: string;
  password: string;
}

describe('sessions in a real browser', () => {
  let service: TestService;
  let sites: FixtureServer;
  let proxy: ProxyServer;
  const seenByProxy: SeenByProxy[] = [];

  beforeAll(async () => {
    sites = await startFixtureServer();
    proxy = new ProxyServer({
      port: 0,
      host: '127.0.0.1',
      // Asks for credentials (407) as a real proxy does, then notes who came through.
      prepareRequestFunction: ({ hostname, username, password }) => {
        if (!username) return { requestAuthentication: true };
        seenByProxy.push({ hostname, username, password });
        return {};
      },
    });
    await proxy.listen();
    service = await startTestService({
      SVC_BROWSER_WARM_CONTEXTS: '1',
      SVC_PROXIES: `de=http://pool:secret@127.0.0.1:${proxy.port}`,
      SVC_BLOCKED_HOSTS: 'localhost,169.254.169.254',
    });
  });
  afterAll(async () => {
    await disposeTestService(service);
    await proxy.close(true);
    await sites.close();
    expect(chromiumChildren()).toEqual([]);
  });

  it('reads the cookies a page set and adds new ones', async () => {
    const { session_id } = await startSession(service);
    await activePage(service, session_id).goto(sites.url('cookies.html'));
    const read = (await (await service.call(`/sessions/${session_id}/cookies`)).json()) as {
      cookies: Cookie[];
    };
    expect(read.cookies.map((cookie) => [cookie.name, cookie.value]).sort()).toEqual([
      ['theme', 'dark'],
      ['visited', 'yes'],
    ]);
    const set = await service.call(`/sessions/${session_id}/cookies`, {
      method: 'POST',
      json: { cookies: [{ name: 'token', value: 'abc', domain: '127.0.0.1', path: '/' }] },
    });
    expect(await set.json()).toEqual({ success: true, message: '1 cookie(s) set' });
    await activePage(service, session_id).reload();
    expect(await activePage(service, session_id).textContent('#seen')).toContain('token=abc');
    const invalid = await service.call(`/sessions/${session_id}/cookies`, {
      method: 'POST',
      json: { cookies: [{ name: 'x', value: 'y' }] },
    });
    expect(invalid.status).toBe(422);
    await stopSession(service, session_id);
    const afterStop = await service.call(`/sessions/${session_id}/cookies`);
    expect(afterStop.status).toBe(409);
  });

  it('logs the network traffic, counts bytes, exports HAR and keeps the log after close', async () => {
    const { session_id } = await startSession(service);
    await activePage(service, session_id).goto(sites.url('iframes.html'));
    const readLog = async () =>
      (await (await service.call(`/sessions/${session_id}/network/logs`)).json()) as NetworkLog;
    // Entries complete once sizes are known, a moment after the load event.
    await expect
      .poll(async () => (await readLog()).entries.map((entry) => entry.url))
      .toEqual(expect.arrayContaining([sites.url('iframes.html'), sites.url('iframe-child.html')]));
    const log = await readLog();
    const document = log.entries.find((entry) => entry.url === sites.url('iframes.html'));
    expect(document).toMatchObject({
      method: 'GET',
      status: 200,
      resource_type: 'document',
      mime_type: 'text/html',
    });
    expect(document!.response_bytes).toBeGreaterThan(0);
    const status = (await (await service.call(`/sessions/${session_id}`)).json()) as SessionResponse;
    expect(status.network_response_bytes).toBeGreaterThan(0);
    expect(status.network_request_bytes).toBeGreaterThan(0);

    const har = await (await service.call(`/sessions/${session_id}/network/logs?format=har`)).json();
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries[0]).toMatchObject({ request: { method: 'GET' }, response: { status: 200 } });

    const stopped = await stopSession(service, session_id);
    const kept = (await (await service.call(`/sessions/${session_id}/network/logs`)).json()) as NetworkLog;
    expect(kept.entries).toEqual(expect.arrayContaining(log.entries));
    expect(kept.network_response_bytes).toBe(stopped.network_response_bytes);
  });

  it('never lets a session open a blocked host, however the URL spells the name', async () => {
    const { session_id } = await startSession(service);
    const page = activePage(service, session_id);
    const allowedUrl = sites.url('forms.html');
    const blockedUrl = allowedUrl.replace('127.0.0.1', 'localhost');
    expect((await page.goto(allowedUrl))?.status()).toBe(200);
    // no-cors: an opaque answer still resolves, so only a request that cannot go out is refused.
    const reached = await page.evaluate(
      (urls) =>
        Promise.all(
          urls.map((url) =>
            fetch(url, { mode: 'no-cors' }).then(
              () => 'fetched',
              () => 'refused',
            ),
          ),
        ),
      [allowedUrl, blockedUrl],
    );
    expect(reached).toEqual(['fetched', 'refused']);
    // Chromium shows its error page for a host it cannot resolve; Playwright reports that in more than one way.
    for (const spelling of [blockedUrl, blockedUrl.replace('localhost', 'LocalHost.')]) {
      await page.goto(allowedUrl);
      expect(await page.locator('form').count()).toBe(1);
      await page.goto(spelling).catch(() => undefined);
      await expect.poll(() => page.url()).toMatch(/^chrome-error:/);
      expect(await page.locator('form').count()).toBe(0);
    }
    await stopSession(service, session_id);
  });

  it('never lets a session behind a proxy open a blocked host either', async () => {
    const session = await startSession(service, { proxies: 'de' });
    const page = activePage(service, session.session_id);
    expect((await page.goto(sites.url('forms.html')))?.status()).toBe(200);
    await expect(page.goto(sites.url('forms.html').replace('127.0.0.1', 'localhost'))).rejects.toThrow(
      /ERR_BLOCKED_BY_CLIENT/,
    );
    await stopSession(service, session.session_id);
  });

  it('sends a session through its own proxy with credentials', async () => {
    seenByProxy.length = 0;
    const session = await startSession(service, {
      proxies: [
        { type: 'external', server: `http://127.0.0.1:${proxy.port}`, username: 'me', password: 'hunter2' },
      ],
    });
    expect(session.proxies).toBe(true);
    expect(JSON.stringify(session)).not.toContain('hunter2');
    await activePage(service, session.session_id).goto(sites.url('forms.html'));
    expect(seenByProxy).toContainEqual({ hostname: '127.0.0.1', username: 'me', password: 'hunter2' });
    await stopSession(service, session.session_id);
  });

  it('picks an operator proxy by country, and says when none matches', async () => {
    seenByProxy.length = 0;
    const session = await startSession(service, { proxies: 'DE' });
    await activePage(service, session.session_id).goto(sites.url('forms.html'));
    expect(seenByProxy).toContainEqual({ hostname: '127.0.0.1', username: 'pool', password: 'secret' });
    await stopSession(service, session.session_id);

    const noMatch = await service.call('/sessions/start', { method: 'POST', json: { proxies: 'fr' } });
    expect(noMatch.status).toBe(422);
    expect(await noMatch.json()).toMatchObject({ message: 'No proxy available' });
  });

  it('applies user agent, viewport and extra headers for the life of the session', async () => {
    const session = await startSession(service, {
      user_agent: 'svc-test-agent/1.0',
      viewport_width: 800,
      viewport_height: 600,
      extra_http_headers: { 'x-svc-test': 'yes' },
    });
    expect(session).toMatchObject({
      user_agent: 'svc-test-agent/1.0',
      viewport_width: 800,
      viewport_height: 600,
    });
    const page = activePage(service, session.session_id);
    const request = page.waitForRequest(sites.url('forms.html'));
    await page.goto(sites.url('forms.html'));
    expect(await (await request).allHeaders()).toMatchObject({
      'user-agent': 'svc-test-agent/1.0',
      'x-svc-test': 'yes',
    });
    expect(await page.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([800, 600]);
    await stopSession(service, session.session_id);
  });
});
