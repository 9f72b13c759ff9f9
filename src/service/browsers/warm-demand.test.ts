import { describe, expect, it } from 'vitest';
import { WarmDemand } from './warm-demand';

const config = { baseline: 2, ceiling: 10, burstWindowMs: 2_000, memoryMs: 60_000 };

describe('WarmDemand', () => {
  it('keeps the baseline warm while starts come one at a time', () => {
    const demand = new WarmDemand(config);
    for (let second = 0; second < 20; second += 1) demand.recordStart(second * 5_000);
    expect(demand.target(100_000)).toBe(2);
  });

  it('grows to the size of a burst, up to the ceiling', () => {
    const demand = new WarmDemand(config);
    for (let start = 0; start < 7; start += 1) demand.recordStart(1_000 + start * 10);
    expect(demand.target(1_100)).toBe(7);
    for (let start = 0; start < 30; start += 1) demand.recordStart(2_000 + start);
    expect(demand.target(2_100)).toBe(10);
  });

  it('falls back to the baseline once no burst has been seen for a while', () => {
    const demand = new WarmDemand(config);
    for (let start = 0; start < 8; start += 1) demand.recordStart(1_000);
    expect(demand.target(30_000)).toBe(8);
    expect(demand.target(61_001)).toBe(2);
  });

  it('keeps nothing warm when pre-warming is off', () => {
    const demand = new WarmDemand({ ...config, baseline: 0 });
    for (let start = 0; start < 8; start += 1) demand.recordStart(1_000);
    expect(demand.target(1_000)).toBe(0);
  });
});
