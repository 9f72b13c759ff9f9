import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { replayOperations } from '../../shared/replay';
import { addRoute } from '../http/route';
import type { LiveRouteContext } from '../http/live-route-context';
import { requireSessionToken } from '../http/session-token-guard';
import { ReplayFiles } from './replay-files';
import { ReplayService } from './replay-service';
import { requestedRange } from './video-range';

const cleanupEveryMs = 3_600_000;

/**
 * Records every session's screencast from its start; `GET /sessions/{id}/replay` encodes it to MP4 and
 * answers a signed `replay.mp4` URL. Recordings past `SVC_REPLAY_RETENTION_DAYS` are deleted hourly.
 */
export function registerReplayRoutes(app: FastifyInstance, context: LiveRouteContext): ReplayService {
  const replays = new ReplayService(
    new ReplayFiles(context.settings.SVC_DATA_DIR),
    context.tokens,
    context.settings.SVC_REPLAY_RETENTION_DAYS,
    context.settings.SVC_REPLAY_TOTAL_FPS,
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
  app.addHook('onClose', async () => clearInterval(cleanupTimer));

  addRoute(app, replayOperations.getSessionReplay, async ({ principal, params }) =>
    replays.replay(principal.accountId, params.session_id, context.publicUrl),
  );

  app.get('/sessions/:session_id/replay.mp4', async (request, reply) => {
    const { session_id: sessionId } = request.params as { session_id: string };
    requireSessionToken(context.tokens, request, sessionId, ['view', 'control']);
    const path = await replays.videoPath(sessionId);
    const { size } = await stat(path);
    const range = requestedRange(request.headers.range, size);
    reply
      .header('content-type', 'video/mp4')
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, no-store');
    if (!range) return reply.header('content-length', size).send(createReadStream(path));
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(createReadStream(path, range));
  });
  return replays;
}
