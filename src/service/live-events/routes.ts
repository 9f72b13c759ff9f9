import type { FastifyInstance, FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import type { LiveRouteContext } from '../http/live-route-context';
import { SessionConnections } from '../http/session-connections';
import { requireTokenSession } from '../http/session-token-guard';
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
  return requireTokenSession(context, request, ['view', 'control']).session;
}

/**
 * `ws /sessions/{id}/events`: the session's steps and network entries as they are recorded, for the desktop
 * panel; `{type: "session_end"}` is the last message.
 */
export function registerLiveEventRoutes(app: FastifyInstance, context: LiveRouteContext): void {
  const listeners = new SessionConnections<WebSocket>();
  const publish = (sessionId: string, event: LiveEvent) => {
    const text = JSON.stringify(event);
    for (const socket of listeners.of(sessionId)) socket.send(text);
  };
  context.liveSessions.subscribe({
    onStep: (session, step) => publish(session.id, { type: 'step', session_id: session.id, step }),
    onNetworkEntry: (session, entry) =>
      publish(session.id, { type: 'network', session_id: session.id, entry }),
    onEnd: (session) => {
      publish(session.id, { type: 'session_end', session_id: session.id });
      listeners.endAll(session.id, (socket) => socket.close(sessionEndedCloseCode, 'session ended'));
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
    listeners.add(sessionId, socket, socket);
  });
}
