import type { QueryInputOf } from '../shared/contract';
import type { Cookie, SessionResponse, SessionStartInput } from '../shared/sessions';
import { fileOperations, type StoredFile } from '../shared/files';
import { replayOperations, type Replay } from '../shared/replay';
import { sessionOperations } from '../shared/sessions';
import {
  pageOperations,
  type ActionResult,
  type PageActionInput,
  type ScrapeResponse,
  type WorkflowCode,
} from '../shared/page';
import type { z } from 'zod';
import type { BinaryResponse, HttpTransport, RequestInput } from './http-transport';

export type ObserveOptions = NonNullable<RequestInput<typeof pageOperations.observePage>['body']>;
export type Observation = z.infer<typeof pageOperations.observePage.response>;
export type ScrapeOptions = NonNullable<RequestInput<typeof pageOperations.scrapePage>['body']>;
export type ScreenshotOptions = NonNullable<RequestInput<typeof pageOperations.screenshotPage>['body']>;
export type WorkflowCodeOptions = QueryInputOf<typeof pageOperations.getWorkflowCode>;
export type NetworkLogOptions = QueryInputOf<typeof sessionOperations.getSessionNetworkLogs>;

/**
 * One browser session: `start()` it, act on it, `stop()` it. `use(fn)` and `await using` stop it for you,
 * also when `fn` throws.
 */
export class Session implements AsyncDisposable {
  private sessionId: string | undefined;
  private isStopped = false;
  /** The last SessionResponse seen (start, status or stop). */
  info: SessionResponse | undefined;

  constructor(
    private readonly transport: HttpTransport,
    private readonly startOptions: SessionStartInput = {},
    existingId?: string,
  ) {
    this.sessionId = existingId;
  }

  /** The session id; known after `start()` or when attached to an existing session. */
  get id(): string {
    if (!this.sessionId) throw new Error('The session has not been started: call start() first');
    return this.sessionId;
  }

  async start(): Promise<SessionResponse> {
    if (this.sessionId) throw new Error(`Session ${this.sessionId} is already started`);
    this.info = await this.transport.request(sessionOperations.startSession, { body: this.startOptions });
    this.sessionId = this.info.session_id;
    return this.info;
  }

  async stop(): Promise<SessionResponse> {
    this.info = await this.transport.request(sessionOperations.stopSession, { params: this.params });
    this.isStopped = true;
    return this.info;
  }

  async status(): Promise<SessionResponse> {
    this.info = await this.transport.request(sessionOperations.getSession, { params: this.params });
    return this.info;
  }

  /** Runs one page action. A failure in the page is `success: false`, not an exception. */
  execute(action: PageActionInput): Promise<ActionResult> {
    return this.transport.request(pageOperations.executeAction, { params: this.params, body: action });
  }

  observe(options: ObserveOptions = {}): Promise<Observation> {
    return this.transport.request(pageOperations.observePage, { params: this.params, body: options });
  }

  scrape(options: ScrapeOptions = {}): Promise<ScrapeResponse> {
    return this.transport.request(pageOperations.scrapePage, { params: this.params, body: options });
  }

  /** The image bytes and their content type. */
  screenshot(options: ScreenshotOptions = {}): Promise<BinaryResponse> {
    return this.transport.requestBinary(pageOperations.screenshotPage, {
      params: this.params,
      body: options,
    });
  }

  async cookies(): Promise<Cookie[]> {
    return (await this.transport.request(sessionOperations.getSessionCookies, { params: this.params }))
      .cookies;
  }

  setCookies(cookies: Cookie[]): Promise<{ success: boolean; message: string }> {
    return this.transport.request(sessionOperations.setSessionCookies, {
      params: this.params,
      body: { cookies },
    });
  }

  network(options: NetworkLogOptions = {}) {
    return this.transport.request(sessionOperations.getSessionNetworkLogs, {
      params: this.params,
      query: options,
    });
  }

  workflowCode(options: WorkflowCodeOptions = {}): Promise<WorkflowCode> {
    return this.transport.request(pageOperations.getWorkflowCode, { params: this.params, query: options });
  }

  /** The session's video so far (while active) or all of it: a signed MP4 URL that needs no key. */
  replay(): Promise<Replay> {
    return this.transport.request(replayOperations.getSessionReplay, { params: this.params });
  }

  /** Files the session downloaded. */
  async downloads(): Promise<StoredFile[]> {
    return (await this.transport.request(fileOperations.listDownloads, { params: this.params })).files;
  }

  /** The bytes of a file the session downloaded. */
  download(fileName: string): Promise<BinaryResponse> {
    return this.transport.requestBinary(fileOperations.getDownload, {
      params: { ...this.params, filename: fileName },
    });
  }

  /** Starts the session (unless already started), runs `fn`, and stops the session whatever happens. */
  async use<R>(fn: (session: Session) => Promise<R>): Promise<R> {
    if (!this.sessionId) await this.start();
    try {
      return await fn(this);
    } finally {
      await this.dispose();
    }
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }

  private async dispose(): Promise<void> {
    if (this.sessionId && !this.isStopped) await this.stop();
  }

  private get params() {
    return { session_id: this.id };
  }
}
