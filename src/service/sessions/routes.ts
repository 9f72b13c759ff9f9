import type { FastifyInstance } from 'fastify';
import { sessionOperations } from '../../shared/sessions';
import { addRoute } from '../http/route';
import { toHar } from './har';
import type { SessionsService } from './sessions-service';

export function registerSessionRoutes(app: FastifyInstance, sessions: SessionsService): void {
  addRoute(app, sessionOperations.startSession, async ({ principal, body }) =>
    sessions.start(principal.accountId, body),
  );
  addRoute(app, sessionOperations.listSessions, async ({ principal, query }) =>
    sessions.list(principal.accountId, query.only_active, query.page, query.page_size),
  );
  addRoute(app, sessionOperations.getSession, async ({ principal, params }) =>
    sessions.status(principal.accountId, params.session_id),
  );
  addRoute(app, sessionOperations.stopSession, async ({ principal, params }) =>
    sessions.stop(principal.accountId, params.session_id),
  );
  addRoute(app, sessionOperations.getSessionCookies, async ({ principal, params }) => ({
    cookies: await sessions.cookies(principal.accountId, params.session_id),
  }));
  addRoute(app, sessionOperations.setSessionCookies, async ({ principal, params, body }) => {
    await sessions.setCookies(principal.accountId, params.session_id, body.cookies);
    return { success: true, message: `${body.cookies.length} cookie(s) set` };
  });
  addRoute(app, sessionOperations.getSessionNetworkLogs, async ({ principal, params, query }) => {
    const log = await sessions.networkLog(principal.accountId, params.session_id);
    if (query.format === 'har') return toHar(log.entries);
    return {
      session_id: params.session_id,
      entries: log.entries,
      network_request_bytes: log.requestBytes,
      network_response_bytes: log.responseBytes,
    };
  });
}
