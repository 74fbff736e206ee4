import { readdir, readFile } from 'node:fs/promises';
import { clockTicksPerSecond, processCpu } from '../../harness/processCpu.ts';

/**
 * Where a benchmark phase's CPU went, by party, from /proc (Linux; `undefined` elsewhere). On a
 * two-core machine the measured services, the load generator, the Kafka broker and Postgres share
 * the same cores, so a rate alone cannot say what limits it: the CPU each party spent per answered
 * request can (ingest README "Benchmark", processors README "Measured"). The measured services
 * are named by the caller (bench:ingest's `server`; bench:pipeline's `ingest` and `processors`). A
 * process that starts or ends inside the phase is counted from the snapshot it appears in, so
 * short-lived helpers land in `other` only by their share of the machine's ticks.
 */
export type Party<N extends string = 'server'> = N | 'loadGenerator' | 'kafka' | 'postgres' | 'other';

export interface CpuSnapshot<N extends string = 'server'> {
  /** The measured services' names, as the caller gave them. */
  names: readonly N[];
  /** Busy ticks per process id (user + system), with the party it belongs to. */
  processes: Map<number, { party: Party<N>; ticks: number }>;
  machine: { busy: number; total: number };
}

/** Reads every process's CPU ticks; `measured` names the measured services' child processes. */
export async function cpuSnapshot<N extends string = 'server'>(
  measured: Readonly<Record<N, readonly (number | undefined)[]>>,
): Promise<CpuSnapshot<N> | undefined> {
  const names = Object.keys(measured) as N[];
  const named = new Map<number, N>();
  for (const name of names) for (const pid of measured[name]) if (pid !== undefined) named.set(pid, name);
  try {
    const machineLine = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
    const ticks = machineLine.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    // idle and iowait are the 4th and 5th fields.
    const machine = { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
    const processes = new Map<number, { party: Party<N>; ticks: number }>();
    for (const entry of await readdir('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid)) continue;
      const read = processCpu(pid);
      if (read === undefined) continue;
      processes.set(pid, { party: named.get(pid) ?? (await partyOf(pid, read.command)), ticks: read.ticks });
    }
    return { names, processes, machine };
  } catch {
    return undefined;
  }
}

async function partyOf(pid: number, command: string): Promise<Party<never>> {
  if (pid === process.pid) return 'loadGenerator';
  if (command === 'postgres') return 'postgres';
  if (command === 'java') {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.split('\0').includes('kafka.Kafka')) return 'kafka';
  }
  return 'other';
}

export interface CpuPerRequest<N extends string = 'server'> {
  /** Milliseconds of CPU per answered request, by party; `other` is the machine's busy rest. */
  msPerRequest: Record<Party<N>, number>;
  /** Share of the machine's CPU (all cores) busy during the phase, ours or not. */
  machineBusy: number;
  /** How many cores' worth the machine has (the phase's total ticks over its duration). */
  cores: number;
}

/** A party's name as the benchmarks print it (`loadGenerator` → "load generator"). */
const spoken = (party: string) => party.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

/**
 * One line: each party's CPU per answered request, in the order measured, loadGenerator, kafka,
 * postgres, other, and the rate the machine's cores allow at that cost.
 */
export function describeCpu<N extends string>(cpu: CpuPerRequest<N>, unit: 'req' | 'doc'): string {
  const parties = Object.entries(cpu.msPerRequest) as [string, number][];
  const total = parties.reduce((sum, [, ms]) => sum + ms, 0);
  const each = parties.map(([party, ms]) => `${spoken(party)} ${ms.toFixed(3)}`).join(' · ');
  return `cpu ms/${unit}: ${each} = ${total.toFixed(3)} (${cpu.cores.toFixed(1)} cores allow ${((cpu.cores * 1000) / total).toFixed(0)}/s)`;
}

/** The CPU each party spent between two snapshots, per answered request. */
export function cpuBetween<N extends string>(
  before: CpuSnapshot<N>,
  after: CpuSnapshot<N>,
  requests: number,
  seconds: number,
): CpuPerRequest<N> {
  const parties: Party<N>[] = [...after.names, 'loadGenerator', 'kafka', 'postgres'];
  const spent = new Map<Party<N>, number>(parties.map((party) => [party, 0]));
  for (const [pid, now] of after.processes) {
    const earlier = before.processes.get(pid)?.ticks ?? 0;
    if (now.party !== 'other') spent.set(now.party, spent.get(now.party)! + Math.max(0, now.ticks - earlier));
  }
  const machineBusyTicks = after.machine.busy - before.machine.busy;
  const machineTotalTicks = after.machine.total - before.machine.total;
  const ours = [...spent.values()].reduce((sum, ticks) => sum + ticks, 0);
  spent.set('other', Math.max(0, machineBusyTicks - ours));
  const perRequest = (ticks: number) =>
    requests === 0 ? 0 : (ticks * 1000) / clockTicksPerSecond / requests;
  return {
    msPerRequest: Object.fromEntries(
      [...spent].map(([party, ticks]) => [party, perRequest(ticks)]),
    ) as Record<Party<N>, number>,
    machineBusy: machineTotalTicks === 0 ? 0 : machineBusyTicks / machineTotalTicks,
    cores: machineTotalTicks / clockTicksPerSecond / seconds,
  };
}
