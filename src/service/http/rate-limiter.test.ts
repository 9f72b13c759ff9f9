import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows the limit per window, then refuses until the window resets', () => {
    const limiter = new RateLimiter(2, 10_000);
    const start = 1_000_000;
    expect(limiter.hit('a', start)).toMatchObject({ remaining: 1, isExceeded: false });
    expect(limiter.hit('a', start + 1)).toMatchObject({ remaining: 0, isExceeded: false });
    expect(limiter.hit('a', start + 2)).toMatchObject({ remaining: 0, isExceeded: true, retryAfterS: 10 });
    expect(limiter.hit('a', start + 10_000)).toMatchObject({ remaining: 1, isExceeded: false });
  });

  it('keeps buckets apart and reports the reset as Unix seconds', () => {
    const limiter = new RateLimiter(1, 60_000);
    const now = 1_700_000_000_500;
    expect(limiter.hit('a', now).isExceeded).toBe(false);
    expect(limiter.hit('b', now).isExceeded).toBe(false);
    expect(limiter.hit('a', now).resetAt).toBe(Math.ceil((now + 60_000) / 1000));
  });
});
