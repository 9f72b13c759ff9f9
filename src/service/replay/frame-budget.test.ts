import { describe, expect, it } from 'vitest';
import { budgetShare } from './frame-budget';

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
