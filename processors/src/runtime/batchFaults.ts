import {
  type BoundCheckpoint,
  type CheckpointLog,
  type LogMismatch,
  logMismatches,
  slotParts,
} from '@tradelog/projections';

/**
 * The three ways a group transaction of the consume loop (checkpointedConsumer.ts) ends early,
 * as types the loop branches on (house style "Classify errors by type, not by message text").
 */

/** Thrown inside the batch to roll it back and retry it later; never dead-letters anything. */
export class RetryBatch extends Error {
  constructor(cause: unknown) {
    super('batch will be retried', { cause });
    this.name = 'RetryBatch';
  }
}

/** The checkpoints are of another log: nothing is applied, the consumer stops and says so. */
export class CheckpointsOfAnotherLog extends Error {
  readonly mismatches: LogMismatch[];
  constructor(mismatches: LogMismatch[]) {
    super(
      `checkpoints of another log: ${mismatches.map((m) => `${m.topic}/${m.partition} ${m.reason}`).join(', ')}`,
    );
    this.name = 'CheckpointsOfAnotherLog';
    this.mismatches = mismatches;
  }
}

/** Thrown when the batch apply failed for a record's or an unclear reason: isolate it in a new transaction. */
export class IsolateBatch extends Error {
  constructor(cause: unknown) {
    super('batch will be applied record by record', { cause });
    this.name = 'IsolateBatch';
  }
}

/** What a failed group transaction throws: its own verdicts as they are; anything else failed outside the records (the savepoints caught those), so it retries. */
export function asBatchFault(error: unknown): RetryBatch | IsolateBatch | CheckpointsOfAnotherLog {
  if (
    error instanceof RetryBatch ||
    error instanceof IsolateBatch ||
    error instanceof CheckpointsOfAnotherLog
  )
    return error;
  return new RetryBatch(error);
}

/** The fault a retry is reported for: what a RetryBatch wraps, or the error itself. */
export function retryCause(error: unknown): unknown {
  return error instanceof RetryBatch ? error.cause : error;
}

/**
 * Checkpoint rows locked by a transaction that name another log than the one it is bound to
 * (another instance may have stored them on another log since this one looked).
 */
export function foreignCheckpoints(
  stored: ReadonlyMap<string, Omit<BoundCheckpoint, 'topic' | 'partition'>>,
  bound: CheckpointLog,
): LogMismatch[] {
  return logMismatches(
    [...stored].map(([slot, row]) => ({ ...slotParts(slot), ...row })),
    { ...bound, ends: new Map() },
  );
}
