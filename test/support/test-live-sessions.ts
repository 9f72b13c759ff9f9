import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { AppError } from '../../src/shared/errors';
import type {
  LiveSession,
  LiveSessionListener,
  LiveSessions,
  RecordedNetworkEntry,
  RecordedStep,
} from '../../src/service/sessions/live-session';
import type { CdpBrowser } from './cdp-browser';

/** A running session over a real BrowserContext of a real Chromium, as the sessions domain will hand it out. */
class TestLiveSession implements LiveSession {
  readonly id = `ses_${randomUUID().replaceAll('-', '')}`;
  private active: Page;

  constructor(
    readonly accountId: string,
    readonly context: BrowserContext,
    page: Page,
    private readonly wsEndpoint: string,
    private readonly listeners: LiveSessionListener[],
  ) {
    this.active = page;
    context.on('page', (opened) => {
      this.active = opened;
    });
  }

  activePage(): Page {
    return this.active;
  }

  tabs(): Page[] {
    return this.context.pages();
  }

  async switchTab(index: number): Promise<Page> {
    const page = this.tabs()[index];
    if (!page) throw new AppError('bad_request', `No tab ${index}`);
    this.active = page;
    await page.bringToFront();
    return page;
  }

  touch(): void {}

  async recordStep(step: RecordedStep): Promise<void> {
    for (const listener of this.listeners) listener.onStep?.(this, step);
  }

  recordNetworkEntry(entry: RecordedNetworkEntry): void {
    for (const listener of this.listeners) listener.onNetworkEntry?.(this, entry);
  }

  browserCdpEndpoint(): string {
    return this.wsEndpoint;
  }
}

export type { TestLiveSession };

/** LiveSessions over one CdpBrowser: `open()` starts a session (a fresh context with one page). */
export class TestLiveSessions implements LiveSessions {
  private readonly running = new Map<string, TestLiveSession>();
  private readonly ended = new Set<string>();
  private readonly listeners: LiveSessionListener[] = [];

  constructor(private readonly cdpBrowser: CdpBrowser) {}

  async open(accountId: string): Promise<TestLiveSession> {
    const context = await this.cdpBrowser.browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    const session = new TestLiveSession(accountId, context, page, this.cdpBrowser.wsEndpoint, this.listeners);
    this.running.set(session.id, session);
    for (const listener of this.listeners) listener.onStart?.(session);
    return session;
  }

  async close(session: TestLiveSession): Promise<void> {
    this.running.delete(session.id);
    this.ended.add(session.id);
    for (const listener of this.listeners) await listener.onEnd?.(session);
    await session.context.close();
  }

  async get(accountId: string, sessionId: string): Promise<LiveSession> {
    const session = this.running.get(sessionId);
    if (session && session.accountId === accountId) return session;
    if (this.ended.has(sessionId)) throw new AppError('session_closed', 'Session closed');
    throw new AppError('session_not_found', 'Session not found', `No session ${sessionId}`);
  }

  findById(sessionId: string): LiveSession | undefined {
    return this.running.get(sessionId);
  }

  subscribe(listener: LiveSessionListener): void {
    this.listeners.push(listener);
  }
}
