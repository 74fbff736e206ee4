import type { LogRecord } from '@tradelog/schemas/kit/log/consumer';

/**
 * The batch planner of the checkpointed consume loop (checkpointedConsumer.ts), pure: which
 * records of a fetched batch a transaction applies, and the checkpoint rows it writes
 * (processors/README.md "Consumer runtime": records below the stored checkpoint are skipped, a
 * batch starting past it goes back to it, offsets live only in Postgres).
 */

/** A fetched record, decoded outside any transaction: its event, or the fault that stopped the decode. */
export interface Decoded<E> {
  record: LogRecord;
  event?: E;
  fault?: unknown;
  /** Its place in a merged read's group (mergedIntake.ts): the group is applied in this order. */
  rank?: number;
}

/** What one partition's batch does in a group transaction. */
export type PartitionPlan<E> =
  /** The partition was revoked or the consumer stops: leave the batch unfinished. */
  | { kind: 'inactive' }
  /** Kafka handed over records past the checkpoint: fetch again from what Postgres says was applied. */
  | { kind: 'went-back'; checkpoint: bigint; first: string }
  | {
      kind: 'apply';
      /** Records at or past the checkpoint and below the limit, in log order (undecodable ones too). */
      pending: readonly Decoded<E>[];
      /** The checkpoint after this batch: the stored one when nothing is pending. */
      nextOffset: bigint;
      /** The last offset dealt with, skipped or pending: what the log consumer may commit through. */
      through: string | undefined;
      /** A record at or past the limit was left: the partition pauses until the limit moves. */
      stoppedAtLimit: boolean;
    };

export interface PartitionPosition {
  /** The stored checkpoint: the next offset to apply. */
  checkpoint: bigint;
  /** Exclusive upper bound of offsets to apply (a rebuild stops at the live position). */
  limit: bigint | undefined;
  active: boolean;
}

export function planPartition<E>(
  decoded: readonly Decoded<E>[],
  position: PartitionPosition,
): PartitionPlan<E> {
  const { checkpoint, limit } = position;
  if (!position.active) return { kind: 'inactive' };
  const first = decoded[0]!.record.offset;
  if (BigInt(first) > checkpoint) return { kind: 'went-back', checkpoint, first };
  const pending: Decoded<E>[] = [];
  let nextOffset = checkpoint;
  let through: string | undefined;
  let stoppedAtLimit = false;
  for (const item of decoded) {
    const offset = BigInt(item.record.offset);
    if (offset < checkpoint) {
      through = item.record.offset;
      continue;
    }
    if (limit !== undefined && offset >= limit) {
      stoppedAtLimit = true;
      break;
    }
    pending.push(item);
    nextOffset = offset + 1n;
    through = item.record.offset;
  }
  return { kind: 'apply', pending, nextOffset, through, stoppedAtLimit };
}

/** The records a plan applies; nothing for a partition that is not applied. */
export const pendingOf = <E>(plan: PartitionPlan<E>): readonly Decoded<E>[] =>
  plan.kind === 'apply' ? plan.pending : [];

/**
 * A group's pending records in the order they are applied: by rank where a merged read ranked
 * them (mergedIntake.ts), otherwise batch after batch as given.
 */
export function appliedOrder<E>(pending: readonly Decoded<E>[]): readonly Decoded<E>[] {
  if (pending.length === 0 || pending[0]!.rank === undefined) return pending;
  return [...pending].sort((a, b) => a.rank! - b.rank!);
}

/** The decoded events of pending records, in the order given (the handler applies them as one batch). */
export const eventsOf = <E>(pending: readonly Decoded<E>[]): E[] =>
  pending.filter((item) => item.fault === undefined).map((item) => item.event as E);

/** Pending records that could not be decoded: the record's fault, dead-lettered in the same transaction. */
export const undecodableOf = <E>(pending: readonly Decoded<E>[]): Decoded<E>[] =>
  pending.filter((item) => item.fault !== undefined);

export interface CheckpointRow {
  topic: string;
  partition: number;
  nextOffset: string;
  recordsApplied: number;
  /** The last applied record's timestamp: what the checkpoint names it by (projections/src/logBinding.ts rule 6). */
  lastTimestamp: string | null;
}

/**
 * The checkpoint rows of a group transaction, written with its rows: one per partition that had
 * records to apply. A partition whose records were all below its checkpoint keeps the stored row.
 */
export function checkpointRows<E>(
  partitions: readonly { topic: string; partition: number; plan: PartitionPlan<E> }[],
): CheckpointRow[] {
  return partitions.flatMap(({ topic, partition, plan }) =>
    plan.kind === 'apply' && plan.pending.length > 0
      ? [
          {
            topic,
            partition,
            nextOffset: String(plan.nextOffset),
            recordsApplied: plan.pending.length,
            lastTimestamp: plan.pending.at(-1)!.record.timestamp ?? null,
          },
        ]
      : [],
  );
}

/** A partition paused at its limit may resume once the limit moved past its position, or was lifted. */
export const mayResume = (limit: bigint | undefined, nextOffset: bigint): boolean =>
  limit === undefined || limit > nextOffset;

/**
 * How many queued batches (given their record counts, in arrival order) the next group
 * transaction takes (group commit): at least one, then as many as fit in `maxRecords`, so one
 * transaction stays bounded whatever the number of partitions.
 */
export function groupSize(queued: readonly number[], maxRecords: number): number {
  let records = 0;
  let take = 0;
  while (take < queued.length && (take === 0 || records + queued[take]! <= maxRecords)) {
    records += queued[take]!;
    take++;
  }
  return take;
}
