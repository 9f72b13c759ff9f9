import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerViewerRoutes } from '../../src/service/viewer/routes';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { startLiveTestApp, type LiveTestApp } from '../support/live-test-app';
import type { TestLiveSession } from '../support/test-live-sessions';

let app: LiveTestApp;
let sites: FixtureServer;
let session: TestLiveSession;
let user: BrowserContext;

const viewerUrl = (sessionId: string, token: string, extra = '') =>
  `${app.url}/sessions/${sessionId}/viewer?token=${encodeURIComponent(token)}${extra}`;

/** Opens the viewer like a user would, and waits for the first frame. */
async function openViewer(url: string): Promise<Page> {
  const page = await user.newPage();
  await page.goto(url);
  await expect.poll(() => page.locator('#screen').getAttribute('data-frames')).not.toBeNull();
  return page;
}

/** Clicks the viewer's image where the element `selector` of the session page is. */
async function clickThroughViewer(viewer: Page, selector: string): Promise<void> {
  const target = await session.activePage().locator(selector).boundingBox();
  const viewport = session.activePage().viewportSize()!;
  const screen = await viewer.locator('#screen').boundingBox();
  const x = screen!.x + ((target!.x + target!.width / 2) / viewport.width) * screen!.width;
  const y = screen!.y + ((target!.y + target!.height / 2) / viewport.height) * screen!.height;
  await viewer.mouse.click(x, y);
}

beforeAll(async () => {
  sites = await startFixtureServer();
  app = await startLiveTestApp(registerViewerRoutes);
  const { account } = await app.context.accounts.ensureOwner();
  session = await app.sessions.open(account.id);
  await session.activePage().goto(sites.url('viewer-input.html'));
  user = await app.cdpBrowser.browser.newContext({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await user?.close();
  await app?.close();
  await sites?.close();
});

describe('live viewer', () => {
  it('serves the page with a CSP that limits framing and shows live frames', async () => {
    const response = await fetch(viewerUrl(session.id, app.context.tokens.sign(session.id, 'view', 600)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const viewer = await openViewer(viewerUrl(session.id, app.context.tokens.sign(session.id, 'view', 600)));
    await expect.poll(() => viewer.locator('.tab.active').textContent()).toBe('Viewer input');
    await viewer.close();
  });

  it('clicks and types into the session page through the viewer', async () => {
    const viewer = await openViewer(
      viewerUrl(session.id, app.context.tokens.sign(session.id, 'control', 600)),
    );
    await clickThroughViewer(viewer, '#press');
    await expect.poll(() => session.activePage().title()).toBe('Pressed');

    await clickThroughViewer(viewer, '#name');
    await viewer.keyboard.type('Ada Lovelace');
    await expect.poll(() => session.activePage().inputValue('#name')).toBe('Ada Lovelace');
    await viewer.close();
  });

  it('ignores input from a read-only viewer', async () => {
    await session.activePage().fill('#name', '');
    const viewer = await openViewer(
      viewerUrl(session.id, app.context.tokens.sign(session.id, 'control', 600), '&mode=view'),
    );
    await clickThroughViewer(viewer, '#name');
    await viewer.keyboard.type('ignored');
    // A control viewer's keystrokes arrive within the same round trips; this one's never do.
    const controller = await openViewer(
      viewerUrl(session.id, app.context.tokens.sign(session.id, 'control', 600)),
    );
    await clickThroughViewer(controller, '#name');
    await controller.keyboard.type('x');
    await expect.poll(() => session.activePage().inputValue('#name')).toBe('x');
    await viewer.close();
    await controller.close();
  });

  it('adds a new tab to the strip and follows it', async () => {
    const viewer = await openViewer(
      viewerUrl(session.id, app.context.tokens.sign(session.id, 'control', 600)),
    );
    await session.activePage().evaluate((url) => window.open(url), sites.url('forms.html'));
    await expect.poll(() => viewer.locator('.tab').count()).toBe(2);
    await expect.poll(() => viewer.locator('#url').textContent()).toBe(sites.url('forms.html'));
    await viewer.locator('.tab').first().click();
    await expect.poll(() => viewer.locator('#url').textContent()).toBe(sites.url('viewer-input.html'));
    await viewer.close();
  });

  it('refuses a viewer without a token or with the token of another session', async () => {
    const noToken = await fetch(`${app.url}/sessions/${session.id}/viewer`);
    expect(noToken.status).toBe(401);
    const other = await app.sessions.open(session.accountId);
    const crossed = await fetch(viewerUrl(session.id, app.context.tokens.sign(other.id, 'control', 600)));
    expect(crossed.status).toBe(403);
    expect(await crossed.json()).toMatchObject({ message: 'Token of another session' });
    const cdpScope = await fetch(viewerUrl(session.id, app.context.tokens.sign(session.id, 'cdp', 600)));
    expect(cdpScope.status).toBe(403);
    await app.sessions.close(other);
  });

  it('says so when the session ends', async () => {
    const ending = await app.sessions.open(session.accountId);
    const viewer = await openViewer(viewerUrl(ending.id, app.context.tokens.sign(ending.id, 'view', 600)));
    await app.sessions.close(ending);
    await expect.poll(() => viewer.locator('#ended').isVisible()).toBe(true);
    expect(await viewer.locator('#status').textContent()).toBe('Ended');
    await viewer.close();
  });
});
