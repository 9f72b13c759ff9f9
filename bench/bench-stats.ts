/** Milliseconds to one decimal, as the bench results report them. */
export const round = (ms: number) => Math.round(ms * 10) / 10;

/** The p-th percentile (nearest rank) of the values, rounded. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN);
}
