/** One CDP protocol message in flat-session mode: a command, its response, or an event. */
export interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

export interface TargetInfo {
  targetId: string;
  browserContextId?: string;
  type?: string;
  url?: string;
  title?: string;
}

export const cdpError = (id: number | undefined, message: string, sessionId?: string): CdpMessage => ({
  id,
  error: { code: -32000, message },
  ...(sessionId ? { sessionId } : {}),
});
