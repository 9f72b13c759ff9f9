import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../src/shared/sessions';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { startSession } from '../sessions/session-helpers';
import { chromiumFlags } from '../support/cdp-browser';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

let service: TestService;
let sites: FixtureServer;
let session: SessionResponse;
let user: Browser;
let userDir: string;

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
  userDir = mkdtempSync(join(tmpdir(), 'svc-viewer-embed-'));
  user = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: chromiumFlags,
    env: { ...process.env, XDG_CONFIG_HOME: userDir, XDG_CACHE_HOME: userDir },
  });
});

afterAll(async () => {
  await user?.close();
  await disposeTestService(service);
  await sites?.close();
  rmSync(userDir, { recursive: true, force: true });
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
