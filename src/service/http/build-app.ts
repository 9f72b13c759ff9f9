import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { ServiceContext } from '../service-context';
import { registerAccountRoutes } from '../accounts/routes';
import { registerApiKeyRoutes } from '../api-keys/routes';
import { registerCliLoginRoutes } from '../cli-login/routes';
import { registerFileRoutes } from '../files/routes';
import { registerHealthRoutes } from '../health/routes';
import { registerPageRoutes } from '../page/routes';
import { registerProfileRoutes } from '../profiles/routes';
import { registerReferenceRoutes } from '../reference/routes';
import { registerSessionRoutes } from '../sessions/routes';
import { setupErrorHandling } from './error-handler';
import { liveRouteContext, registerLiveRoutes } from './live-routes';
import { createLogger, logCompletedRequest } from './logger';
import { setupRequestGuards } from './request-guards';

/** The Fastify app: cross-cutting HTTP concerns first, then one registration per domain. */
export async function buildApp(context: ServiceContext): Promise<FastifyInstance> {
  const { settings } = context;
  const app = Fastify({
    loggerInstance: createLogger(settings.SVC_LOG_LEVEL),
    // One line per request (below) instead of Fastify's two: logging is a large share of a request's cost.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    bodyLimit: settings.SVC_BODY_LIMIT_BYTES,
    forceCloseConnections: 'idle',
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', logCompletedRequest);
  await app.register(cookie);
  // One WebSocket server for every domain's live endpoints (CDP, viewer, event streams); 64 MiB fits CDP screenshots.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 * 1024, perMessageDeflate: false } });
  // JSON only (multipart is added where files are uploaded): any other body type is a 415.
  app.removeContentTypeParser('text/plain');
  setupErrorHandling(app);
  setupRequestGuards(app, {
    apiKeys: context.apiKeys,
    accounts: context.accounts,
    limit: settings.SVC_RATE_LIMIT,
    windowS: settings.SVC_RATE_LIMIT_WINDOW_S,
  });

  registerHealthRoutes(app);
  registerReferenceRoutes(app);
  registerAccountRoutes(app, context.accounts);
  registerApiKeyRoutes(app, context.apiKeys);
  registerCliLoginRoutes(app, context.accounts, context.apiKeys);
  registerProfileRoutes(app, context.profiles);
  registerSessionRoutes(app, context.sessions);
  registerPageRoutes(app, context.pages, context.sessions);
  registerFileRoutes(app, context.files);
  registerLiveRoutes(app, liveRouteContext(context));
  return app;
}
