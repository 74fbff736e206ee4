import type { Checkpoint } from '@tradelog/projections';
import type { RebuildProgress } from './options.ts';

/**
 * Where a build stands, as positions per `topic/partition` (the next offset to apply), and the
 * progress it reports from them (processors/README.md "Projection versions and rebuild").
 */
export type Positions = Map<string, bigint>;

export const positionsAt = (checkpoints: readonly Checkpoint[]): Positions =>
  new Map(checkpoints.map((c) => [`${c.topic}/${c.partition}`, BigInt(c.nextOffset)]));

/** Both stand at the same offsets; a partition missing on one side stands at 0. */
export function samePositions(a: Positions, b: Positions): boolean {
  for (const slot of new Set([...a.keys(), ...b.keys()]))
    if ((a.get(slot) ?? 0n) !== (b.get(slot) ?? 0n)) return false;
  return true;
}

/** Records from `at` up to `ends`, over every partition `ends` names. */
export const lagOf = (ends: Positions, at: Positions) =>
  [...ends].reduce((sum, [slot, end]) => sum + Number(end - (at.get(slot) ?? 0n)), 0);

/** The progress a build reports from its checkpoints and the log's ends. */
export function progressOf(
  state: RebuildProgress['state'],
  checkpoints: readonly Checkpoint[],
  ends: Positions,
  elapsedMs: number,
  extra: Partial<RebuildProgress> = {},
): RebuildProgress {
  const recordsApplied = checkpoints.reduce((sum, c) => sum + Number(c.recordsApplied), 0);
  return {
    state,
    recordsApplied,
    ratePerSecond: elapsedMs > 0 ? Math.round((recordsApplied / elapsedMs) * 1000) : 0,
    remainingLag: lagOf(ends, positionsAt(checkpoints)),
    elapsedMs,
    ...extra,
  };
}
