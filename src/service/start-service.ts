import type { FastifyInstance } from 'fastify';
import type { ServiceSettings } from '../shared/settings';
import { bootstrapOwner } from './bootstrap-owner';
import { buildApp } from './http/build-app';
import { createServiceContext, type ServiceContext } from './service-context';
import { openStore } from './store/database';

export interface RunningService {
  app: FastifyInstance;
  /** Where it listens, e.g. http://127.0.0.1:8787 */
  url: string;
  /** The domain objects, for in-process embedding and tests that drive a session's browser directly. */
  context: ServiceContext;
  /** Stops accepting, lets in-flight requests finish, then closes the domains and the store. */
  stop(): Promise<void>;
}

export async function startService(settings: ServiceSettings): Promise<RunningService> {
  const store = await openStore(settings.SVC_DATA_DIR);
  const publicUrl = settings.SVC_PUBLIC_URL ?? `http://${settings.SVC_HOST}:${settings.SVC_PORT}`;
  const context = createServiceContext(settings, store, publicUrl);
  const app = await buildApp(context);
  try {
    await bootstrapOwner(context, app.log);
    const recovered = await context.sessions.recoverAfterRestart();
    if (recovered > 0)
      app.log.info({ sessions: recovered }, 'closed sessions left active by the previous run');
    await app.listen({ host: settings.SVC_HOST, port: settings.SVC_PORT });
  } catch (error) {
    await app.close();
    await context.sessions.shutdown();
    await store.destroy();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.SVC_PORT;
  const url = `http://${settings.SVC_HOST}:${port}`;
  if (!settings.SVC_PUBLIC_URL) context.publicUrl = url;
  return {
    app,
    url,
    context,
    stop: async () => {
      await app.close();
      await context.sessions.shutdown();
      await store.destroy();
    },
  };
}
