import { readdirSync, readFileSync } from 'node:fs';
import { round } from './bench-stats.js';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime on Linux. */
const ticksPerSecond = 100;

/** What a process of the service's tree is: the service itself, a Chromium process by its --type, or another tool. */
function processKind(pid: number, rootPid: number): string {
  if (pid === rootPid) return 'service';
  // Chromium rewrites its command line into one space-separated string.
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
  if (!/chrom|headless/.test(args[0] ?? '')) return args[0]?.split('/').pop() ?? 'other';
  const type = args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);
  if (!type) return 'chromium-browser';
  const service = args
    .find((arg) => arg.startsWith('--utility-sub-type='))
    ?.split('.')
    .pop();
  return `chromium-${type}${service ? `:${service}` : ''}`;
}

/**
 * CPU time used so far by a process and every descendant, in ms, by kind of process. Processes that ended are
 * missing from it, so take differences between two samples of a tree whose processes live through both.
 */
export function treeCpuMs(rootPid: number): Record<string, number> {
  const stats = new Map<number, string[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      stats.set(Number(entry), stat.slice(stat.lastIndexOf(')') + 2).split(' '));
    } catch {
      // The process ended while we looked.
    }
  }
  const parentOf = (pid: number) => Number(stats.get(pid)?.[1]);
  const inTree = (pid: number): boolean => pid === rootPid || (stats.has(pid) && inTree(parentOf(pid)));
  const byKind: Record<string, number> = {};
  for (const [pid, fields] of stats) {
    if (!inTree(pid)) continue;
    try {
      // Fields after the command: state(0) ppid(1) … utime(11) stime(12).
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
      const kind = processKind(pid, rootPid);
      byKind[kind] = (byKind[kind] ?? 0) + ms;
    } catch {
      // Gone meanwhile.
    }
  }
  return byKind;
}

/** CPU ms per kind of process spent between two samples, per action done meanwhile; kinds that spent none left out. */
export function cpuMsPerAction(
  before: Record<string, number>,
  after: Record<string, number>,
  actions: number,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after)
      .map(([kind, ms]) => [kind, round((ms - (before[kind] ?? 0)) / actions)] as const)
      .filter(([, ms]) => ms > 0)
      .sort((a, b) => b[1] - a[1]),
  );
}
