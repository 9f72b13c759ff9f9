import { AppError } from '../../shared/errors';
import type { ProxiesOption } from '../../shared/sessions';

/** A proxy as Playwright's context option takes it. */
export interface ProxySettings {
  server: string;
  username?: string;
  password?: string;
  bypass?: string;
}

interface PoolProxy {
  country: string | undefined;
  proxy: ProxySettings;
}

/**
 * The operator's proxies from SVC_PROXIES: `[cc=]scheme://[user:pass@]host:port`, comma-separated, `cc` a
 * two-letter country. Credentials move out of the URL into Playwright's username/password.
 */
export function parseProxyPool(setting: string): PoolProxy[] {
  return setting
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const tagged = /^([a-zA-Z]{2})=(.+)$/.exec(item);
      const url = new URL(tagged ? tagged[2]! : item);
      const proxy: ProxySettings = { server: `${url.protocol}//${url.host}` };
      if (url.username) proxy.username = decodeURIComponent(url.username);
      if (url.password) proxy.password = decodeURIComponent(url.password);
      return { country: tagged?.[1]!.toLowerCase(), proxy };
    });
}

/** Picks proxies from the pool round-robin, per country when one is asked for. */
export class ProxyPool {
  private next = 0;

  constructor(private readonly pool: PoolProxy[]) {}

  /** The proxy a session's `proxies` option asks for; undefined for `false`. */
  resolve(option: ProxiesOption): ProxySettings | undefined {
    if (option === false) return undefined;
    if (Array.isArray(option)) {
      const [{ server, username, password, bypass }] = option as [(typeof option)[number]];
      return { server, username, password, bypass };
    }
    const country = option === true ? undefined : option;
    const candidates = this.pool.filter((entry) => !country || entry.country === country);
    if (candidates.length === 0) {
      throw new AppError(
        'not_supported',
        'No proxy available',
        country
          ? `The operator's proxy pool (SVC_PROXIES) has no proxy in country "${country}"`
          : 'The operator has configured no proxy pool (SVC_PROXIES)',
      );
    }
    return candidates[this.next++ % candidates.length]!.proxy;
  }
}
