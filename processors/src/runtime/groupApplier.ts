import type { Logger } from '@tradelog/schemas';
import { CheckpointsOfAnotherLog, IsolateBatch, retryCause } from './batchFaults.ts';
import type { BatchHandler } from './batchHandler.ts';
import { faultCode } from './faults.ts';
import type { BatchOutcome, GroupTransaction, Queued } from './groupTransaction.ts';
import type { LimitPauses } from './limitPauses.ts';
import type { PartitionBackoff } from './partitionBackoff.ts';

/** What the group applier works with (wired by checkpointedConsumer.ts). */
export interface GroupApplierContext<E> {
  applyTransaction: GroupTransaction<E>;
  handler: BatchHandler<E>;
  log: Logger;
  backoff: PartitionBackoff;
  limits: LimitPauses;
  stopOnAnotherLog: (error: CheckpointsOfAnotherLog) => void;
  onApplied?: (progress: { topic: string; partition: number; applied: number; nextOffset: bigint }) => void;
}

/** Answers a batch its transaction settled: applied (its partition moves on, or pauses at its limit) or not. */
function finish<E>(context: GroupApplierContext<E>, item: Queued<E>, outcome: BatchOutcome): void {
  const { topic, partition } = item.batch;
  const slot = `${topic}/${partition}`;
  if (outcome.kind !== 'applied') {
    item.done(undefined);
    return;
  }
  const { applied, deadLettered, nextOffset, through, stoppedAtLimit } = outcome;
  context.backoff.succeeded(slot);
  if (stoppedAtLimit) context.limits.stopAt(topic, partition, nextOffset);
  if (applied > 0) {
    context.log.debug('batch applied', {
      topic,
      partition,
      applied,
      deadLettered,
      durationMs: Math.round(performance.now() - item.started),
    });
  }
  context.onApplied?.({ topic, partition, applied, nextOffset });
  item.done(through);
}

/** A group transaction failed for no record's sake: stop on another log, or fetch every batch again later. */
function giveBack<E>(context: GroupApplierContext<E>, items: readonly Queued<E>[], error: unknown): void {
  if (error instanceof CheckpointsOfAnotherLog) {
    context.stopOnAnotherLog(error);
    for (const item of items) item.done(undefined);
    return;
  }
  retryEachLater(context.backoff, items, error);
}

/** Each batch of a group fetched again later, and answered at once so that its partition never waits. */
export function retryEachLater<E>(
  backoff: PartitionBackoff,
  items: readonly Queued<E>[],
  error: unknown,
): void {
  for (const item of items) {
    backoff.retryLater(item.batch, item.decoded[0]!.record.offset, retryCause(error));
    item.done(undefined);
  }
}

/**
 * What the consume loop (checkpointedConsumer.ts) does with a group of queued batches: one
 * transaction for all; a group that fails for a record's sake is split into its batches, and a
 * single batch that still fails is isolated record by record (groupTransaction.ts `isolated`).
 * A dependency fault fetches every batch again later; checkpoints of another log stop the
 * consumer. Each batch is answered (`done`) whatever happens, so its partition never waits.
 */
export function createGroupApplier<E>(
  context: GroupApplierContext<E>,
): (items: readonly Queued<E>[]) => Promise<void> {
  const { applyTransaction, handler, log } = context;

  /** Applies a group; a group that fails for a record's sake is split, and a single batch isolated. */
  async function applyGroup(items: readonly Queued<E>[]): Promise<void> {
    try {
      const { outcomes, db } = await applyTransaction(items, 'whole');
      for (const [index, item] of items.entries()) finish(context, item, outcomes[index]!);
      if (outcomes.some((o) => o.kind === 'applied' && o.applied > 0)) handler.afterCommit?.(db);
    } catch (error) {
      if (error instanceof IsolateBatch) await splitOrIsolate(items, error);
      else giveBack(context, items, error);
    }
  }

  /** A group that failed for a record's or an unclear reason: each batch alone, and a single batch record by record. */
  async function splitOrIsolate(items: readonly Queued<E>[], error: IsolateBatch): Promise<void> {
    if (items.length > 1) {
      for (const item of items) await applyGroup([item]);
      return;
    }
    const item = items[0]!;
    log.warn('batch failed; applying its records one by one', {
      topic: item.batch.topic,
      partition: item.batch.partition,
      code: faultCode(error.cause),
      error: error.cause as Error,
    });
    try {
      const { outcomes, db } = await applyTransaction(items, 'isolated');
      finish(context, item, outcomes[0]!);
      handler.afterCommit?.(db);
    } catch (isolated) {
      giveBack(context, items, isolated);
    }
  }

  return applyGroup;
}
