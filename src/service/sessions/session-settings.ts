import type { BrowserContextOptions } from 'playwright-core';
import type { SessionStartOptions } from '../../shared/sessions';
import type { ProxySettings } from '../browsers/proxy-pool';

export interface SessionDefaults {
  idleTimeoutMinutes: number;
  maxDurationMinutes: number;
}

/**
 * The two clocks of a new session. A given value wins; a default never contradicts it: the default idle
 * timeout shrinks to a shorter given lifetime, the default lifetime grows to a longer given idle timeout.
 */
export function sessionTimeouts(options: SessionStartOptions, defaults: SessionDefaults): SessionDefaults {
  const idle = options.idle_timeout_minutes ?? options.timeout_minutes;
  const maxDurationMinutes = options.max_duration_minutes ?? Math.max(defaults.maxDurationMinutes, idle ?? 0);
  return {
    idleTimeoutMinutes: idle ?? Math.min(defaults.idleTimeoutMinutes, maxDurationMinutes),
    maxDurationMinutes,
  };
}

/** Playwright context options of a session; undefined when it needs none, so a pre-warmed context serves it. */
export function contextOptionsFor(
  options: SessionStartOptions,
  proxy: ProxySettings | undefined,
): BrowserContextOptions | undefined {
  const contextOptions: BrowserContextOptions = {};
  if (proxy) contextOptions.proxy = proxy;
  if (options.user_agent) contextOptions.userAgent = options.user_agent;
  if (options.viewport_width && options.viewport_height) {
    contextOptions.viewport = { width: options.viewport_width, height: options.viewport_height };
  }
  if (options.extra_http_headers) contextOptions.extraHTTPHeaders = options.extra_http_headers;
  return Object.keys(contextOptions).length > 0 ? contextOptions : undefined;
}

/** The options as stored and shown: external proxy passwords never leave the start request. */
export function storableOptions(options: SessionStartOptions): SessionStartOptions {
  if (!Array.isArray(options.proxies)) return options;
  return { ...options, proxies: options.proxies.map(({ password: _password, ...proxy }) => proxy) };
}
