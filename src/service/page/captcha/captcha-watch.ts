import type { Page } from 'playwright-core';
import type { LiveSession, LiveSessions } from '../../sessions/live-session';

/**
 * For sessions started with `solve_captchas: true`: every page load of the active tab asks `solveShown` to
 * solve a CAPTCHA the page shows. It is asked synchronously on the load event, so the solve is queued before
 * the client's next request on the session and that request sees the page with the token in place.
 */
export function watchForCaptchas(
  liveSessions: LiveSessions,
  solveShown: (session: LiveSession) => Promise<unknown>,
): void {
  liveSessions.subscribe({
    onStart: (session) => {
      if (!session.options.solve_captchas) return;
      const watch = (page: Page) => page.on('load', () => onLoad(session, page, solveShown));
      for (const page of session.tabs()) watch(page);
      session.context.on('page', watch);
    },
  });
}

function onLoad(session: LiveSession, page: Page, solveShown: (session: LiveSession) => Promise<unknown>) {
  // A background tab is solved once the client switches to it and it loads again; actions act on the active one.
  if (!session.tabs().includes(page) || safeActivePage(session) !== page) return;
  // Failed solves are recorded as captcha_solve steps; what is left here is a session that ended meanwhile.
  void solveShown(session).catch(() => undefined);
}

function safeActivePage(session: LiveSession): Page | undefined {
  try {
    return session.activePage();
  } catch {
    return undefined;
  }
}
