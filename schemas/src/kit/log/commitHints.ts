import type { EachBatchPayload } from 'kafkajs';

/**
 * Kafka's committed offsets are a lag hint for outside tools only (`kafka-consumer-groups.sh`);
 * the checkpoints in Postgres are the truth, and every join seeks to them. The offsets the
 * batches resolved are committed together, at most once every 5 s: one
 * OffsetCommit per batch cost the broker a log append and held each batch's worker a round
 * trip, so the next fetch's batches came one or two at a time, each its own transaction
 * (processors README "Group commit"). A hint may lag the checkpoints by that interval.
 */
export const commitHintIntervalMs = 5_000;

/** The log consumer's commit of hints (consumer.ts): at most one OffsetCommit per interval, faults ignored. */
export function createCommitHints(
  intervalMs = commitHintIntervalMs,
): (payload: Pick<EachBatchPayload, 'commitOffsetsIfNecessary' | 'uncommittedOffsets'>) => Promise<void> {
  let lastCommitHint = 0;
  return async (payload) => {
    if (Date.now() - lastCommitHint < intervalMs) return;
    lastCommitHint = Date.now();
    await payload.commitOffsetsIfNecessary(payload.uncommittedOffsets()).catch(() => undefined);
  };
}
