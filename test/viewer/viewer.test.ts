import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../src/shared/sessions';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { readPage } from '../page/page-helpers';
import { activePage, startSession, stopSession } from '../sessions/session-helpers';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { launchUserBrowser, type UserBrowser } from '../support/user-browser';

let service: TestService;
let sites: FixtureServer;
let session: SessionResponse;
/** The user's own browser, opening viewer URLs. */
let user: Browser;
let userBrowser: UserBrowser;

const sign = (sessionId: string, scope: 'view' | 'control' | 'cdp') =>
  service.running.context.tokens.sign(sessionId, scope, 600);
const viewerUrl = (sessionId: string, token: string, extra = '') =>
  `${service.url}/sessions/${sessionId}/viewer?token=${encodeURIComponent(token)}${extra}`;
const sessionPage = () => activePage(service, session.session_id);

/** Opens the viewer like a user would, and waits for the first frame. */
async function openViewer(url: string): Promise<Page> {
  const page = await user.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(url);
  await expect.poll(() => page.locator('#screen').getAttribute('data-frames')).not.toBeNull();
  return page;
}

/** Clicks the viewer's image where the element `selector` of the session page is. */
async function clickThroughViewer(viewer: Page, selector: string): Promise<void> {
  const target = await sessionPage().locator(selector).boundingBox();
  const viewport = await sessionPage().evaluate(() => ({ width: innerWidth, height: innerHeight }));
  const screen = await viewer.locator('#screen').boundingBox();
  const x = screen!.x + ((target!.x + target!.width / 2) / viewport.width) * screen!.width;
  const y = screen!.y + ((target!.y + target!.height / 2) / viewport.height) * screen!.height;
  await viewer.mouse.click(x, y);
}

beforeAll(async () => {
  sites = await startFixtureServer();
  service = await startTestService();
  session = await startSession(service, { viewport_width: 1024, viewport_height: 768 });
  await sessionPage().goto(sites.url('viewer-input.html'));
  userBrowser = await launchUserBrowser();
  user = userBrowser.browser;
});

afterAll(async () => {
  await userBrowser?.close();
  await disposeTestService(service);
  await sites?.close();
});

describe('live viewer', () => {
  it('serves the page with a CSP that limits framing and shows live frames', async () => {
    const response = await fetch(session.viewer_url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const viewer = await openViewer(viewerUrl(session.session_id, sign(session.session_id, 'view')));
    await expect.poll(() => viewer.locator('.tab.active').textContent()).toBe('Viewer input');
    await viewer.close();
  });

  it('clicks and types into the session page through the viewer_url the session gives', async () => {
    const viewer = await openViewer(session.viewer_url!);
    await clickThroughViewer(viewer, '#press');
    // Checked over the API, as a client of the session sees it.
    await expect.poll(() => readPage(service, session.session_id, 'document.title')).toBe('Pressed');

    await clickThroughViewer(viewer, '#name');
    await viewer.keyboard.type('Ada Lovelace');
    await expect
      .poll(() => readPage(service, session.session_id, "document.querySelector('#name').value"))
      .toBe('Ada Lovelace');
    await viewer.close();
  });

  it('ignores input from a read-only viewer', async () => {
    await sessionPage().fill('#name', '');
    const viewer = await openViewer(
      viewerUrl(session.session_id, sign(session.session_id, 'control'), '&mode=view'),
    );
    await clickThroughViewer(viewer, '#name');
    await viewer.keyboard.type('ignored');
    // A control viewer's keystrokes arrive within the same round trips; this one's never do.
    const controller = await openViewer(viewerUrl(session.session_id, sign(session.session_id, 'control')));
    await clickThroughViewer(controller, '#name');
    await controller.keyboard.type('x');
    await expect.poll(() => sessionPage().inputValue('#name')).toBe('x');
    await viewer.close();
    await controller.close();
  });

  it('adds a new tab to the strip and follows it', async () => {
    const viewer = await openViewer(viewerUrl(session.session_id, sign(session.session_id, 'control')));
    await sessionPage().evaluate((url) => window.open(url), sites.url('forms.html'));
    await expect.poll(() => viewer.locator('.tab').count()).toBe(2);
    await expect.poll(() => viewer.locator('#url').textContent()).toBe(sites.url('forms.html'));
    await viewer.locator('.tab').first().click();
    await expect.poll(() => viewer.locator('#url').textContent()).toBe(sites.url('viewer-input.html'));
    await viewer.close();
  });

  it('reconnects by itself when the connection drops', async () => {
    const viewer = await user.newPage();
    let connections = 0;
    await viewer.routeWebSocket(/\/viewer\/stream/, (socket) => {
      connections += 1;
      socket.connectToServer();
      // The first connection drops soon after it opened, as on a flaky network.
      if (connections === 1) setTimeout(() => void socket.close({ code: 1001, reason: 'network drop' }), 500);
    });
    await viewer.goto(viewerUrl(session.session_id, sign(session.session_id, 'view')));
    await expect.poll(() => connections).toBe(2);
    const framesAfterDrop = Number(await viewer.locator('#screen').getAttribute('data-frames'));
    await sessionPage().evaluate(() => (document.title = 'After the drop'));
    await expect
      .poll(async () => Number(await viewer.locator('#screen').getAttribute('data-frames')))
      .toBeGreaterThan(framesAfterDrop);
    expect(await viewer.locator('#status').textContent()).toBe('Live');
    await viewer.close();
  });

  it('refuses a viewer without a token or with the token of another session', async () => {
    const noToken = await fetch(`${service.url}/sessions/${session.session_id}/viewer`);
    expect(noToken.status).toBe(401);
    const other = await startSession(service);
    const crossed = await fetch(viewerUrl(session.session_id, sign(other.session_id, 'control')));
    expect(crossed.status).toBe(403);
    expect(await crossed.json()).toMatchObject({ message: 'Token of another session' });
    const cdpScope = await fetch(viewerUrl(session.session_id, sign(session.session_id, 'cdp')));
    expect(cdpScope.status).toBe(403);
    await stopSession(service, other.session_id);
  });

  it('says so when the session ends', async () => {
    const ending = await startSession(service);
    const viewer = await openViewer(ending.viewer_url!);
    await stopSession(service, ending.session_id);
    await expect.poll(() => viewer.locator('#ended').isVisible()).toBe(true);
    expect(await viewer.locator('#status').textContent()).toBe('Ended');
    await viewer.close();
  });
});
