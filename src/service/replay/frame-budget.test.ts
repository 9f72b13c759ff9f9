import { describe, expect, it } from 'vitest';
import { budgetShare, parseCpuMax, parseCpuUsageMs } from './frame-budget';

describe('budgetShare', () => {
  it('gives recordings the whole budget while the CPU has room', () => {
    expect(budgetShare(0)).toBe(1);
    expect(budgetShare(0.75)).toBe(1);
  });

  it('shrinks the budget as the CPU fills, down to a quarter at saturation', () => {
    const shares = [0.8, 0.85, 0.9].map(budgetShare);
    expect(shares[0]).toBeLessThan(1);
    expect(shares[1]).toBeLessThan(shares[0]!);
    expect(shares[2]).toBeLessThan(shares[1]!);
    expect(budgetShare(0.95)).toBeCloseTo(0.25);
    expect(budgetShare(1)).toBeCloseTo(0.25);
  });
});

describe('the CPU limit of a container (cgroup v2)', () => {
  it('reads the cores cpu.max allows, and no limit from "max"', () => {
    expect(parseCpuMax('150000 100000\n')).toBe(1.5);
    expect(parseCpuMax('max 100000\n')).toBeUndefined();
  });

  it('reads the CPU time the group used from cpu.stat, in ms', () => {
    expect(parseCpuUsageMs('usage_usec 2500000\nuser_usec 2000000\nsystem_usec 500000\n')).toBe(2500);
  });
});
