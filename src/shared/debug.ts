import { z } from 'zod';
import { defineOperation } from './contract';

export const debugTabSchema = z.object({
  metadata: z.object({ tab_id: z.number().int(), title: z.string(), url: z.string() }),
  debug_url: z.string().describe('Live viewer of this tab (token-signed, control scope)'),
  ws_url: z.string().describe('CDP WebSocket of this tab alone (token-signed)'),
});

export const sessionDebugSchema = z.object({
  debug_url: z.string().describe('Live viewer of the session (token-signed, control scope)'),
  ws: z.object({
    cdp: z.string().describe('CDP WebSocket of the session (Playwright connectOverCDP, Puppeteer connect)'),
    recording: z.string().describe('WebSocket of the live screencast the viewer shows'),
    logs: z.string().describe('WebSocket of the live event stream: steps and network entries as they happen'),
  }),
  tabs: z.array(debugTabSchema),
});
export type SessionDebug = z.infer<typeof sessionDebugSchema>;

export const debugOperations = {
  getSessionDebug: defineOperation({
    id: 'getSessionDebug',
    method: 'GET',
    path: '/sessions/{session_id}/debug',
    summary: 'Live debugging URLs of a running session: viewer, CDP, screencast and event streams, per tab',
    tag: 'sessions',
    auth: 'key',
    params: z.strictObject({ session_id: z.string() }),
    response: sessionDebugSchema,
  }),
} as const;
