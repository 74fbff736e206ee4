import type { Logger } from '@tradelog/schemas';
import type { LogSnapshotReader } from '@tradelog/schemas/kit/log/logSnapshot';
import type { ReadBound } from './mergedIntake.ts';

/**
 * A live consumer's catch-up (processors/README.md "One order whatever the fetches"): what a
 * join finds between its partitions' checkpoints and the log's ends then — the backlog of a
 * processor that was down, or of a partition taken over from another instance — is read merged
 * by received-at, as a rebuild reads; records that arrive after are applied as they come. Without
 * it a backlog of an hour is applied batch after batch: a topic's records of the whole hour
 * before another topic's of its first minutes, and collateral's releases and coverage alerts
 * decided, and pushed, on an order no partner sent.
 */
export interface CatchUp {
  /** A join's assignment and where it started each partition: the backlog is read to the ends now. */
  assigned(assignment: Record<string, number[]>, start: ReadonlyMap<string, string>): void;
  /** A batch of the partition was applied up to `nextOffset`. */
  applied(topic: string, partition: number, nextOffset: bigint): void;
  /** The assigned partitions, where each stands and the end it is caught up at. */
  readBounds(): Iterable<ReadBound>;
  /** A join's ends are being read. */
  reading(): boolean;
  /** A join's ends are being read, or some partition is still below them. */
  catchingUp(): boolean;
}

export function createCatchUp(context: {
  snapshots: LogSnapshotReader;
  topics: readonly string[];
  log: Logger;
  /** The join's ends were read (or could not be): the merge may look again. */
  onRead: () => void;
}): CatchUp {
  /** `topic/partition` → where it stands and the end it catches up to; empty once caught up. */
  let bounds = new Map<string, ReadBound>();
  /** Applied since the join: batches may be applied while its ends are read. */
  let appliedSince = new Map<string, bigint>();
  let reading = false;
  let joins = 0;

  return {
    assigned(assignment, start) {
      const join = ++joins;
      bounds = new Map();
      appliedSince = new Map();
      reading = true;
      context.snapshots
        .read(context.topics)
        .then((snapshot) => {
          if (join !== joins) return;
          for (const [topic, partitions] of Object.entries(assignment))
            for (const partition of partitions) {
              const slot = `${topic}/${partition}`;
              const started = BigInt(start.get(slot) ?? '0');
              const since = appliedSince.get(slot) ?? 0n;
              const applied = since > started ? since : started;
              const bound = snapshot.ends.get(slot) ?? 0n;
              if (applied < bound) bounds.set(slot, { topic, partition, applied, bound });
            }
          if (bounds.size > 0)
            context.log.info('catching up: the backlog is read merged by received-at', {
              partitions: bounds.size,
              records: [...bounds.values()].reduce((sum, b) => sum + Number(b.bound - b.applied), 0),
            });
        })
        .catch((error: unknown) =>
          // Batches are then applied as they come, as before any catch-up: nothing waits on it.
          context.log.warn('the log’s ends were not readable; the backlog is applied as it comes', { error }),
        )
        .finally(() => {
          if (join !== joins) return;
          reading = false;
          context.onRead();
        });
    },
    applied(topic, partition, nextOffset) {
      const slot = `${topic}/${partition}`;
      if (nextOffset > (appliedSince.get(slot) ?? 0n)) appliedSince.set(slot, nextOffset);
      const bound = bounds.get(slot);
      if (!bound) return;
      if (nextOffset >= bound.bound) bounds.delete(slot);
      else bounds.set(slot, { ...bound, applied: nextOffset });
    },
    readBounds: () => bounds.values(),
    reading: () => reading,
    catchingUp: () => reading || bounds.size > 0,
  };
}
