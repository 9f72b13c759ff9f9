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
 * It matches hosts as written, not what they resolve to: a name of someone else's that resolves to a blocked
 * address is not caught (nor was it by the route before).
 */
export function blockedHostsFlag(blocked: Set<string>): string[] {
  if (blocked.size === 0) return [];
  const spellings = [...blocked].flatMap((host) => (isIP(host) ? [host] : [host, `${host}.`]));
  return [`--host-resolver-rules=${spellings.map((host) => `MAP ${host} ~NOTFOUND`).join(', ')}`];
}

/** The variables Chromium on Linux takes a proxy from when none is configured (lower or upper case). */
const proxyVariables = ['http_proxy', 'https_proxy', 'all_proxy', 'auto_proxy', 'socks_server'];

/**
 * Whether the contexts of our browsers reach the web through a proxy: their own, or one from the service's
 * environment (which Chromium follows). A proxy resolves hosts itself, out of the flag's reach.
 */
export function resolvesThroughProxy(ownProxy: unknown, env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(ownProxy) || proxyVariables.some((name) => env[name] || env[name.toUpperCase()]);
}

/**
 * Aborts every request of the context to a blocked host, for the contexts the flag above cannot cover: those of
 * a remote browser (`cdp_url`) and those behind a proxy. A route makes Playwright pause every request of the
 * context and turn its HTTP cache off, so it is kept to those.
 */
export async function blockHosts(context: BrowserContext, blocked: Set<string>): Promise<void> {
  if (blocked.size === 0) return;
  await context.route(
    (url) => blocked.has(normalizeHost(url.hostname)),
    (route) => route.abort('blockedbyclient'),
  );
}
