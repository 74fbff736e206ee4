import { readFileSync } from 'node:fs';

/**
 * A process's CPU as Linux counts it, for the benchmarks that set each party's CPU beside the
 * rate it allowed (tests/rigs/ingest-bench/cpuParties.ts, query-api/bench/query-bench.ts).
 */

/** USER_HZ: 100 on every Linux Node supports (sysconf(_SC_CLK_TCK)). */
export const clockTicksPerSecond = 100;

/**
 * The command name and the busy ticks (user + system) of a process, from /proc/<pid>/stat;
 * undefined off Linux or once the process is gone.
 */
export function processCpu(pid: number): { command: string; ticks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // Fields after the command name (which may hold spaces): utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { command, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}
