import type { FastifyInstance } from 'fastify';
import { debugOperations } from '../../shared/debug';
import { addRoute } from '../http/route';
import type { LiveRouteContext } from '../http/live-route-context';
import { sessionDebug } from './session-debug';

/** `GET /sessions/{id}/debug`: the live URLs (viewer, CDP, screencast, events) of the caller's running session. */
export function registerDebugRoutes(app: FastifyInstance, context: LiveRouteContext): void {
  addRoute(app, debugOperations.getSessionDebug, async ({ principal, params }) => {
    const session = await context.liveSessions.get(principal.accountId, params.session_id);
    return sessionDebug(session, context.tokens, context.publicUrl);
  });
}
