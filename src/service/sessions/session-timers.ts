export type TimerExpiry = 'idle_timeout' | 'max_duration';

export interface SessionTimersOptions {
  idleMs: number;
  maxDurationMs: number;
  onExpire: (expiry: TimerExpiry) => void;
}

/**
 * The two clocks of a session: idle time since the last activity, and total lifetime. `touch` is called on
 * every action, so it only notes the time; the idle timer re-arms itself for what is left when it fires.
 */
export class SessionTimers {
  private lastActivity = Date.now();
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly maxTimer: NodeJS.Timeout;
  private hasExpired = false;

  constructor(private readonly options: SessionTimersOptions) {
    this.maxTimer = setTimeout(() => this.expire('max_duration'), options.maxDurationMs);
    this.maxTimer.unref();
    this.armIdle(options.idleMs);
  }

  get lastActivityAt(): Date {
    return new Date(this.lastActivity);
  }

  touch(): void {
    this.lastActivity = Date.now();
  }

  clear(): void {
    this.hasExpired = true;
    clearTimeout(this.maxTimer);
    clearTimeout(this.idleTimer);
  }

  private armIdle(delayMs: number): void {
    this.idleTimer = setTimeout(() => this.checkIdle(), delayMs);
    this.idleTimer.unref();
  }

  private checkIdle(): void {
    const idleForMs = Date.now() - this.lastActivity;
    if (idleForMs >= this.options.idleMs) this.expire('idle_timeout');
    else this.armIdle(this.options.idleMs - idleForMs);
  }

  private expire(expiry: TimerExpiry): void {
    if (this.hasExpired) return;
    this.clear();
    this.options.onExpire(expiry);
  }
}
