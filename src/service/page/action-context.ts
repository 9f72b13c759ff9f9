import type { Page } from 'playwright-core';
import type { PageAction } from '../../shared/page';
import type { LiveSession } from '../sessions/live-session';
import type { CaptchaSolver } from './captcha/captcha-solver';
import type { ElementTarget } from './element-target';
import type { SessionFiles } from './session-files';
import type { Scraper } from './scrape/scraper';

/** What one action needs: the session, its active tab, and the collaborators some actions call. */
export interface ActionContext {
  session: LiveSession;
  page: Page;
  /** Time limit of waits inside the action, milliseconds. */
  timeoutMs: number;
  /** The element an element action names (by id or selector). */
  target(action: { id?: string; selector?: string }): ElementTarget;
  files: SessionFiles;
  captcha: CaptchaSolver;
  scraper: Scraper;
  evaluateMaxBytes: number;
}

/** What a successful action reports back; `selector` is the stable one exported workflow code replays. */
export interface ActionOutcome {
  message: string;
  data?: unknown;
  selector?: string;
}

/** A failure the action itself detects (no captcha widget, no such tab): reported as success:false. */
export class ActionFailure extends Error {
  constructor(
    message: string,
    readonly exception: string = message,
  ) {
    super(message);
    this.name = 'ActionFailure';
  }
}

export type ActionHandler<T extends PageAction['type']> = (
  action: Extract<PageAction, { type: T }>,
  context: ActionContext,
) => Promise<ActionOutcome>;
