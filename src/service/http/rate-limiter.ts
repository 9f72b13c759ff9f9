export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Unix time, seconds, at which the window resets. */
  resetAt: number;
  isExceeded: boolean;
  /** Whole seconds until the window resets, at least 1. */
  retryAfterS: number;
}

interface Window {
  count: number;
  resetAtMs: number;
}

/** Fixed-window counter per bucket (API key, or client address when unauthenticated), in memory. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private nextSweepMs = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  hit(bucket: string, nowMs = Date.now()): RateLimitState {
    this.sweep(nowMs);
    let window = this.windows.get(bucket);
    if (!window || window.resetAtMs <= nowMs) {
      window = { count: 0, resetAtMs: nowMs + this.windowMs };
      this.windows.set(bucket, window);
    }
    window.count += 1;
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      resetAt: Math.ceil(window.resetAtMs / 1000),
      isExceeded: window.count > this.limit,
      retryAfterS: Math.max(1, Math.ceil((window.resetAtMs - nowMs) / 1000)),
    };
  }

  /** Drops expired windows now and then, so addresses seen once do not accumulate. */
  private sweep(nowMs: number): void {
    if (nowMs < this.nextSweepMs) return;
    this.nextSweepMs = nowMs + this.windowMs;
    for (const [bucket, window] of this.windows) if (window.resetAtMs <= nowMs) this.windows.delete(bucket);
  }
}
