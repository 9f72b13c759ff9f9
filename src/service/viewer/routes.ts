import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LiveRouteContext } from '../http/live-route-context';
import { SessionConnections } from '../http/session-connections';
import { requireTokenSession } from '../http/session-token-guard';
import type { LiveSession } from '../sessions/live-session';
import { ViewerConnection } from './viewer-connection';
import { renderViewerPage, viewerSecurityHeaders } from './viewer-page';

interface ViewerQuery {
  mode?: string;
  tab?: string;
}

/** The running session a viewer token opens, and whether this viewer may send input. */
function viewerTarget(
  context: LiveRouteContext,
  request: FastifyRequest,
): { session: LiveSession; canControl: boolean } {
  const { session, scope } = requireTokenSession(context, request, ['view', 'control']);
  const { mode } = request.query as ViewerQuery;
  return { session, canControl: scope === 'control' && mode !== 'view' };
}

/**
 * `GET /sessions/{id}/viewer?token=` (the page of `viewer_url`) and `ws /sessions/{id}/viewer/stream?token=`
 * (its frames, tabs and input). `view` tokens and `?mode=view` watch only; `control` tokens also drive.
 */
export function registerViewerRoutes(app: FastifyInstance, context: LiveRouteContext): void {
  const viewers = new SessionConnections<ViewerConnection>();
  context.liveSessions.subscribe({
    onEnd: (session) => viewers.endAll(session.id, (viewer) => viewer.end('The session has ended')),
  });

  app.get('/sessions/:session_id/viewer', async (request, reply) => {
    const { session } = viewerTarget(context, request);
    const nonce = randomBytes(16).toString('base64');
    reply.headers(viewerSecurityHeaders(nonce, context.settings.SVC_VIEWER_FRAME_ANCESTORS));
    return reply.type('text/html; charset=utf-8').send(renderViewerPage(session.id, nonce));
  });

  const preValidation = async (request: FastifyRequest) => {
    viewerTarget(context, request);
  };
  app.get('/sessions/:session_id/viewer/stream', { websocket: true, preValidation }, (socket, request) => {
    const { session, canControl } = viewerTarget(context, request);
    const tab = Number((request.query as ViewerQuery).tab);
    const viewer = new ViewerConnection(socket, session, canControl, Number.isInteger(tab) ? tab : undefined);
    viewers.add(session.id, viewer, socket);
  });
}
