import { mayResume } from './batchPlan.ts';

/**
 * Partitions paused at their limit (a rebuild stops at the live position: the consume loop's
 * `limitOf`), resumed on a tick once the limit has moved past where they stopped.
 */
export interface LimitPauses {
  /** The partition applied up to its limit: paused at `nextOffset`. */
  stopAt(topic: string, partition: number, nextOffset: bigint): void;
  /** Resumes every paused partition whose limit moved. */
  resumeMoved(): void;
}

export function createLimitPauses(context: {
  limitOf?: (topic: string, partition: number) => bigint | undefined;
  pause: (topic: string, partition: number, from: string) => void;
  resume: (topic: string, partition: number) => void;
}): LimitPauses {
  const limited = new Map<string, { topic: string; partition: number; nextOffset: bigint }>();
  return {
    stopAt(topic, partition, nextOffset) {
      limited.set(`${topic}/${partition}`, { topic, partition, nextOffset });
      context.pause(topic, partition, String(nextOffset));
    },
    resumeMoved() {
      for (const [slot, stop] of limited) {
        if (mayResume(context.limitOf?.(stop.topic, stop.partition), stop.nextOffset)) {
          limited.delete(slot);
          context.resume(stop.topic, stop.partition);
        }
      }
    },
  };
}
