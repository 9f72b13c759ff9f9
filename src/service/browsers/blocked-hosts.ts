import { isIP } from 'node:net';
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
 * The flag that makes a browser of ours fail to resolve every blocked host (cloud metadata endpoints by default),
 * so no session can read the machine's credentials, whatever page, worker or WebSocket asks. Unlike a route, it
 * costs nothing per request and leaves the HTTP cache on. Chromium canonicalizes how a URL spells an IP (decimal,
 * hex) and a name's case before it resolves; a name's trailing dot it keeps, so that spelling gets a rule too.
 */
export function blockedHostsFlag(blocked: Set<string>): string[] {
  if (blocked.size === 0) return [];
  const spellings = [...blocked].flatMap((host) => (isIP(host) ? [host] : [host, `${host}.`]));
  return [`--host-resolver-rules=${spellings.map((host) => `MAP ${host} ~NOTFOUND`).join(', ')}`];
}

/**
 * Aborts every request of the context to a blocked host, for the contexts the flag above cannot cover: those of
 * a remote browser (`cdp_url`) and those behind a proxy, which resolves hosts itself. A route makes Playwright
 * pause every request of the context and turn its HTTP cache off, so it is kept to those.
 */
export async function blockHosts(context: BrowserContext, blocked: Set<string>): Promise<void> {
  if (blocked.size === 0) return;
  await context.route(
    (url) => blocked.has(normalizeHost(url.hostname)),
    (route) => route.abort('blockedbyclient'),
  );
}
