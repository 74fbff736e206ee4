import {
  type Checkpoint,
  type CheckpointLog,
  foundRecordsOf,
  type LogIdentity,
  type LogMismatch,
  lastRecordPlaces,
  logMismatches,
  logReplacedMessage,
  owedCheckpoints,
  readCheckpoints,
  storeFoundRecords,
} from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import type { LogSnapshot, LogSnapshotReader } from '@tradelog/schemas/kit/log/logSnapshot';
import { retryDelayMs } from '@tradelog/schemas/kit/runtime/backoff';
import { errorReason } from '@tradelog/schemas/kit/runtime/log';
import type pg from 'pg';
import { CheckpointsOfAnotherLog, RetryBatch } from './batchFaults.ts';

/**
 * Which log the consume loop's checkpoints belong to (checkpointedConsumer.ts; the rule is
 * projections/src/logBinding.ts): read on every group join and before the first transaction
 * after it, when a batch starts past its checkpoint, and every `runningCheckMs` while running.
 * Checkpoints of another log stop the consumer, which then looks again every `logCheckMs` and
 * starts again once the checkpoints and the log agree. A join, and a look while stopped, also
 * read the record at each checkpoint's last applied offset (rule 6: a log restored in place is
 * only told by its records); the look while running does not, since a log is only swapped under
 * a consumer that lost its brokers and joined again.
 */

/** A consumer stopped because its checkpoints are of another log (health, `/ready`, `/ops/pipeline`). */
export interface LogReplaced {
  since: string;
  mismatches: LogMismatch[];
  message: { cn: string; en: string };
}

export interface CheckpointLogWatchOptions {
  pool: pg.Pool;
  groupId: string;
  topics: readonly string[];
  /** The dead letters' owner, named in the operator's message. */
  name: string;
  snapshots: LogSnapshotReader;
  /** The consume loop's scoped logger. */
  log: Logger;
  now: () => Date;
  logCheckMs?: number;
  /** How often a running consumer looks at the log again (30 s): records deleted with nothing new behind them. */
  runningCheckMs?: number;
  logReplacedRemedy?: { cn: string; en: string };
  /** Partitions without a checkpoint are owed from offset 0 (checkpointedConsumer.ts `owesWholeLog`). */
  owesWholeLog: boolean;
  /** The log consumer this watch stops and starts again; read lazily (it is built after the watch). */
  consumer: () => { start(): Promise<void>; stop(): Promise<void> };
  /** The consume loop was stopped by its owner: neither stop nor start the consumer any more. */
  stopped: () => boolean;
  /** The records at these places, keyed `topic/partition` (rule 6); without it, rules 1 to 5 alone. */
  lastRecords?: (
    places: readonly { topic: string; partition: number; offset: bigint }[],
  ) => Promise<NonNullable<LogIdentity['lastRecords']>>;
}

export interface CheckpointLogWatch {
  /** On a group join: forget the log read before and look again (stops, or keeps looking, in the background). */
  joined(): Promise<void>;
  /** The log a group transaction over `topics` stores its checkpoints for (RetryBatch when it cannot be read now). */
  batchLog(topics: readonly string[]): Promise<CheckpointLog>;
  /**
   * A batch started past its checkpoint: look at the log again before going back to it, since
   * Kafka reads on from a partition's start when the records at the checkpoint were deleted
   * (the stop then names them; going back would only meet the same answer again).
   */
  wentBack(): Promise<void>;
  stopOnAnotherLog(error: CheckpointsOfAnotherLog): void;
  replaced(): LogReplaced | undefined;
  /** The owner stops the consume loop: no more looking again. */
  close(): void;
}

/**
 * The log checkpoints were taken on, when they agree with the one read now
 * (projections/src/logBinding.ts); `owed`: the topics whose partitions without a checkpoint are
 * owed from offset 0.
 */
export function checkpointLogOf(
  checkpoints: readonly Checkpoint[],
  snapshot: LogSnapshot & Pick<LogIdentity, 'lastRecords'>,
  owed: readonly string[] = [],
): CheckpointLog {
  const mismatches = logMismatches(owedCheckpoints(checkpoints, snapshot, owed), snapshot);
  if (mismatches.length > 0) throw new CheckpointsOfAnotherLog(mismatches);
  return { clusterId: snapshot.clusterId, topicIds: snapshot.topicIds };
}

