import { cpus } from 'node:os';

/** Below this share of the machine's CPU in use, recordings get their whole budget. */
const relaxedBusy = 0.75;
/** From this share on, recordings get only `floorShare` of it. */
const saturatedBusy = 0.95;
const floorShare = 0.25;
const sampleEveryMs = 1_000;
/** Weight of the newest second in the smoothed load: one untypical second moves the budget half-way, not all of it. */
const smoothing = 0.5;

/** Share of the frame budget recordings may use at a given CPU load (0–1): whole when relaxed, a quarter at saturation. */
export function budgetShare(busy: number): number {
  const pressure = (busy - relaxedBusy) / (saturatedBusy - relaxedBusy);
  return Math.min(1, Math.max(floorShare, 1 - pressure * (1 - floorShare)));
}

interface CpuTimes {
  busy: number;
  total: number;
}

function cpuTimes(): CpuTimes {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    busy += all - times.idle;
    total += all;
  }
  return { busy, total };
}

/**
 * Frames per second all replay recordings together may keep. Recording (a screencast: compositing, a JPEG per
 * frame, writing it) competes with the sessions' own work for the CPU; when the machine is busy, recordings
 * yield: fewer frames, so each action keeps its speed, and the frame after a burst still shows how it ended.
 */
export class FrameBudget {
  private busy = 0;
  private last = cpuTimes();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly totalFramesPerS: number) {
    this.timer = setInterval(() => this.sample(), sampleEveryMs).unref();
  }

  framesPerS(): number {
    // At least one frame a second in all: 0 would stop every recording for good.
    return Math.max(1, this.totalFramesPerS) * budgetShare(this.busy);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private sample(): void {
    const now = cpuTimes();
    const total = now.total - this.last.total;
    if (total > 0) this.busy += smoothing * ((now.busy - this.last.busy) / total - this.busy);
    this.last = now;
  }
}
