import type { FastifyInstance, FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import { AppError } from '../../shared/errors';
import type { LiveRouteContext } from '../http/live-route-context';
import { requireSessionToken } from '../http/session-token-guard';
import type { LiveSession } from '../sessions/live-session';

/** Code a client reads as "the session is over, do not reconnect". */
const sessionEndedCloseCode = 4000;

export type LiveEvent =
  | { type: 'step'; session_id: string; step: unknown }
  | { type: 'network'; session_id: string; entry: unknown }
  | { type: 'session_end'; session_id: string };

/** The caller's running session: by API key (or console cookie) of its account, or by a view/control token. */
async function eventsSession(context: LiveRouteContext, request: FastifyRequest): Promise<LiveSession> {
  const { session_id: sessionId } = request.params as { session_id: string };
  if (request.principal) return context.liveSessions.get(request.principal.accountId, sessionId);
  requireSessionToken(context.tokens, request, sessionId, ['view', 'control']);
  const session = context.liveSessions.findById(sessionId);
  if (!session)
    throw new AppError('session_not_found', 'Session not found', `Session ${sessionId} is not running`);
  return session;
}

/**
 * `ws /sessions/{id}/events`: the session's steps and network entries as they are recorded, for the desktop
 * panel; `{type: "session_end"}` is the last message.
 */
export function registerLiveEventRoutes(app: FastifyInstance, context: LiveRouteContext): void {
  const listeners = new Map<string, Set<WebSocket>>();
  const publish = (sessionId: string, event: LiveEvent) => {
    const text = JSON.stringify(event);
    for (const socket of listeners.get(sessionId) ?? []) socket.send(text);
  };
  context.liveSessions.subscribe({
    onStep: (session, step) => publish(session.id, { type: 'step', session_id: session.id, step }),
    onNetworkEntry: (session, entry) =>
      publish(session.id, { type: 'network', session_id: session.id, entry }),
    onEnd: (session) => {
      publish(session.id, { type: 'session_end', session_id: session.id });
      for (const socket of listeners.get(session.id) ?? [])
        socket.close(sessionEndedCloseCode, 'session ended');
      listeners.delete(session.id);
    },
  });

  const preValidation = async (request: FastifyRequest) => {
    await eventsSession(context, request);
  };
  app.get('/sessions/:session_id/events', { websocket: true, preValidation }, (socket, request) => {
    const { session_id: sessionId } = request.params as { session_id: string };
    if (!context.liveSessions.findById(sessionId)) {
      socket.send(JSON.stringify({ type: 'session_end', session_id: sessionId } satisfies LiveEvent));
      return socket.close(sessionEndedCloseCode, 'session ended');
    }
    const sockets = listeners.get(sessionId) ?? new Set<WebSocket>();
    sockets.add(socket);
    listeners.set(sessionId, sockets);
    socket.on('close', () => sockets.delete(socket));
  });
}
