import type { Consumer } from 'kafkajs';
import type { Logger } from '../runtime/log.ts';

/**
 * The partitions the log consumer (consumer.ts) holds back: until a time (a batch to fetch again
 * from an offset after a delay) or until resumed (paused at an offset). Its batches are not
 * handed on while held; a new group assignment ends every hold (it starts over from the
 * checkpoints).
 */
export interface PartitionHolds {
  has(slot: string): boolean;
  retryFrom(topic: string, partition: number, offset: string, delayMs: number): void;
  pause(topic: string, partition: number, atOffset: string): void;
  resume(topic: string, partition: number): void;
  /** A new assignment of the partition: its hold ends, and it is resumed on `consumer`. */
  releaseOnJoin(consumer: Consumer, topic: string, partition: number): void;
  /** The consumer stops: every hold ends, timers cleared. */
  clear(): void;
}

export const slotOf = (topic: string, partition: number) => `${topic}/${partition}`;

export function createPartitionHolds(context: {
  /** The current kafkajs consumer, if any (it is rebuilt after a crash). */
  consumer: () => Consumer | undefined;
  log: Logger;
}): PartitionHolds {
  const held = new Map<string, { offset: string; until?: number; timer?: NodeJS.Timeout }>();
  return {
    has: (slot) => held.has(slot),
    retryFrom(topic, partition, offset, delayMs) {
      const slot = slotOf(topic, partition);
      const previous = held.get(slot);
      if (previous?.timer) clearTimeout(previous.timer);
      context.consumer()?.pause([{ topic, partitions: [partition] }]);
      const timer = setTimeout(() => {
        held.delete(slot);
        try {
          context.consumer()?.seek({ topic, partition, offset });
          context.consumer()?.resume([{ topic, partitions: [partition] }]);
        } catch (error) {
          context.log.warn('resume after retry delay failed; the next group join restarts the partition', {
            error,
          });
        }
      }, delayMs);
      held.set(slot, { offset, until: Date.now() + delayMs, timer });
    },
    pause(topic, partition, atOffset) {
      const slot = slotOf(topic, partition);
      held.set(slot, { offset: atOffset });
      context.consumer()?.pause([{ topic, partitions: [partition] }]);
      context.consumer()?.seek({ topic, partition, offset: atOffset });
    },
    resume(topic, partition) {
      const slot = slotOf(topic, partition);
      const hold = held.get(slot);
      if (!hold || hold.until !== undefined) return;
      held.delete(slot);
      context.consumer()?.resume([{ topic, partitions: [partition] }]);
    },
    releaseOnJoin(consumer, topic, partition) {
      const slot = slotOf(topic, partition);
      const hold = held.get(slot);
      if (hold) {
        // A new assignment starts over from the checkpoint: holds of the old one end.
        if (hold.timer) clearTimeout(hold.timer);
        held.delete(slot);
        consumer.resume([{ topic, partitions: [partition] }]);
      }
    },
    clear() {
      for (const hold of held.values()) if (hold.timer) clearTimeout(hold.timer);
      held.clear();
    },
  };
}
