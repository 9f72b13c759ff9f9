import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../src/shared/sessions';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { launchUserBrowser, type UserBrowser } from '../support/user-browser';
import { startSession } from '../sessions/session-helpers';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

let service: TestService;
let sites: FixtureServer;
let session: SessionResponse;
let user: Browser;
let userBrowser: UserBrowser;

/** Whether a page of `embedderUrl` can show the viewer in an iframe (the browser enforces the CSP). */
async function canEmbed(embedderUrl: string): Promise<boolean> {
  const page = await user.newPage();
  await page.goto(`${embedderUrl}#${encodeURIComponent(session.viewer_url!)}`);
  // The embedding page itself loads either way; only the viewer inside may be refused.
  expect(await page.title()).toBe('Embeds a viewer');
  const frame = page.frameLocator('#viewer');
  const shown = await frame
    .locator('#screen')
    .waitFor({ state: 'attached', timeout: 3000 })
    .then(() => true)
    .catch(() => false);
  await page.close();
  return shown;
}

beforeAll(async () => {
  sites = await startFixtureServer();
  const allowedOrigin = new URL(sites.url('embed-viewer.html')).origin;
  service = await startTestService({ SVC_VIEWER_FRAME_ANCESTORS: allowedOrigin });
  session = await startSession(service);
  userBrowser = await launchUserBrowser();
  user = userBrowser.browser;
});

afterAll(async () => {
  await userBrowser?.close();
  await disposeTestService(service);
  await sites?.close();
});

describe('embedding the viewer', () => {
  it('is allowed for an origin in SVC_VIEWER_FRAME_ANCESTORS', async () => {
    expect(await canEmbed(sites.url('embed-viewer.html'))).toBe(true);
  });

  it('is refused for any other origin', async () => {
    // Same server, other origin: `localhost` is not `127.0.0.1`.
    expect(await canEmbed(sites.url('embed-viewer.html').replace('127.0.0.1', 'localhost'))).toBe(false);
  });
});
