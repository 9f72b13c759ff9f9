import { z } from 'zod';
import { defineOperation } from './contract';
import { timestamp } from './common';

export const replaySchema = z.object({
  mp4_url: z.string().describe('Signed URL of the H.264 MP4; no API key needed, valid until expires_at'),
  expires_at: timestamp,
  video_start_ms: z.number().int().describe('When the first frame was recorded, Unix epoch milliseconds'),
  video_duration_ms: z.number().int().describe('Length of the video: up to now while the session is active'),
});
export type Replay = z.infer<typeof replaySchema>;

export const replayOperations = {
  getSessionReplay: defineOperation({
    id: 'getSessionReplay',
    method: 'GET',
    path: '/sessions/{session_id}/replay',
    summary: 'Video of the session so far (while active) or all of it (after it closed)',
    tag: 'sessions',
    auth: 'key',
    params: z.strictObject({ session_id: z.string() }),
    response: replaySchema,
  }),
} as const;
