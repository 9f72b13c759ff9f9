import type { LiveSession } from '../sessions/live-session';

const known = new WeakMap<LiveSession, Promise<string>>();

/** The CDP `browserContextId` of a session's context, as the browser knows it (asked once per session). */
export function browserContextIdOf(session: LiveSession): Promise<string> {
  let id = known.get(session);
  if (!id) {
    id = (async () => {
      const cdp = await session.context.newCDPSession(session.activePage());
      try {
        const { targetInfo } = await cdp.send('Target.getTargetInfo');
        if (!targetInfo.browserContextId)
          throw new Error('the browser reported no context for the session page');
        return targetInfo.browserContextId;
      } finally {
        await cdp.detach().catch(() => undefined);
      }
    })();
    id.catch(() => known.delete(session));
    known.set(session, id);
  }
  return id;
}
