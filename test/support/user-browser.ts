import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { quietChromiumFlags } from '../../src/service/browsers/chromium-launch';

export interface UserBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/** A Chromium standing for the person in a test (opening a viewer, a sign-in page), writing only to a temp dir. */
export async function launchUserBrowser(): Promise<UserBrowser> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-user-browser-'));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...quietChromiumFlags],
    env: { ...process.env, XDG_CONFIG_HOME: dir, XDG_CACHE_HOME: dir },
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    },
  };
}
