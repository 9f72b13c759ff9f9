import type { BrowserContext, Page } from 'playwright-core';
import { AppError } from '../../shared/errors';
import type { NetworkEntry, SessionStartOptions } from '../../shared/sessions';
import type { ContextLease } from '../browsers/context-lease';
import type { LiveSession, RecordedStep } from './live-session';
import { NetworkRecorder } from './network-recorder';
import { SessionTimers, type TimerExpiry } from './session-timers';

export interface ActiveSessionInit {
  id: string;
  accountId: string;
  options: SessionStartOptions;
  createdAt: Date;
  idleTimeoutMinutes: number;
  maxDurationMinutes: number;
  lease: ContextLease;
}

/** What a running session reports back to the sessions service. */
export interface ActiveSessionEvents {
  onStep(session: ActiveSession, step: RecordedStep, seq: number): Promise<void>;
  onNetworkEntry(session: ActiveSession, entry: NetworkEntry): void;
  onExpire(session: ActiveSession, expiry: TimerExpiry): void;
}

const minuteMs = 60_000;

/** A running session: its browser context, tabs, clocks, network log and step counter. */
export class ActiveSession implements LiveSession {
  readonly id: string;
  readonly accountId: string;
  readonly options: SessionStartOptions;
  readonly createdAt: Date;
  readonly idleTimeoutMinutes: number;
  readonly maxDurationMinutes: number;
  readonly lease: ContextLease;
  readonly network: NetworkRecorder;
  /** Set once the session is ending, so every later stop waits for the same close. */
  ending: Promise<void> | undefined;
  private readonly timers: SessionTimers;
  private readonly openTabs: Page[] = [];
  private active: Page;
  private stepCount = 0;

  constructor(
    init: ActiveSessionInit,
    private readonly events: ActiveSessionEvents,
  ) {
    this.id = init.id;
    this.accountId = init.accountId;
    this.options = init.options;
    this.createdAt = init.createdAt;
    this.idleTimeoutMinutes = init.idleTimeoutMinutes;
    this.maxDurationMinutes = init.maxDurationMinutes;
    this.lease = init.lease;
    this.active = init.lease.page;
    this.timers = new SessionTimers({
      idleMs: init.idleTimeoutMinutes * minuteMs,
      maxDurationMs: init.maxDurationMinutes * minuteMs,
      onExpire: (expiry) => events.onExpire(this, expiry),
    });
    this.network = new NetworkRecorder(init.lease.context, (entry) => events.onNetworkEntry(this, entry));
    for (const page of init.lease.context.pages()) this.trackTab(page);
    init.lease.context.on('page', (page) => this.trackTab(page));
  }

  get context(): BrowserContext {
    return this.lease.context;
  }

  get lastAccessedAt(): Date {
    return this.timers.lastActivityAt;
  }

  activePage(): Page {
    if (this.active.isClosed()) {
      const last = this.openTabs.at(-1);
      if (!last)
        throw new AppError(
          'conflict',
          'No open tab',
          'Every tab of this session was closed; open one with goto_new_tab',
        );
      this.active = last;
    }
    return this.active;
  }

  tabs(): Page[] {
    return [...this.openTabs];
  }

  async switchTab(index: number): Promise<Page> {
    const page = this.openTabs[index];
    if (!page) {
      throw new AppError(
        'validation_failed',
        'No such tab',
        `Tab index ${index} is out of range: ${this.openTabs.length} tab(s) open`,
      );
    }
    this.active = page;
    await page.bringToFront();
    return page;
  }

  touch(): void {
    this.timers.touch();
  }

  async recordStep(step: RecordedStep): Promise<void> {
    this.touch();
    await this.events.onStep(this, step, ++this.stepCount);
  }

  browserCdpEndpoint(): string | undefined {
    return this.lease.cdpEndpoint;
  }

  stopTimers(): void {
    this.timers.clear();
  }

  private trackTab(page: Page): void {
    if (this.openTabs.includes(page)) return;
    this.openTabs.push(page);
    page.once('crash', () => void this.replaceCrashedTab(page));
    page.once('close', () => {
      const index = this.openTabs.indexOf(page);
      if (index >= 0) this.openTabs.splice(index, 1);
    });
  }

  /** A crashed tab cannot be used again: a fresh one takes its place (and its focus), so the session goes on. */
  private async replaceCrashedTab(crashed: Page): Promise<void> {
    const replacement = await this.context.newPage().catch(() => undefined);
    if (!replacement) return;
    const pushed = this.openTabs.indexOf(replacement);
    if (pushed >= 0) this.openTabs.splice(pushed, 1);
    const index = this.openTabs.indexOf(crashed);
    if (index >= 0) this.openTabs[index] = replacement;
    else this.openTabs.push(replacement);
    if (this.active === crashed) this.active = replacement;
    await crashed.close().catch(() => undefined);
  }
}
