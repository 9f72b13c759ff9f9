import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { replayOperations } from '../../shared/replay';
import { addRoute } from '../http/route';
import type { LiveRouteContext } from '../http/live-route-context';
import { requireSessionToken } from '../http/session-token-guard';
import type { ReplayService } from './replay-service';
import { requestedRange } from './video-range';

/** `GET /sessions/{id}/replay` encodes the recording to MP4 and answers a signed `replay.mp4` URL, served here. */
export function registerReplayRoutes(
  app: FastifyInstance,
  replays: ReplayService,
  context: LiveRouteContext,
): void {
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
}
