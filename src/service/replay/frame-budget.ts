import { readFileSync } from 'node:fs';
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

/** CPU time used and CPU time there was, in ms since some origin: their differences give the load. */
interface CpuTimes {
  busy: number;
  total: number;
}

function machineCpuTimes(): CpuTimes {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    busy += all - times.idle;
    total += all;
  }
  return { busy, total };
}

/** The cores a cgroup v2 `cpu.max` ("quota period", or "max …" for none) allows; undefined without a limit. */
export function parseCpuMax(text: string): number | undefined {
  const [quota, period] = text.trim().split(/\s+/);
  const cores = Number(quota) / Number(period);
  return Number.isFinite(cores) && cores > 0 ? cores : undefined;
}

/** The CPU time a cgroup v2 `cpu.stat` says its processes used, in ms. */
export function parseCpuUsageMs(text: string): number {
  return Number(/^usage_usec (\d+)$/m.exec(text)?.[1] ?? 0) / 1000;
}

const readCgroup = (file: string) => readFileSync(`/sys/fs/cgroup/${file}`, 'utf8');

/**
 * Where the load is read: a container limited to some cores (`docker --cpus`) is saturated when it uses them,
 * however idle the host is, so its cgroup's usage against its quota; otherwise the machine's CPUs.
 */
function cpuTimesSource(): () => CpuTimes {
  let cores: number | undefined;
  try {
    cores = parseCpuMax(readCgroup('cpu.max'));
    parseCpuUsageMs(readCgroup('cpu.stat'));
  } catch {
    // No cgroup v2 here.
  }
  if (cores === undefined) return machineCpuTimes;
  const limit = cores;
  return () => ({ busy: parseCpuUsageMs(readCgroup('cpu.stat')), total: performance.now() * limit });
}

/**
 * Frames per second all replay recordings together may keep. Recording (a screencast: compositing, a JPEG per
 * frame, writing it) competes with the sessions' own work for the CPU; when the machine is busy, recordings
 * yield: fewer frames, so each action keeps its speed, and the frame after a burst still shows how it ended.
 */
export class FrameBudget {
  private busy = 0;
  private readonly cpuTimes = cpuTimesSource();
  private last = this.cpuTimes();
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
    let now: CpuTimes;
    try {
      now = this.cpuTimes();
    } catch {
      return; // An unreadable sample leaves the load as it was.
    }
    const total = now.total - this.last.total;
    if (total > 0) this.busy += smoothing * ((now.busy - this.last.busy) / total - this.busy);
    this.last = now;
  }
}
