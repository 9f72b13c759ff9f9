import type { FastifyInstance } from 'fastify';
import type { LiveRouteContext } from '../http/live-route-context';
import { FrameBudget } from './frame-budget';
import { ReplayFiles } from './replay-files';
import { ReplayService } from './replay-service';

const cleanupEveryMs = 3_600_000;

/**
 * Records every session's screencast from its start to its end, closes recordings a crash left open, and
 * deletes those past `SVC_REPLAY_RETENTION_DAYS` every hour.
 */
export function setupReplayRecording(app: FastifyInstance, context: LiveRouteContext): ReplayService {
  const budget = new FrameBudget(context.settings.SVC_REPLAY_TOTAL_FPS);
  const replays = new ReplayService(
    new ReplayFiles(context.settings.SVC_DATA_DIR),
    context.tokens,
    context.settings.SVC_REPLAY_RETENTION_DAYS,
    budget,
  );
  context.liveSessions.subscribe({
    onStart: (session) => {
      replays
        .startRecording(session)
        .catch((error: unknown) => app.log.warn({ err: error }, 'replay recording failed'));
    },
    onEnd: (session) => replays.stopRecording(session),
  });
  const cleanUp = () => {
    replays.deleteExpired().catch((error: unknown) => app.log.warn({ err: error }, 'replay clean-up failed'));
  };
  const cleanupTimer = setInterval(cleanUp, cleanupEveryMs).unref();
  app.addHook('onReady', async () => {
    await replays.closeAbandoned();
    cleanUp();
  });
  app.addHook('onClose', async () => {
    clearInterval(cleanupTimer);
    budget.stop();
  });
  return replays;
}
