import type { BrowserContext } from 'playwright-core';

const normalizeHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');

/** Hosts from the comma-separated setting, normalized as URL hostnames compare. */
export function parseBlockedHosts(setting: string): Set<string> {
  return new Set(setting.split(',').map(normalizeHost).filter(Boolean));
}

/**
 * Aborts every request of the context to a blocked host (cloud metadata endpoints by default), so no
 * session can read the machine's credentials, whatever page or script asks.
 */
export async function blockHosts(context: BrowserContext, blocked: Set<string>): Promise<void> {
  if (blocked.size === 0) return;
  await context.route(
    (url) => blocked.has(normalizeHost(url.hostname)),
    (route) => route.abort('blockedbyclient'),
  );
}
