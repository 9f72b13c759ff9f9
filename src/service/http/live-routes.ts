import type { FastifyInstance } from 'fastify';
import { registerCdpRoutes } from '../cdp/routes';
import { registerDebugRoutes } from '../debug/routes';
import { registerLiveEventRoutes } from '../live-events/routes';
import { registerReplayRoutes } from '../replay/routes';
import { registerViewerRoutes } from '../viewer/routes';
import type { LiveRouteContext } from './live-route-context';

/** Every endpoint acting on a running session from outside the API: CDP, viewer, replay, debug, events. */
export function registerLiveRoutes(app: FastifyInstance, context: LiveRouteContext): void {
  registerCdpRoutes(app, context);
  registerViewerRoutes(app, context);
  registerReplayRoutes(app, context);
  registerDebugRoutes(app, context);
  registerLiveEventRoutes(app, context);
}
