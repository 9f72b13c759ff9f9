export interface WarmDemandConfig {
  /** Contexts kept warm at all times; 0 turns pre-warming off entirely. */
  baseline: number;
  /** Most contexts kept warm after a burst of starts. */
  ceiling: number;
  /** Starts this close together count as one burst. */
  burstWindowMs: number;
  /** A burst raises the warm target for this long after it was seen. */
  memoryMs: number;
}

export const defaultBurstWindowMs = 2_000;
export const defaultDemandMemoryMs = 5 * 60_000;

/**
 * How many default contexts the pool keeps warm: the baseline, raised to the largest burst of starts seen
 * recently (up to a ceiling), so the next burst of that size finds a ready context for every start instead of
 * queueing context creations in a browser that handles them one at a time.
 */
export class WarmDemand {
  private readonly recentStarts: number[] = [];
  private peak = 0;
  private peakAt = 0;

  constructor(private readonly config: WarmDemandConfig) {}

  /** Counts one start that asked for a default (warmable) context. */
  recordStart(now = Date.now()): void {
    if (this.config.baseline === 0) return;
    this.recentStarts.push(now);
    while (this.recentStarts[0]! <= now - this.config.burstWindowMs) this.recentStarts.shift();
    if (this.recentStarts.length >= this.currentPeak(now)) {
      this.peak = this.recentStarts.length;
      this.peakAt = now;
    }
  }

  /** Contexts to keep warm now. */
  target(now = Date.now()): number {
    if (this.config.baseline === 0) return 0;
    const burst = Math.min(this.currentPeak(now), this.config.ceiling);
    return Math.max(this.config.baseline, burst);
  }

  private currentPeak(now: number): number {
    return now - this.peakAt < this.config.memoryMs ? this.peak : 0;
  }
}