/** A read shared by concurrent callers and kept until forgotten; a failed read is tried again. */
export interface SharedRead<T> {
  get(): Promise<T>;
  forget(): void;
}

export function sharedRead<T>(read: () => Promise<T>): SharedRead<T> {
  let pending: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      pending ??= read().catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
      return pending;
    },
    forget(): void {
      pending = undefined;
    },
  };
}

/**
 * After a join whose look could not read the log (a broker still starting): looks again with a
 * growing delay until it can, whether or not batches come (a partition that gets no new record
 * would otherwise never be looked at). A later join takes over (`current` turns false).
 */
async function lookUntilRead(context: {
  current: () => boolean;
  read: () => Promise<unknown>;
  onAnotherLog: (error: CheckpointsOfAnotherLog) => void;
  log: Logger;
  /** Why the join's look failed: each warning says why (one line), or an operator cannot tell a broker still starting from a refused login. */
  failure: unknown;
}): Promise<void> {
  let failure = context.failure;
  for (let attempt = 1; context.current(); attempt++) {
    const delayMs = retryDelayMs(attempt, { initial: 500, max: 10_000 });
    context.log.warn('the log’s identity was not readable; looking again', {
      attempt,
      delayMs,
      reason: errorReason(failure),
    });
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (!context.current()) return;
    try {
      await context.read();
      return;
    } catch (error) {
      if (error instanceof CheckpointsOfAnotherLog) return context.onAnotherLog(error);
      failure = error;
    }
  }
}

/**
 * The one verified for this assignment (read again when a batch comes from a topic the last
 * reading did not know). Checkpoints of another log stop the consumer; a log that cannot be
 * read now retries the batch.
 */
async function batchLogOf(
  boundLog: SharedRead<CheckpointLog>,
  topics: readonly string[],
): Promise<CheckpointLog> {
  try {
    let bound = await boundLog.get();
    if (topics.some((topic) => !bound.topicIds.has(topic))) {
      boundLog.forget();
      bound = await boundLog.get();
    }
    return bound;
  } catch (error) {
    if (error instanceof CheckpointsOfAnotherLog) throw error;
    throw new RetryBatch(error);
  }
}

/**
 * The log the group's checkpoints belong to, judged on its stored checkpoints and a snapshot of
 * the log; `with-records` reads the last record each checkpoint names (rule 6), and keeps what it
 * finds with the checkpoints for the readers that read no records (`storeFoundRecords`).
 */
async function readCheckpointLog(
  options: Pick<
    CheckpointLogWatchOptions,
    'pool' | 'groupId' | 'snapshots' | 'topics' | 'lastRecords' | 'owesWholeLog'
  >,
  records: 'with-records' | 'without-records',
): Promise<CheckpointLog> {
  const { pool, groupId, snapshots } = options;
  // The checkpoints before the log: one read while batches commit may then lag the log (never
  // a checkpoint past an end read before it, which would look like a log that lost records).
  const checkpoints = await readCheckpoints(pool, groupId);
  const snapshot = await snapshots.read(options.topics);
  const lastRecords =
    records === 'with-records' && options.lastRecords
      ? await options.lastRecords(lastRecordPlaces(checkpoints, snapshot))
      : undefined;
  const owed = options.owesWholeLog ? options.topics : [];
  if (lastRecords === undefined) return checkpointLogOf(checkpoints, snapshot, owed);
  // What rule 6 finds is kept with the checkpoints, for the readers that do not read records.
  const storedFound = checkpoints.some((c) => c.foundTimestamp !== null);
  try {
    const bound = checkpointLogOf(checkpoints, { ...snapshot, lastRecords }, owed);
    if (storedFound) await storeFoundRecords(pool, groupId, []);
    return bound;
  } catch (error) {
    const found = error instanceof CheckpointsOfAnotherLog ? foundRecordsOf(error.mismatches) : [];
    if (found.length > 0 || storedFound) await storeFoundRecords(pool, groupId, found);
    throw error;
  }
}

