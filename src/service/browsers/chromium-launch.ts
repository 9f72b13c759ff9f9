import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { AppError } from '../../shared/errors';
import { blockedHostsFlag } from './blocked-hosts';

/** Where Debian, Ubuntu and Chrome installs put the executable, in the order we try them. */
const knownChromiumPaths = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright itself runs headless) has no
 * browser UI behind its pages: measured here it takes about a third less CPU per action than full Chromium in
 * headless mode, and less memory per session.
 */
const knownHeadlessShellPaths = [
  // Debian's /usr/bin/chromium-headless-shell runs this one as a child of a shell that would outlive it; start it directly.
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium-headless-shell',
];

export interface ChromiumPaths {
  /** SVC_CHROMIUM_PATH */
  headed: string | undefined;
  /** SVC_CHROMIUM_HEADLESS_PATH */
  headless: string | undefined;
}

/**
 * The Chromium a browser of this kind launches: the one configured for it, else the headed one when configured (an
 * operator who names one Chromium means it for every session), else the headless shell when installed, else the first
 * full Chromium installed. A clear 503 when there is none.
 */
export function findChromium(configured: ChromiumPaths, headless: boolean): string {
  if (!headless) return findExecutable(configured.headed, knownChromiumPaths);
  return findExecutable(configured.headless ?? configured.headed, [
    ...knownHeadlessShellPaths,
    ...knownChromiumPaths,
  ]);
}

function findExecutable(configured: string | undefined, knownPaths: string[]): string {
  const found = configured ?? knownPaths.find((path) => existsSync(path));
  if (!found || !existsSync(found)) {
    throw new AppError(
      'browser_unavailable',
      'No Chromium found',
      `Install Chromium (apt-get install chromium) or set SVC_CHROMIUM_PATH (SVC_CHROMIUM_HEADLESS_PATH for headless sessions); looked at ${configured ?? knownPaths.join(', ')}`,
    );
  }
  return found;
}

/**
 * Flags for any Chromium of this project, the service's and the tests': no background traffic (the machines
 * it runs on may have no network beyond loopback), nothing Chromium updates by itself.
 */
export const quietChromiumFlags: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Flags every browser of the service runs with. */
export function chromiumArgs(debuggingPort: number, blockedHosts: Set<string>): string[] {
  return [
    ...quietChromiumFlags,
    ...blockedHostsFlag(blockedHosts),
    // AutofillServerCommunication: Autofill asks Google's servers about every form otherwise, traffic no
    // session asked for. WebUIOmnibox*Popup: every context's window otherwise preloads the address bar's
    // suggestion popup in a renderer of its own (~30 MiB PSS and a share of CPU per session, never shown headless).
    '--disable-features=AutofillServerCommunication,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
    // The service's CDP proxy connects here; loopback only, the port is never exposed.
    '--remote-debugging-address=127.0.0.1',
    `--remote-debugging-port=${debuggingPort}`,
  ];
}

/** Chromium writes config and caches under XDG dirs; keep them in the data dir, never the user's home. */
export function chromiumEnv(dataDir: string): Record<string, string> {
  const config = join(dataDir, 'browser', 'config');
  const cache = join(dataDir, 'browser', 'cache');
  mkdirSync(config, { recursive: true, mode: 0o700 });
  mkdirSync(cache, { recursive: true, mode: 0o700 });
  // Chromium needs PATH, DISPLAY, locale and the like from the service's own environment.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return { ...inherited, XDG_CONFIG_HOME: config, XDG_CACHE_HOME: cache };
}

/** A headed browser needs an X display; say so instead of letting Chromium fail obscurely. */
export function assertDisplayAvailable(): void {
  if (process.env.DISPLAY || process.env.WAYLAND_DISPLAY) return;
  throw new AppError(
    'browser_unavailable',
    'No display for a headed browser',
    'headless: false needs a display: run the service under Xvfb (e.g. `xvfb-run svc serve`) or set DISPLAY',
  );
}

/** A free loopback port for Chromium's DevTools endpoint. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The browser-level WebSocket of a DevTools endpoint given as ws:// or http:// (as `/json/version` tells). */
export async function browserWebSocketUrl(endpoint: string, timeoutMs = 5000): Promise<string> {
  if (/^wss?:\/\//.test(endpoint)) return endpoint;
  const response = await fetch(new URL('/json/version', endpoint), {
    signal: AbortSignal.timeout(timeoutMs),
  });
  const version = (await response.json()) as { webSocketDebuggerUrl?: string };
  if (!version.webSocketDebuggerUrl) throw new Error(`${endpoint} reports no webSocketDebuggerUrl`);
  return version.webSocketDebuggerUrl;
}
