import type { Consumer } from 'kafkajs';
import type { Logger } from '../runtime/log.ts';
import { type PartitionHolds, slotOf } from './partitionHolds.ts';

/**
 * Where the log consumer (consumer.ts) starts each partition a join assigns it: at the caller's
 * checkpoint (`startOffsets`), 0 when it has none.
 */
export type StartOffsets = ReadonlyMap<string, string>;

/** The caller's checkpoints; none (partitions start where Kafka has them) when they cannot be read. */
export function readStartOffsets(read: () => Promise<StartOffsets>, log: Logger): Promise<StartOffsets> {
  return read().catch((error: unknown) => {
    log.warn('start offsets not readable; partitions start where Kafka has them', { error });
    return new Map<string, string>();
  });
}

/**
 * The offsets the first join of one kafkajs consumer seeks to. Read beside the connect and join,
 * so the first join seeks at once: kafkajs starts fetching right after the join, and a seek that
 * comes later throws away what that fetch brought. Every later join reads them again.
 */
export function earlyStartOffsets(read: () => Promise<StartOffsets>): {
  /** Settles once the early read is done (never rejects when `read` does not). */
  reading: Promise<void>;
  /** The early read, once, if it is done; then `undefined`: read again. */
  take(): StartOffsets | undefined;
} {
  let early: StartOffsets | undefined;
  const reading = read().then((offsets) => {
    early = offsets;
  });
  return {
    reading,
    take() {
      const first = early;
      early = undefined;
      return first;
    },
  };
}

/** Seeks every partition of a join's assignment to its start offset, ending the holds on it. */
export function seekAssigned(
  consumer: Consumer,
  assignment: Record<string, number[]>,
  stored: StartOffsets,
  held: Pick<PartitionHolds, 'releaseOnJoin'>,
): void {
  for (const [topic, partitions] of Object.entries(assignment)) {
    for (const partition of partitions) {
      held.releaseOnJoin(consumer, topic, partition);
      consumer.seek({ topic, partition, offset: stored.get(slotOf(topic, partition)) ?? '0' });
    }
  }
}
