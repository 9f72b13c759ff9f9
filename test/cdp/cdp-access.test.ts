import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCdpRoutes } from '../../src/service/cdp/routes';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { startLiveTestApp, type LiveTestApp } from '../support/live-test-app';
import type { TestLiveSession } from '../support/test-live-sessions';

let app: LiveTestApp;
let sites: FixtureServer;
let mine: TestLiveSession;
let other: TestLiveSession;

const cdpUrl = (sessionId: string, token: string) =>
  `${app.url.replace('http', 'ws')}/sessions/${sessionId}/cdp?token=${encodeURIComponent(token)}`;

beforeAll(async () => {
  sites = await startFixtureServer();
  app = await startLiveTestApp(registerCdpRoutes);
  const { account } = await app.context.accounts.ensureOwner();
  mine = await app.sessions.open(account.id);
  other = await app.sessions.open(account.id);
  await mine.activePage().goto(sites.url('forms.html'));
  await other.activePage().goto(sites.url('shadow.html'));
});

afterAll(async () => {
  await app?.close();
  await sites?.close();
});

describe('CDP access to one session', () => {
  it('lets Playwright connectOverCDP see and drive only this session', async () => {
    const client = await chromium.connectOverCDP(
      cdpUrl(mine.id, app.context.tokens.sign(mine.id, 'cdp', 600)),
    );
    const urls = client.contexts().flatMap((context) => context.pages().map((page) => page.url()));
    expect(urls).toEqual([sites.url('forms.html')]);

    const [page] = client.contexts()[0]!.pages();
    await page!.goto(sites.url('iframes.html'));
    expect(mine.activePage().url()).toBe(sites.url('iframes.html'));

    const opened = await client.contexts()[0]!.newPage();
    await opened.goto(sites.url('hidden.html'));
    expect(mine.context.pages().map((tab) => tab.url())).toContain(sites.url('hidden.html'));
    expect(other.context.pages().map((tab) => tab.url())).toEqual([sites.url('shadow.html')]);

    await client.close();
    // The client's close ends its connection, not the shared browser: both sessions still work.
    expect(await mine.activePage().title()).toBeTypeOf('string');
    expect(await other.activePage().evaluate(() => location.href)).toBe(sites.url('shadow.html'));
  });

  it('lets Puppeteer connect see and drive only this session', async () => {
    const token = app.context.tokens.sign(other.id, 'cdp', 600);
    const client = await puppeteer.connect({
      browserWSEndpoint: cdpUrl(other.id, token),
      defaultViewport: null,
    });
    const urls = (await client.pages()).map((page) => page.url());
    expect(urls).toEqual([sites.url('shadow.html')]);

    const [page] = await client.pages();
    await page!.goto(sites.url('forms.html'));
    expect(other.activePage().url()).toBe(sites.url('forms.html'));
    expect(mine.context.pages().map((tab) => tab.url())).not.toContain(sites.url('shadow.html'));
    await client.disconnect();
  });

  it('offers the /json/version discovery document for http endpoints', async () => {
    const token = app.context.tokens.sign(mine.id, 'cdp', 600);
    const client = await chromium.connectOverCDP(
      `${app.url}/sessions/${mine.id}/cdp?token=${encodeURIComponent(token)}`,
    );
    expect(client.contexts()[0]!.pages().length).toBeGreaterThan(0);
    await client.close();
  });

  it('refuses a missing token, a token of another session and a viewer token', async () => {
    const noToken = await fetch(`${app.url}/sessions/${mine.id}/cdp/json/version`);
    expect(noToken.status).toBe(401);
    expect((await noToken.json()).message).toBe('Missing token');

    const otherToken = app.context.tokens.sign(other.id, 'cdp', 600);
    const crossed = await fetch(`${app.url}/sessions/${mine.id}/cdp/json/version?token=${otherToken}`);
    expect(crossed.status).toBe(403);

    await expect(
      chromium.connectOverCDP(cdpUrl(mine.id, app.context.tokens.sign(mine.id, 'view', 600)), {
        timeout: 5000,
      }),
    ).rejects.toThrow(/403/);
  });
});
