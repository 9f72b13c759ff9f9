import type { ServiceContext } from '../service-context';
import type { LiveSessions } from '../sessions/live-session';

/** What the routes acting on running sessions (CDP, viewer, replay, events) need of the service. */
export type LiveRouteContext = Pick<ServiceContext, 'settings' | 'tokens' | 'publicUrl'> & {
  liveSessions: LiveSessions;
};

/** The service's base URL as a WebSocket URL (`http` → `ws`, `https` → `wss`). */
export const wsBaseUrl = (publicUrl: string) => publicUrl.replace(/^http/, 'ws');
