import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../../../test/fixtures/sites/fixture-server';
import { quietChromiumFlags } from '../browsers/chromium-launch';
import { applyProfileState, captureProfileState } from './browser-profile-state';

interface ShownState {
  cookie: string;
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
}

/** What storage.html reports about its origin's storage, as a visitor would see it on load. */
async function shownState(page: Page): Promise<ShownState> {
  return JSON.parse((await page.locator('#state').textContent()) ?? '{}') as ShownState;
}

describe('profile state in and out of a real Chromium context', () => {
  let browser: Browser;
  const xdgDir = mkdtempSync(join(tmpdir(), 'svc-profile-state-'));
  let sites: FixtureServer;
  const contexts: BrowserContext[] = [];
  const newContext = async () => {
    const context = await browser.newContext();
    contexts.push(context);
    return context;
  };
  beforeAll(async () => {
    [browser, sites] = await Promise.all([
      chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: [...quietChromiumFlags],
        env: { ...process.env, XDG_CONFIG_HOME: xdgDir, XDG_CACHE_HOME: xdgDir },
      }),
      startFixtureServer(),
    ]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await Promise.all([browser?.close(), sites?.close()]);
    rmSync(xdgDir, { recursive: true, force: true });
  });

  it('captures cookies, localStorage and sessionStorage and restores them in a new context', async () => {
    const source = await newContext();
    const page = await source.newPage();
    await page.goto(sites.url('storage.html'));
    await page.evaluate(() => {
      document.cookie = 'visit=returning; path=/; max-age=3600';
      localStorage.setItem('theme', 'dark');
      sessionStorage.setItem('wizard_step', '3');
    });

    const state = await captureProfileState(source);
    const origin = new URL(sites.url('storage.html')).origin;
    expect(state.cookies).toEqual([
      expect.objectContaining({ name: 'visit', value: 'returning', domain: '127.0.0.1' }),
    ]);
    expect(state.origins).toEqual([
      {
        origin,
        localStorage: [{ name: 'theme', value: 'dark' }],
        sessionStorage: [{ name: 'wizard_step', value: '3' }],
      },
    ]);

    const target = await newContext();
    await applyProfileState(target, state);
    const restored = await target.newPage();
    await restored.goto(sites.url('storage.html'));
    expect(await shownState(restored)).toEqual({
      cookie: 'visit=returning',
      localStorage: { theme: 'dark' },
      sessionStorage: { wizard_step: '3' },
    });
    // Capturing the restored context gives the same state: nothing of ours leaks into what is saved.
    expect((await captureProfileState(target)).origins).toEqual(state.origins);
  });

  it("seeds sessionStorage into every new tab without overwriting the page's own writes", async () => {
    const origin = new URL(sites.url('storage.html')).origin;
    const context = await newContext();
    await applyProfileState(context, {
      cookies: [],
      origins: [{ origin, localStorage: [], sessionStorage: [{ name: 'token', value: 'abc' }] }],
    });
    const page = await context.newPage();
    await page.goto(sites.url('storage.html'));
    expect((await shownState(page)).sessionStorage).toEqual({ token: 'abc' });

    await page.evaluate(() => sessionStorage.setItem('token', 'refreshed'));
    await page.reload();
    expect((await shownState(page)).sessionStorage).toEqual({ token: 'refreshed' });

    const secondTab = await context.newPage();
    await secondTab.goto(sites.url('storage.html'));
    expect((await shownState(secondTab)).sessionStorage).toEqual({ token: 'abc' });
  });

  it('replaces whatever the context held before', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(sites.url('storage.html'));
    await page.evaluate(() => {
      document.cookie = 'stale=1; path=/; max-age=3600';
      localStorage.setItem('stale', '1');
    });
    await applyProfileState(context, { cookies: [], origins: [] });
    await page.reload();
    expect(await shownState(page)).toMatchObject({ cookie: '', localStorage: {} });
  });
});
