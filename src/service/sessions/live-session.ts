import type { BrowserContext, Page } from 'playwright-core';
import type { SessionStartOptions } from '../../shared/sessions';

/**
 * The seam between the sessions domain (which owns browsers and lifecycle) and the domains that act on
 * a running session: page actions, CDP access, the live viewer and replay.
 */

/** One recorded action of a session; `input` has secrets redacted before it gets here. */
export interface RecordedStep {
  type: string;
  input: Record<string, unknown>;
  success: boolean;
  message: string;
  data?: unknown;
  /** Stable Playwright selector the action used, for exported workflow code. */
  selector?: string;
  started_at: string;
  ended_at: string;
}

export interface LiveSession {
  readonly id: string;
  readonly accountId: string;
  /** The options the session was started with, fixed for its life. */
  readonly options: SessionStartOptions;
  readonly context: BrowserContext;
  /** The tab that page actions act on. */
  activePage(): Page;
  /** Open tabs, in the order they were opened. */
  tabs(): Page[];
  /** Makes tab `index` (0-based) the active one and brings it to front. */
  switchTab(index: number): Promise<Page>;
  /** Marks activity, resetting the idle timeout. */
  touch(): void;
  recordStep(step: RecordedStep): Promise<void>;
  /**
   * The browser's own CDP WebSocket (`ws://127.0.0.1:PORT/devtools/browser/...`; launch with
   * `--remote-debugging-port=0` and read it from the DevToolsActivePort file, or the remote `cdp_url`).
   * The service's CDP proxy (src/service/cdp) connects here and filters to this session's context.
   * Undefined when the browser offers none: the session then has no CDP access.
   */
  browserCdpEndpoint(): string | undefined;
}

/** One network log entry as the sessions domain records it (the wire shape of `/network/logs`). */
export type RecordedNetworkEntry = Record<string, unknown>;

export interface LiveSessionListener {
  onStart?(session: LiveSession): void;
  /** Called once, before the context is closed. */
  onEnd?(session: LiveSession): void | Promise<void>;
  /** Called after each step is recorded (the live event stream pushes it to the panel). */
  onStep?(session: LiveSession, step: RecordedStep): void;
  /** Called when a network entry is complete (status, sizes and timing known). */
  onNetworkEntry?(session: LiveSession, entry: RecordedNetworkEntry): void;
}

export interface LiveSessions {
  /** The running session of this account; 404 `session_not_found` if none, 409 `session_closed` if it ended. */
  get(accountId: string, sessionId: string): Promise<LiveSession>;
  /** The running session by id alone, for token-authenticated endpoints (viewer, CDP). */
  findById(sessionId: string): LiveSession | undefined;
  subscribe(listener: LiveSessionListener): void;
}
