import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../src/shared/sessions';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { activePage, startSession } from '../sessions/session-helpers';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

let service: TestService;
let sites: FixtureServer;
let mine: SessionResponse;
let other: SessionResponse;

const tabUrls = (sessionId: string) =>
  service.running.context.sessions
    .findById(sessionId)!
    .tabs()
    .map((tab) => tab.url());
const sign = (sessionId: string, scope: 'view' | 'cdp') =>
  service.running.context.tokens.sign(sessionId, scope, 600);

beforeAll(async () => {
  sites = await startFixtureServer();
  service = await startTestService();
  mine = await startSession(service);
  other = await startSession(service);
  await activePage(service, mine.session_id).goto(sites.url('forms.html'));
  await activePage(service, other.session_id).goto(sites.url('shadow.html'));
});

afterAll(async () => {
  await disposeTestService(service);
  await sites?.close();
});

describe('CDP access to one session', () => {
  it('lets Playwright connectOverCDP see and drive only this session', async () => {
    const client = await chromium.connectOverCDP(mine.cdp_url!);
    const urls = client.contexts().flatMap((context) => context.pages().map((page) => page.url()));
    expect(urls).toEqual([sites.url('forms.html')]);

    const [page] = client.contexts()[0]!.pages();
    await page!.goto(sites.url('iframes.html'));
    expect(activePage(service, mine.session_id).url()).toBe(sites.url('iframes.html'));

    const opened = await client.contexts()[0]!.newPage();
    await opened.goto(sites.url('hidden.html'));
    expect(tabUrls(mine.session_id)).toContain(sites.url('hidden.html'));
    expect(tabUrls(other.session_id)).toEqual([sites.url('shadow.html')]);

    await client.close();
    // The client's close ends its connection, not the shared browser: both sessions still work.
    const status = await service.call(`/sessions/${mine.session_id}`);
    expect(((await status.json()) as SessionResponse).status).toBe('active');
    expect(await activePage(service, other.session_id).evaluate(() => location.href)).toBe(
      sites.url('shadow.html'),
    );
  });

  it('lets Puppeteer connect see and drive only this session', async () => {
    const client = await puppeteer.connect({ browserWSEndpoint: other.cdp_url!, defaultViewport: null });
    const urls = (await client.pages()).map((page) => page.url());
    expect(urls).toEqual([sites.url('shadow.html')]);

    const [page] = await client.pages();
    await page!.goto(sites.url('forms.html'));
    expect(activePage(service, other.session_id).url()).toBe(sites.url('forms.html'));
    expect(tabUrls(mine.session_id)).not.toContain(sites.url('forms.html'));
    await client.disconnect();
  });

  it('offers the /json/version discovery document for http endpoints', async () => {
    const httpUrl = mine.cdp_url!.replace(/^ws/, 'http');
    const client = await chromium.connectOverCDP(httpUrl);
    expect(client.contexts()[0]!.pages().length).toBeGreaterThan(0);
    await client.close();
  });

  it('refuses a missing token, a token of another session and a viewer token', async () => {
    const noToken = await fetch(`${service.url}/sessions/${mine.session_id}/cdp/json/version`);
    expect(noToken.status).toBe(401);
    expect(((await noToken.json()) as { message: string }).message).toBe('Missing token');

    const crossed = await fetch(
      `${service.url}/sessions/${mine.session_id}/cdp/json/version?token=${sign(other.session_id, 'cdp')}`,
    );
    expect(crossed.status).toBe(403);

    const viewerToken = sign(mine.session_id, 'view');
    const wsUrl = `${service.url.replace('http', 'ws')}/sessions/${mine.session_id}/cdp?token=${viewerToken}`;
    await expect(chromium.connectOverCDP(wsUrl, { timeout: 5000 })).rejects.toThrow(/403/);
  });
});
