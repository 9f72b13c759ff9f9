import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser } from 'playwright-core';
import { quietChromiumFlags } from '../../src/service/browsers/chromium-launch';

export interface CdpBrowser {
  browser: Browser;
  /** `ws://127.0.0.1:PORT/devtools/browser/...` */
  wsEndpoint: string;
  process: ChildProcess;
  close(): Promise<void>;
}

async function readActivePort(userDataDir: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      const [port, path] = readFileSync(join(userDataDir, 'DevToolsActivePort'), 'utf8').trim().split('\n');
      if (port && path) return `ws://127.0.0.1:${port}${path}`;
    } catch {
      // Chromium writes the file once it listens.
    }
    await sleep(25);
  }
  throw new Error('Chromium did not open its DevTools port');
}

/**
 * A system Chromium with a DevTools port, driven by Playwright over CDP: the shape a browser of the pool has
 * (a CDP endpoint the service's CDP proxy can reach), for tests that need real sessions before the pool lands
 * and for a second Chromium acting as a `cdp_url` provider.
 */
export async function launchCdpBrowser(executablePath = '/usr/bin/chromium'): Promise<CdpBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'svc-cdp-browser-'));
  const child = spawn(
    executablePath,
    [
      ...quietChromiumFlags,
      '--headless',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    // Its own process group, so closing ends Chromium's helper processes too, not only the main one.
    {
      stdio: 'ignore',
      detached: true,
      env: { ...process.env, XDG_CONFIG_HOME: userDataDir, XDG_CACHE_HOME: userDataDir },
    },
  );
  const wsEndpoint = await readActivePort(userDataDir);
  const browser = await chromium.connectOverCDP(wsEndpoint);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    browser,
    wsEndpoint,
    process: child,
    close: async () => {
      await browser.close().catch(() => undefined);
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
      await exited;
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    },
  };
}
