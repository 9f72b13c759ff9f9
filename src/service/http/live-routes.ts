import type { FastifyInstance } from 'fastify';
import { registerCdpRoutes } from '../cdp/routes';
import { registerDebugRoutes } from '../debug/routes';
import { registerLiveEventRoutes } from '../live-events/routes';
import { registerReplayRoutes } from '../replay/routes';
import { setupReplayRecording } from '../replay/setup-replay-recording';
import type { ServiceContext } from '../service-context';
import { registerViewerRoutes } from '../viewer/routes';
import type { LiveRouteContext } from './live-route-context';

/** The live domains' view of the service; `publicUrl` is read through, since it is known only once listening. */
export function liveRouteContext(context: ServiceContext): LiveRouteContext {
  return {
    settings: context.settings,
    tokens: context.tokens,
    liveSessions: context.sessions,
    get publicUrl() {
      return context.publicUrl;
    },
  };
}

/** Every endpoint acting on a running session from outside the API: CDP, viewer, replay, debug, events. */
export function registerLiveRoutes(app: FastifyInstance, context: LiveRouteContext): void {
  registerCdpRoutes(app, context);
  registerViewerRoutes(app, context);
  registerReplayRoutes(app, setupReplayRecording(app, context), context);
  registerDebugRoutes(app, context);
  registerLiveEventRoutes(app, context);
}
