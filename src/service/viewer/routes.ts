import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import type { LiveRouteContext } from '../http/live-route-context';
import { requireSessionToken } from '../http/session-token-guard';
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
  const { session_id: sessionId } = request.params as { session_id: string };
  const scope = requireSessionToken(context.tokens, request, sessionId, ['view', 'control']);
  const session = context.liveSessions.findById(sessionId);
  if (!session)
    throw new AppError('session_not_found', 'Session not found', `Session ${sessionId} is not running`);
  const { mode } = request.query as ViewerQuery;
  return { session, canControl: scope === 'control' && mode !== 'view' };
}

/**
 * `GET /sessions/{id}/viewer?token=` (the page of `viewer_url`) and `ws /sessions/{id}/viewer/stream?token=`
 * (its frames, tabs and input). `view` tokens and `?mode=view` watch only; `control` tokens also drive.
 */
export function registerViewerRoutes(app: FastifyInstance, context: LiveRouteContext): void {
  const viewers = new Map<string, Set<ViewerConnection>>();
  context.liveSessions.subscribe({
    onEnd: (session) => {
      for (const viewer of viewers.get(session.id) ?? []) viewer.end('The session has ended');
      viewers.delete(session.id);
    },
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
    const open = viewers.get(session.id) ?? new Set<ViewerConnection>();
    open.add(viewer);
    viewers.set(session.id, open);
    socket.on('close', () => open.delete(viewer));
  });
}
