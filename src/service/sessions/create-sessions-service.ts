import type { ServiceSettings } from '../../shared/settings';
import { parseBlockedHosts } from '../browsers/blocked-hosts';
import { BrowserPool } from '../browsers/browser-pool';
import { parseProxyPool, ProxyPool } from '../browsers/proxy-pool';
import { createLogger } from '../http/logger';
import type { SessionTokens } from '../http/signed-token';
import type { Store } from '../store/database';
import { sessionUrls } from './session-urls';
import { SessionsRepository } from './sessions-repository';
import { SessionsService, type ProfileStore } from './sessions-service';

export interface SessionsWiring {
  settings: ServiceSettings;
  store: Store;
  tokens: SessionTokens;
  profiles: ProfileStore;
  /** Read at request time: the public URL is known only once the service listens. */
  publicUrl: () => string;
}

/** The sessions domain with its browser pool, built from the settings. */
export function createSessionsService(wiring: SessionsWiring): SessionsService {
  const { settings } = wiring;
  const log = createLogger(settings.SVC_LOG_LEVEL).child({ domain: 'sessions' });
  const logError = (message: string, error: unknown) => log.error({ err: error }, message);
  return new SessionsService({
    repository: new SessionsRepository(wiring.store),
    pool: new BrowserPool({
      chromiumPaths: { headed: settings.SVC_CHROMIUM_PATH, headless: settings.SVC_CHROMIUM_HEADLESS_PATH },
      dataDir: settings.SVC_DATA_DIR,
      contextsPerProcess: Math.max(1, settings.SVC_BROWSER_CONTEXTS_PER_PROCESS),
      warmContexts: settings.SVC_BROWSER_WARM_CONTEXTS,
      warmContextsMax: settings.SVC_BROWSER_WARM_CONTEXTS_MAX,
      blockedHosts: parseBlockedHosts(settings.SVC_BLOCKED_HOSTS),
      logError,
    }),
    proxies: new ProxyPool(parseProxyPool(settings.SVC_PROXIES)),
    profiles: wiring.profiles,
    defaults: {
      idleTimeoutMinutes: Math.max(1, settings.SVC_SESSION_IDLE_TIMEOUT_MINUTES),
      maxDurationMinutes: Math.max(1, settings.SVC_SESSION_MAX_DURATION_MINUTES),
    },
    maxSessions: settings.SVC_MAX_SESSIONS,
    isCaptchaSolvingConfigured: Boolean(settings.SVC_CAPTCHA_API_URL && settings.SVC_CAPTCHA_API_KEY),
    urls: (sessionId, remainingS) => sessionUrls(wiring.tokens, wiring.publicUrl(), sessionId, remainingS),
    logError,
  });
}
