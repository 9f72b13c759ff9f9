import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionTimers, type TimerExpiry } from './session-timers';

const minute = 60_000;

describe('SessionTimers', () => {
  let expiries: TimerExpiry[];
  let timers: SessionTimers;

  beforeEach(() => {
    vi.useFakeTimers();
    expiries = [];
    timers = new SessionTimers({
      idleMs: 5 * minute,
      maxDurationMs: 30 * minute,
      onExpire: (e) => expiries.push(e),
    });
  });
  afterEach(() => {
    timers.clear();
    vi.useRealTimers();
  });

  it('ends an untouched session after the idle timeout', () => {
    vi.advanceTimersByTime(5 * minute - 1);
    expect(expiries).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expiries).toEqual(['idle_timeout']);
  });

  it('counts idle time from the last activity', () => {
    vi.advanceTimersByTime(4 * minute);
    timers.touch();
    vi.advanceTimersByTime(4 * minute);
    expect(expiries).toEqual([]);
    vi.advanceTimersByTime(1 * minute);
    expect(expiries).toEqual(['idle_timeout']);
  });

  it('ends a busy session at its maximum duration, once', () => {
    for (let elapsed = 0; elapsed < 40 * minute; elapsed += minute) {
      timers.touch();
      vi.advanceTimersByTime(minute);
    }
    expect(expiries).toEqual(['max_duration']);
  });

  it('fires nothing after clear', () => {
    timers.clear();
    vi.advanceTimersByTime(60 * minute);
    expect(expiries).toEqual([]);
  });
});
