import type { Page } from 'playwright-core';
import type { LiveSession } from '../sessions/live-session';

/**
 * The tab to show or record: the session's active tab, or the last one still open if that one just closed;
 * none once the session has no tab left (its browser died, it is ending). Safe to call from timers and
 * event handlers, where `activePage()`'s error for a tab-less session would go uncaught.
 */
export function openActiveTab(session: LiveSession): Page | undefined {
  const open = session.tabs().filter((tab) => !tab.isClosed());
  if (open.length === 0) return undefined;
  const active = session.activePage();
  return active.isClosed() ? open.at(-1) : active;
}
