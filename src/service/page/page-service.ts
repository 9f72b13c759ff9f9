import type { Page } from 'playwright-core';
import { AppError } from '../../shared/errors';
import type { ActionResult, ObservationBody, PageAction, ScrapeResponse } from '../../shared/page';
import type { z } from 'zod';
import type { observeRequestSchema, scrapeRequestSchema, screenshotRequestSchema } from '../../shared/page';
import type { LiveSession, LiveSessions } from '../sessions/live-session';
import { runAction, type ActionEnvironment } from './action-runner';
import { findCaptchaWidget } from './captcha/captcha-widget';
import { watchForCaptchas } from './captcha/captcha-watch';
import { resolveTarget, type ObservedElements } from './element-target';
import { inPage } from './in-page';
import { observePage } from './observe/observe-page';
import { focusObservation } from './observe-focus';
import type { TabInfo } from './observe/types';
import { SessionQueue } from './session-queue';

type ObserveRequest = z.infer<typeof observeRequestSchema>;

const observePollMs = 100;
const deepSettleMs = 2_000;

/** A `deep` observe first lets the page finish its requests (bounded), to see late content. */
async function settleNetwork(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: deepSettleMs }).catch(() => undefined);
}
type ScrapeRequest = z.infer<typeof scrapeRequestSchema>;
type ScreenshotRequest = z.infer<typeof screenshotRequestSchema>;

export interface PageServiceDependencies {
  liveSessions: LiveSessions;
  elements: ObservedElements;
  environment: ActionEnvironment;
}

/** Observe, act, scrape and screenshot on a running session, one request at a time per session. */
export class PageService {
  private readonly queue = new SessionQueue();

  constructor(private readonly deps: PageServiceDependencies) {
    deps.liveSessions.subscribe({ onEnd: (session) => deps.elements.forget(session.id) });
    watchForCaptchas(deps.liveSessions, (session) => this.solveCaptchaIfShown(session));
  }

  async observe(accountId: string, sessionId: string, request: ObserveRequest): Promise<ObservationBody> {
    return this.onSession(accountId, sessionId, async (session) => {
      const page = session.activePage();
      if (request.url)
        await pageWork(() =>
          page.goto(request.url ?? '', { timeout: this.deps.environment.defaultTimeoutMs }),
        );
      if (request.perception_type === 'deep') await settleNetwork(page);
      const { observation, elements } = await this.observeAtLeast(session, page, request.min_nb_actions ?? 0);
      this.deps.elements.remember(session.id, elements);
      const focused = focusObservation(observation, request);
      if (!request.screenshot) return focused;
      const image = await pageWork(() => page.screenshot({ type: 'png' }));
      return { ...focused, screenshot: image.toString('base64') };
    });
  }

  /** Observes again while the page shows fewer than `minActions` elements (still loading), up to the action timeout. */
  private async observeAtLeast(session: LiveSession, page: Page, minActions: number) {
    const deadline = Date.now() + this.deps.environment.defaultTimeoutMs;
    for (;;) {
      const observed = await pageWork(async () => observePage(page, await tabsOf(session)));
      const count = observed.observation.space.interaction_actions.length;
      if (count >= minActions || Date.now() >= deadline) return observed;
      await new Promise((resolve) => setTimeout(resolve, observePollMs));
    }
  }

  async execute(accountId: string, sessionId: string, action: PageAction): Promise<ActionResult> {
    return this.onSession(accountId, sessionId, (session) => this.run(session, action));
  }

  /**
   * `solve_captchas: true`: solves the CAPTCHA the active tab shows as a recorded `captcha_solve` step, in turn
   * with the session's requests; nothing when the page shows none or the session has ended.
   */
  solveCaptchaIfShown(session: LiveSession): Promise<ActionResult | undefined> {
    return this.queue.run(session.id, async () => {
      if (!this.deps.liveSessions.findById(session.id)) return undefined;
      const page = session.activePage();
      const widget = await page.evaluate(inPage(findCaptchaWidget, null)).catch(() => null);
      return widget ? this.run(session, { type: 'captcha_solve' }) : undefined;
    });
  }

  private run(session: LiveSession, action: PageAction): Promise<ActionResult> {
    return runAction(session, action, this.deps.environment, (page, target) =>
      resolveTarget(page, this.deps.elements, session.id, target),
    );
  }

  /** Scraping through its own endpoint is a step too, so exported workflow code repeats it. */
  async scrape(accountId: string, sessionId: string, request: ScrapeRequest): Promise<ScrapeResponse> {
    const result = await this.execute(accountId, sessionId, { type: 'scrape', ...request });
    if (!result.success) {
      throw new AppError('page_error', 'The page could not be scraped', result.exception ?? result.message);
    }
    return result.data as ScrapeResponse;
  }

  async screenshot(accountId: string, sessionId: string, request: ScreenshotRequest): Promise<Buffer> {
    return this.onSession(accountId, sessionId, (session) =>
      pageWork(() =>
        session.activePage().screenshot({
          fullPage: request.full_page,
          type: request.type,
          ...(request.type === 'jpeg' && request.quality ? { quality: request.quality } : {}),
        }),
      ),
    );
  }

  private async onSession<T>(
    accountId: string,
    sessionId: string,
    work: (session: LiveSession) => Promise<T>,
  ) {
    const session = await this.deps.liveSessions.get(accountId, sessionId);
    session.touch();
    return this.queue.run(session.id, () => work(session));
  }
}

async function tabsOf(session: LiveSession): Promise<TabInfo[]> {
  return Promise.all(
    session.tabs().map(async (tab: Page, index) => ({
      tab_id: index,
      title: await tab.title().catch(() => ''),
      url: tab.url(),
    })),
  );
}

/** Work on the page outside an action: a failure there is an error of the request, said plainly. */
async function pageWork<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const text = error instanceof Error ? error.message : String(error);
    throw new AppError('page_error', text.split('\n')[0] ?? 'The page failed', text);
  }
}
