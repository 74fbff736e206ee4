import { type Checkpoint, slotParts } from '@tradelog/projections';
import type { ReadBound } from '../runtime/mergedIntake.ts';
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

/**
 * The partitions a build reads merged (runtime/mergedIntake.ts), each with where it stands and
 * the bound it reads up to: the limits (the live version's offsets), or the log's ends when
 * nothing bounds it. A partition the limits do not name is not read (its limit is 0), nor one of
 * a topic the build does not read (a live version of an older revision may have read it).
 */
export function* readBoundsOf(
  bounds: Positions,
  applied: Positions,
  topics: ReadonlySet<string>,
): Generator<ReadBound> {
  for (const [slot, bound] of bounds) {
    const { topic, partition } = slotParts(slot);
    if (topics.has(topic)) yield { topic, partition, applied: applied.get(slot) ?? 0n, bound };
  }
}

/**
 * Partitions whose records the build had not reached were deleted under it: it stands below the
 * log's start (a partition it stored nothing for stands at 0; the opening stored every start
 * above 0 it found). The build cannot be finished from this log as it was begun.
 */
export function deletedUnder(
  at: Positions,
  starts: Positions,
): { slot: string; at: bigint; start: bigint }[] {
  return [...starts]
    .filter(([slot, start]) => (at.get(slot) ?? 0n) < start)
    .map(([slot, start]) => ({ slot, at: at.get(slot) ?? 0n, start }));
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
