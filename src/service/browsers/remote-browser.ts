import { chromium, type BrowserContextOptions } from 'playwright-core';
import { AppError } from '../../shared/errors';
import { blockHosts } from './blocked-hosts';
import { browserWebSocketUrl } from './chromium-launch';
import { ContextLease } from './context-lease';

const connectTimeoutMs = 10_000;

/**
 * Attaches to a browser someone else runs (a session's `cdp_url`). Without context options the session
 * drives the browser's own default context, as a remote session provider expects; with them it gets a
 * fresh context there. Releasing closes only what we created and disconnects.
 */
export async function attachRemoteBrowser(
  cdpUrl: string,
  options: BrowserContextOptions | undefined,
  blockedHosts: Set<string>,
): Promise<ContextLease> {
  const browser = await chromium
    .connectOverCDP(cdpUrl, { timeout: connectTimeoutMs })
    .catch((error: unknown) => {
      throw new AppError(
        'browser_unavailable',
        'Cannot connect to the cdp_url browser',
        `Connecting to ${new URL(cdpUrl).host} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
    });
  const ownsContext = options !== undefined;
  const context = ownsContext
    ? await browser.newContext(options)
    : (browser.contexts()[0] ?? (await browser.newContext()));
  await blockHosts(context, blockedHosts);
  const page = ownsContext ? await context.newPage() : (context.pages()[0] ?? (await context.newPage()));
  const endpoint = await browserWebSocketUrl(cdpUrl).catch(() => undefined);
  const lease = new ContextLease(context, page, endpoint, async () => {
    if (ownsContext) await context.close().catch(() => undefined);
    await browser.close().catch(() => undefined);
  });
  browser.on('disconnected', () => lease.notifyCrash('The remote browser (cdp_url) disconnected'));
  return lease;
}
