import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import { wsBaseUrl, type LiveRouteContext } from '../http/live-route-context';
import { SessionConnections } from '../http/session-connections';
import { requireTokenSession } from '../http/session-token-guard';
import type { LiveSession } from '../sessions/live-session';
import { browserContextIdOf } from './browser-context-id';
import { CdpProxy } from './cdp-proxy';
import { pageEndpointOf, pipeToPage, targetIdOf } from './page-target';

/** The running session a CDP token opens, with the browser endpoint to proxy to. */
function cdpTarget(
  context: LiveRouteContext,
  request: FastifyRequest,
): { session: LiveSession; endpoint: string } {
  const { session } = requireTokenSession(context, request, ['cdp']);
  const endpoint = session.browserCdpEndpoint();
  if (!endpoint)
    throw new AppError(
      'not_supported',
      'No CDP access',
      'The browser of this session offers no CDP endpoint',
    );
  return { session, endpoint };
}

/**
 * `ws /sessions/{id}/cdp?token=`: a CDP endpoint that Playwright's `connectOverCDP` and Puppeteer's `connect`
 * accept, reaching only this session's browser context; plus the `/json/version` discovery document that
 * clients given an http URL ask for first.
 */
export function registerCdpRoutes(app: FastifyInstance, context: LiveRouteContext): void {
  const open = new SessionConnections<CdpProxy>();
  context.liveSessions.subscribe({
    // Learnt while the client is still reading the start response, so connecting does not wait for it.
    onStart: (session) => {
      browserContextIdOf(session).catch(() => undefined);
    },
    onEnd: (session) => {
      open.endAll(session.id, (proxy) => proxy.close('session ended'));
    },
  });

  const preValidation = async (request: FastifyRequest) => {
    cdpTarget(context, request);
  };
  app.get('/sessions/:session_id/cdp', { websocket: true, preValidation }, (socket, request) => {
    const { session, endpoint } = cdpTarget(context, request);
    CdpProxy.open(socket, endpoint, browserContextIdOf(session)).then(
      (proxy) => open.add(session.id, proxy, socket),
      (error: unknown) => {
        request.log.warn({ err: error, sessionId: session.id }, 'CDP proxy could not reach the browser');
        socket.close(1011, 'the session browser is not reachable');
      },
    );
  });

  app.get(
    '/sessions/:session_id/cdp/page/:target_id',
    { websocket: true, preValidation },
    (socket, request) => {
      const { session, endpoint } = cdpTarget(context, request);
      const { target_id: targetId } = request.params as { target_id: string };
      // Only a tab of this session may be reached; anything else is closed like a target that does not exist.
      const tabIds = Promise.all(session.tabs().map((page) => targetIdOf(page).catch(() => '')));
      pipeToPage(
        socket,
        tabIds.then((ids) => (ids.includes(targetId) ? pageEndpointOf(endpoint, targetId) : undefined)),
      );
    },
  );

  const version = async (request: FastifyRequest) => {
    const { session } = cdpTarget(context, request);
    const { token } = request.query as { token: string };
    const browser = session.context.browser();
    return {
      Browser: `Chrome/${browser?.version() ?? ''}`,
      'Protocol-Version': '1.3',
      webSocketDebuggerUrl: `${wsBaseUrl(context.publicUrl)}/sessions/${session.id}/cdp?token=${encodeURIComponent(token)}`,
    };
  };
  app.get('/sessions/:session_id/cdp/json/version', version);
  app.get('/sessions/:session_id/cdp/json/version/', version);
}
