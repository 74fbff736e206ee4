import type { Logger } from '@tradelog/schemas';
import type { LogConsumer } from '@tradelog/schemas/kit/log/consumer';
import type { CatchUp } from './catchUp.ts';
import type { CheckpointedConsumerOptions } from './checkpointedConsumer.ts';
import type { CheckpointLogWatch } from './checkpointLogWatch.ts';
import { createGroupApplier, retryEachLater } from './groupApplier.ts';
import { createGroupCommitQueue } from './groupCommitQueue.ts';
import type { GroupTransaction, Queued } from './groupTransaction.ts';
import type { LimitPauses } from './limitPauses.ts';
import { createMergedIntake, type MergedRead } from './mergedIntake.ts';
import type { PartitionBackoff } from './partitionBackoff.ts';

/** Where decoded batches go (steps 2 to 4 of the header). */
export interface BatchSink<E> {
  push(item: Queued<E>): void;
  /** Looks again (the tick): a merge waiting for a partition. */
  poke(): void;
  /** A group join: what a merge buffered goes (every partition starts again at its checkpoint). */
  rejoined(): void;
  clear(): void;
}

/**
 * Steps 2 to 4 of the header: decoded batches queued from every partition, applied together by
 * one group transaction, each batch then settled — checkpointed, paused at its limit, retried or
 * isolated as its fault says. A merged read (a rebuild) groups them by the merge instead
 * (mergedIntake.ts), and a live consumer does while it catches up with a backlog (catchUp.ts).
 */
export function batchSinkOf<E>(
  options: CheckpointedConsumerOptions<E>,
  applyTransaction: GroupTransaction<E>,
  context: {
    log: Logger;
    backoff: PartitionBackoff;
    limits: LimitPauses;
    stopOnAnotherLog: CheckpointLogWatch['stopOnAnotherLog'];
    consumer: LogConsumer;
    catchUp: CatchUp;
  },
): BatchSink<E> {
  const { consumer, limits, catchUp } = context;
  const maxGroupRecords = options.maxGroupRecords ?? 5000;
  const applyGroup = createGroupApplier({
    applyTransaction,
    handler: options.handler,
    log: context.log,
    backoff: context.backoff,
    limits,
    stopOnAnotherLog: context.stopOnAnotherLog,
    onApplied: (progress) => {
      catchUp.applied(progress.topic, progress.partition, progress.nextOffset);
      options.onApplied?.(progress);
    },
  });
  // A group that failed outside every verdict: whatever went wrong there, its partitions are fetched again.
  const onGroupFailed = (group: readonly Queued<E>[], error: unknown) =>
    retryEachLater(context.backoff, group, error);
  const merged = (read: MergedRead & { holdWhile?: () => boolean }) =>
    createMergedIntake<E>({
      ...read,
      applyGroup: (group) => applyGroup(group).catch((error: unknown) => onGroupFailed(group, error)),
      pause: (topic, partition, atOffset) => consumer.pause(topic, partition, atOffset),
      resume: (topic, partition) => consumer.resume(topic, partition),
      stopAtLimit: (topic, partition, nextOffset) => limits.stopAt(topic, partition, nextOffset),
      maxGroupRecords,
      log: context.log,
    });
  if (options.mergedRead) return merged(options.mergedRead);
  const queue = createGroupCommitQueue<Queued<E>>({ maxGroupRecords, applyGroup, onGroupFailed });
  const catchingUp = merged({ readBounds: catchUp.readBounds, holdWhile: catchUp.reading });
  return {
    // Until what the merge took is applied, batches stay with it: the queue would apply beside it.
    push: (item) => (catchUp.catchingUp() || !catchingUp.idle() ? catchingUp : queue).push(item),
    poke: catchingUp.poke,
    rejoined: catchingUp.rejoined,
    clear: catchingUp.clear,
  };
}
