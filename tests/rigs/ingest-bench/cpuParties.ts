import { readdir, readFile } from 'node:fs/promises';
import { clockTicksPerSecond, processCpu } from '../../harness/processCpu.ts';

/**
 * Where a benchmark phase's CPU went, by party, from /proc (Linux; `undefined` elsewhere). On a
 * two-core machine the server, the load generator, the Kafka broker and Postgres share the same
 * cores, so a rate alone cannot say what limits it: the CPU each party spent per answered request
 * can (ingest README "Benchmark"). A process that starts or ends inside the phase is counted from
 * the snapshot it appears in, so short-lived helpers land in `other` only by their share of the
 * machine's ticks.
 */
export type Party = 'server' | 'loadGenerator' | 'kafka' | 'postgres' | 'other';

export interface CpuSnapshot {
  /** Busy ticks per process id (user + system), with the party it belongs to. */
  processes: Map<number, { party: Party; ticks: number }>;
  machine: { busy: number; total: number };
}

/** Reads every process's CPU ticks; `serverPid` is the measured server's child process. */
export async function cpuSnapshot(serverPid: number | undefined): Promise<CpuSnapshot | undefined> {
  try {
    const machineLine = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
    const ticks = machineLine.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    // idle and iowait are the 4th and 5th fields.
    const machine = { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
    const processes = new Map<number, { party: Party; ticks: number }>();
    for (const entry of await readdir('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid)) continue;
      const read = processCpu(pid);
      if (read === undefined) continue;
      processes.set(pid, { party: await partyOf(pid, read.command, serverPid), ticks: read.ticks });
    }
    return { processes, machine };
  } catch {
    return undefined;
  }
}

async function partyOf(pid: number, command: string, serverPid: number | undefined): Promise<Party> {
  if (pid === serverPid) return 'server';
  if (pid === process.pid) return 'loadGenerator';
  if (command === 'postgres') return 'postgres';
  if (command === 'java') {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.split('\0').includes('kafka.Kafka')) return 'kafka';
  }
  return 'other';
}

export interface CpuPerRequest {
  /** Milliseconds of CPU per answered request, by party; `other` is the machine's busy rest. */
  msPerRequest: Record<Party, number>;
  /** Share of the machine's CPU (all cores) busy during the phase, ours or not. */
  machineBusy: number;
  /** How many cores' worth the machine has (the phase's total ticks over its duration). */
  cores: number;
}

/** The CPU each party spent between two snapshots, per answered request. */
export function cpuBetween(
  before: CpuSnapshot,
  after: CpuSnapshot,
  requests: number,
  seconds: number,
): CpuPerRequest {
  const spent: Record<Party, number> = { server: 0, loadGenerator: 0, kafka: 0, postgres: 0, other: 0 };
  for (const [pid, now] of after.processes) {
    const earlier = before.processes.get(pid)?.ticks ?? 0;
    if (now.party !== 'other') spent[now.party] += Math.max(0, now.ticks - earlier);
  }
  const machineBusyTicks = after.machine.busy - before.machine.busy;
  const machineTotalTicks = after.machine.total - before.machine.total;
  spent.other = Math.max(
    0,
    machineBusyTicks - spent.server - spent.loadGenerator - spent.kafka - spent.postgres,
  );
  const perRequest = (ticks: number) =>
    requests === 0 ? 0 : (ticks * 1000) / clockTicksPerSecond / requests;
  return {
    msPerRequest: {
      server: perRequest(spent.server),
      loadGenerator: perRequest(spent.loadGenerator),
      kafka: perRequest(spent.kafka),
      postgres: perRequest(spent.postgres),
      other: perRequest(spent.other),
    },
    machineBusy: machineTotalTicks === 0 ? 0 : machineBusyTicks / machineTotalTicks,
    cores: machineTotalTicks / clockTicksPerSecond / seconds,
  };
}
