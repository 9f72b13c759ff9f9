import type { ServiceSettings } from '../../shared/settings';
import type { LiveSessions } from '../sessions/live-session';
import { TwoCaptchaSolver, unconfiguredCaptchaSolver, type CaptchaSolver } from './captcha/captcha-solver';
import { ObservedElements } from './element-target';
import { PageService } from './page-service';
import { languageModelFrom } from './scrape/language-model';
import { Scraper } from './scrape/scraper';
import type { SessionFiles } from './session-files';

function captchaSolverFrom(settings: ServiceSettings): CaptchaSolver {
  const { SVC_CAPTCHA_API_URL: apiUrl, SVC_CAPTCHA_API_KEY: apiKey } = settings;
  if (!apiUrl || !apiKey) return unconfiguredCaptchaSolver;
  return new TwoCaptchaSolver({ apiUrl, apiKey, pollIntervalMs: settings.SVC_CAPTCHA_POLL_MS });
}

/** The page-actions domain, wired from settings: captcha solving service and language model when configured. */
export function createPageService(
  settings: ServiceSettings,
  liveSessions: LiveSessions,
  files: SessionFiles,
): PageService {
  return new PageService({
    liveSessions,
    elements: new ObservedElements(),
    environment: {
      files,
      captcha: captchaSolverFrom(settings),
      scraper: new Scraper(languageModelFrom(settings)),
      evaluateMaxBytes: settings.SVC_EVALUATE_JS_MAX_BYTES,
      defaultTimeoutMs: settings.SVC_ACTION_TIMEOUT_MS,
      captchaTimeoutMs: settings.SVC_CAPTCHA_TIMEOUT_MS,
    },
  });
}
