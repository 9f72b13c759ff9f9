import type { Page } from 'playwright-core';
import { AppError } from '../../shared/errors';
import { isElementAction, type ActionResult, type PageAction, type PageActionType } from '../../shared/page';
import type { LiveSession } from '../sessions/live-session';
import { ActionFailure, type ActionContext, type ActionHandler, type ActionOutcome } from './action-context';
import { actionHandlers } from './actions/action-handlers';
import type { ElementTarget } from './element-target';
import { redactAction } from './step-redaction';

export type ActionEnvironment = Omit<ActionContext, 'session' | 'page' | 'timeoutMs' | 'target'> & {
  defaultTimeoutMs: number;
  /** Waiting on a solving service takes longer than a click. */
  captchaTimeoutMs: number;
};

interface Failure {
  message: string;
  exception: string;
}

/** The first line of a Playwright error says what failed; the call log after it is for the exception field. */
function describeFailure(error: unknown, page: Page, crashed: boolean): Failure {
  if (error instanceof ActionFailure) return { message: error.message, exception: error.exception };
  const text = error instanceof Error ? error.message : String(error);
  if (crashed)
    return { message: 'The page crashed; the tab was reopened and the session goes on', exception: text };
  if (page.isClosed()) return { message: 'The tab was closed during the action', exception: text };
  const firstLine = text.split('\n')[0] ?? text;
  return { message: firstLine.replace(/^\w+\.\w+: /, ''), exception: text };
}

/** A crashed renderer cannot be driven again: put a fresh tab in its place so the session can go on. */
async function replaceCrashedTab(session: LiveSession, crashed: Page): Promise<void> {
  const index = session.tabs().indexOf(crashed);
  const fresh = await session.context.newPage();
  await crashed.close().catch(() => undefined);
  const freshIndex = session.tabs().indexOf(fresh);
  await session.switchTab(freshIndex >= 0 ? freshIndex : Math.max(0, index));
}

const MAX_STEP_DATA_BYTES = 2_048;

/** Steps are listed with every session: keep small results (a URL, a file name), not a page of markdown. */
const isSmall = (data: unknown) =>
  data !== undefined && Buffer.byteLength(JSON.stringify(data) ?? '') <= MAX_STEP_DATA_BYTES;

function timeoutFor(action: PageAction, environment: ActionEnvironment): number {
  if (action.timeout !== undefined) return action.timeout;
  return action.type === 'captcha_solve' ? environment.captchaTimeoutMs : environment.defaultTimeoutMs;
}

/**
 * Runs one action on the session's active tab and records it as a step. A failure in the page is an answer
 * (`success: false`); an id the session cannot resolve is an error of the request (AppError).
 */
export type TargetResolver = (page: Page, target: { id?: string; selector?: string }) => ElementTarget;

export async function runAction(
  session: LiveSession,
  action: PageAction,
  environment: ActionEnvironment,
  resolveTarget: TargetResolver,
): Promise<ActionResult> {
  session.touch();
  const page = session.activePage();
  const startedAt = new Date().toISOString();
  const target = isElementAction(action) ? resolveTarget(page, action) : undefined;
  const { defaultTimeoutMs: _default, captchaTimeoutMs: _captcha, ...collaborators } = environment;
  const context: ActionContext = {
    ...collaborators,
    session,
    page,
    timeoutMs: timeoutFor(action, environment),
    target: (named) => (named === action && target ? target : resolveTarget(page, named)),
  };
  const input = await redactAction(action, target);
  let outcome: ActionOutcome | undefined;
  let failure: Failure | undefined;
  let crashed = false;
  const onCrash = () => (crashed = true);
  page.on('crash', onCrash);
  try {
    const handler = actionHandlers[action.type] as ActionHandler<PageActionType>;
    outcome = await handler(action as never, context);
    if (action.press_enter) await session.activePage().keyboard.press('Enter');
  } catch (error) {
    if (error instanceof AppError) throw error;
    failure = describeFailure(error, page, crashed);
  } finally {
    page.off('crash', onCrash);
  }
  if (crashed) await replaceCrashedTab(session, page);
  const endedAt = new Date().toISOString();
  const selector = outcome?.selector ?? target?.selector;
  await session.recordStep({
    type: action.type,
    input,
    success: !failure,
    message: failure?.message ?? outcome?.message ?? '',
    ...(isSmall(outcome?.data) ? { data: outcome?.data } : {}),
    ...(selector ? { selector } : {}),
    started_at: startedAt,
    ended_at: endedAt,
  });
  return {
    action: input,
    success: !failure,
    message: failure?.message ?? outcome?.message ?? '',
    ...(outcome?.data !== undefined ? { data: outcome.data } : {}),
    ...(failure ? { exception: failure.exception } : {}),
    started_at: startedAt,
    ended_at: endedAt,
  };
}
