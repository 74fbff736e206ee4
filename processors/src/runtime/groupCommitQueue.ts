import { groupSize } from './batchPlan.ts';

/**
 * The consume loop's queue of decoded batches (checkpointedConsumer.ts): one drain at a time
 * takes the batches that arrived while the previous group transaction ran and hands them on as
 * one group of at most `maxGroupRecords` records (processors README "Group commit").
 */
export interface GroupCommitQueue<T> {
  /** Queues a batch and starts a drain unless one is running. */
  push(item: T): void;
}

export function createGroupCommitQueue<T extends { decoded: readonly unknown[] }>(context: {
  /** Largest group, in records: bounds one transaction's size. */
  maxGroupRecords: number;
  applyGroup: (group: T[]) => Promise<void>;
  /** `applyGroup` threw: never leave a batch waiting. */
  onGroupFailed: (group: readonly T[], error: unknown) => void;
}): GroupCommitQueue<T> {
  const queue: T[] = [];
  let draining = false;

  async function drain(): Promise<void> {
    if (draining) return;
    draining = true;
    try {
      // The fetch's other batches are handed to their workers in this same turn and decode in
      // microtasks: one turn's wait lets them join this group rather than follow it one or two
      // at a time (processors README "Group commit").
      await new Promise(setImmediate);
      while (queue.length > 0) {
        const take = groupSize(
          queue.map((item) => item.decoded.length),
          context.maxGroupRecords,
        );
        const group = queue.splice(0, take);
        try {
          await context.applyGroup(group);
        } catch (error) {
          context.onGroupFailed(group, error);
        }
      }
    } finally {
      draining = false;
    }
  }

  return {
    push(item) {
      queue.push(item);
      void drain();
    },
  };
}
