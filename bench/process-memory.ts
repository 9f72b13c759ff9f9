import { readdirSync, readFileSync } from 'node:fs';

/**
 * Memory of a process and every descendant (the browsers and their renderers), from /proc, in KiB. RSS counts
 * pages shared between processes once per process, so summed over Chromium's processes it overstates; PSS
 * splits each shared page among its sharers and sums to what the tree really occupies.
 */
export function treeMemoryKiB(rootPid: number): { rss: number; pss: number } {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const inTree = (pid: number): boolean => pid === rootPid || (parents.has(pid) && inTree(parents.get(pid)!));
  let rss = 0;
  let pss = 0;
  for (const pid of parents.keys()) {
    if (!inTree(pid)) continue;
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return { rss, pss };
}