/**
 * The watch: its steps share the assignment's read of the log, the stop's record, its timer and
 * the join count, which must change together.
 */
export function createCheckpointLogWatch(options: CheckpointLogWatchOptions): CheckpointLogWatch {
  const { log, now } = options;
  /** The log this assignment's checkpoints were found to belong to; read again on every join. */
  const boundLog = sharedRead(() => readCheckpointLog(options, 'with-records'));
  /** A look beside the batches, shared only while it is under way. */
  const runningLook = sharedRead(() => readCheckpointLog(options, 'without-records'));
  let logReplaced: LogReplaced | undefined;
  let logCheckTimer: NodeJS.Timeout | undefined;
  /**
   * While running: records deleted from a partition with nothing new to read come in no batch
   * (Kafka reads on from the start; `wentBack` never fires), so the log is looked at again now
   * and then as well.
   */
  let runningCheckTimer: NodeJS.Timeout | undefined;
  let joins = 0;

  function stopOnAnotherLog(error: CheckpointsOfAnotherLog): void {
    if (logReplaced || options.stopped()) return;
    logReplaced = {
      since: now().toISOString(),
      mismatches: error.mismatches,
      message: logReplacedMessage(options.name, error.mismatches, options.logReplacedRemedy),
    };
    log.error('checkpoints are of another log; consumer stopped, nothing skipped', {
      partitions: error.mismatches.length,
      reason: error.mismatches[0]?.reason,
      mismatch: error.mismatches[0],
    });
    // Not from inside a kafkajs callback that may be waiting on this very consumer.
    setImmediate(() => void options.consumer().stop());
    logCheckTimer = setInterval(() => void lookAgain(), options.logCheckMs ?? 10_000);
  }

  function stopLooking(): void {
    if (logCheckTimer) clearInterval(logCheckTimer);
    logCheckTimer = undefined;
  }

  function keepLooking(): void {
    runningCheckTimer ??= setInterval(() => void lookWhileRunning(), options.runningCheckMs ?? 30_000);
  }

  /**
   * A look beside the batches (the assignment's read they share is kept): another log stops the
   * consumer; a log that cannot be read now is left to the next look, and to the batches' own.
   */
  async function lookWhileRunning(): Promise<void> {
    if (logReplaced || options.stopped()) return;
    // Several partitions of one group going back share one look.
    await runningLook
      .get()
      .catch((error: unknown) => {
        if (error instanceof CheckpointsOfAnotherLog) stopOnAnotherLog(error);
        else
          log.debug('the log’s identity was not readable; the next look tries again', {
            reason: errorReason(error),
          });
      })
      .finally(() => runningLook.forget());
  }

  /** While stopped on another log: resumes once the checkpoints and the log agree again. */
  async function lookAgain(): Promise<void> {
    if (!logReplaced || options.stopped()) return;
    boundLog.forget();
    try {
      await boundLog.get();
    } catch (error) {
      if (error instanceof CheckpointsOfAnotherLog)
        logReplaced = { ...logReplaced, mismatches: error.mismatches };
      return;
    }
    stopLooking();
    logReplaced = undefined;
    log.info('checkpoints and log agree again; consumer resumed');
    if (!options.stopped()) await options.consumer().start();
  }

  return {
    async joined() {
      keepLooking();
      // Every join may be onto another log (a broker restored, brokers reconfigured): look again.
      boundLog.forget();
      const join = ++joins;
      const current = () => !options.stopped() && !logReplaced && join === joins;
      await boundLog.get().catch((error: unknown) => {
        if (error instanceof CheckpointsOfAnotherLog) stopOnAnotherLog(error);
        else
          void lookUntilRead({
            current,
            read: boundLog.get,
            onAnotherLog: stopOnAnotherLog,
            log,
            failure: error,
          });
      });
    },
    wentBack: lookWhileRunning,
    batchLog: (topics) => batchLogOf(boundLog, topics),
    stopOnAnotherLog,
    replaced: () => logReplaced,
    close() {
      stopLooking();
      if (runningCheckTimer) clearInterval(runningCheckTimer);
      runningCheckTimer = undefined;
    },
  };
}
