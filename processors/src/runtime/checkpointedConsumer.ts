import { readCheckpoints } from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import {
  createLogConsumer,
  type LogBatch,
  type LogConsumer,
  type LogConsumerOptions,
  type LogConsumerStatus,
} from '@tradelog/schemas/kit/log/consumer';
import type { KafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import { createLogSnapshotReader, type LogSnapshotReader } from '@tradelog/schemas/kit/log/logSnapshot';
import { createRecordReader, type RecordPlace, readRecordsAt } from '@tradelog/schemas/kit/log/records';
import type pg from 'pg';
import { retryCause } from './batchFaults.ts';
import type { BatchHandler } from './batchHandler.ts';
import type { Decoded } from './batchPlan.ts';
import { type BatchSink, batchSinkOf } from './batchSink.ts';
import { createCatchUp } from './catchUp.ts';
import {
  type CheckpointLogWatch,
  type CheckpointLogWatchOptions,
  createCheckpointLogWatch,
  type LogReplaced,
} from './checkpointLogWatch.ts';
import { createDeadLetterRetry } from './deadLetterRetry.ts';
import { createGroupTransaction } from './groupTransaction.ts';
import { createLimitPauses } from './limitPauses.ts';
import type { MergedRead } from './mergedIntake.ts';
import { createPartitionBackoff, type PartitionBackoff } from './partitionBackoff.ts';
import type { WaitingFor } from './partitionRetry.ts';
import { createRecordSteps, type RecordSteps } from './recordSteps.ts';

/**
 * The one checkpointed consume loop (ARCHITECTURE "Batches, not records"), shared by every
 * projection and by the push processor. For each fetched batch of one partition:
 *
 * 1. decode every record (outside any transaction); a record that cannot be decoded is the
 *    record's fault and will be dead-lettered, a dependency fault retries the batch;
 * 2. queue it: the batches of several partitions that arrived while the previous transaction
 *    ran are applied together (group commit), so a busy consumer makes few, large
 *    transactions whatever the number of partitions; a rebuild, and a live consumer catching up
 *    with a backlog, group them by a merge of the partitions by received-at instead
 *    (batchSink.ts);
 * 3. in ONE transaction: lock the partitions' checkpoint rows, drop records below them (already
 *    applied), let the handler `begin` (locks, "still live?"), apply every decoded record as
 *    one batch, write dead letters and the new checkpoints, commit;
 * 4. if that fails: a transient fault rolls back and the partitions are fetched again after a
 *    growing delay; a record fault or an unclear one splits the group into its batches, and a
 *    batch that still fails is isolated record by record once (a savepoint each): records that
 *    fail alone are dead-lettered, unless every record fails alike with an unclear fault — then
 *    it is no record's fault (a bug, a missing table) and the batch is retried like a transient
 *    fault, so nothing is skipped.
 *
 * Postgres is the only source of offsets: on every group join each partition starts at its
 * stored checkpoint, and a batch that starts past it makes the partition go back to it.
 *
 * A checkpoint names the log it was taken on (projections/src/logBinding.ts): on every group
 * join, and before the first transaction after it, the consumer reads the cluster's and topics'
 * ids and ends and compares them with its checkpoints; every transaction compares the ids of the
 * rows it locks and stores them with the new offsets. Checkpoints of another log (a new cluster,
 * a recreated topic, a checkpoint past the log's end) stop the consumer: nothing is applied and
 * nothing skipped, health says `logReplaced` with the operator's words, and the consumer looks
 * again every `logCheckMs` (an operator may point it back at the right cluster, or a rebuild may
 * give its projection a version of the new log).
 *
 * This file is the shell (house style "Pure core, thin shell"): it wires the steps, each in a
 * module of its own named for it, and keeps the consumer's own state (retired, stopped, paused
 * at a limit). What it decides without I/O is pure and unit-tested: which records a transaction
 * applies and the checkpoints it writes (batchPlan.ts), what a fault means where it struck
 * (faultVerdicts.ts, batchFaults.ts), when and how loudly a partition is retried
 * (partitionRetry.ts), a record as a dead letter and back (deadLetterRecords.ts), the merge's
 * order (mergeOrder.ts). The steps with I/O: the log the checkpoints belong to
 * (checkpointLogWatch.ts), decoding and record-by-record application (recordSteps.ts), the group
 * transaction (groupTransaction.ts), where decoded batches go (batchSink.ts: the queue that
 * groups them, groupCommitQueue.ts, or the merge, mergedIntake.ts, and a live consumer's
 * catch-up, catchUp.ts), the retries of failed partitions (partitionBackoff.ts), and the
 * operator's retries of dead letters (deadLetterRetry.ts).
 */
export interface CheckpointedConsumerOptions<E> {
  brokers: string[];
  /** TLS and SASL (schemas/src/kit/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  clientId: string;
  groupId: string;
  topics: readonly string[];
  pool: pg.Pool;
  handler: BatchHandler<E>;
  logger: Logger;
  now?: () => Date;
  partitionsConsumedConcurrently?: number;
  fetch?: LogConsumerOptions['fetch'];
  maxBytesPerPartition?: LogConsumerOptions['maxBytesPerPartition'];
  membership?: LogConsumerOptions['membership'];
  topicsReady?: LogConsumerOptions['topicsReady'];
  /** Exclusive upper bound of offsets to apply per partition (a rebuild stops at the live position). */
  limitOf?: (topic: string, partition: number) => bigint | undefined;
  /**
   * Read the topics merged in one order, whatever the fetches (a rebuild: mergedIntake.ts):
   * every partition the consumer reads, where it stands and the bound it reads up to.
   */
  mergedRead?: MergedRead;
  /** After each committed batch: the partition's new position (`applied` is 0 when every record was dead-lettered). */
  onApplied?: (progress: { topic: string; partition: number; applied: number; nextOffset: bigint }) => void;
  /** Called once when `begin` answers `retired`. */
  onRetired?: () => void;
  /** Test seam: runs inside the transaction just before COMMIT (a throw there is a crash mid-batch). */
  beforeCommit?: (applied: number) => Promise<void> | void;
  /** How often parked partitions and operator retries of dead letters are looked at. */
  tickMs?: number;
  retryBackoff?: { initial?: number; max?: number };
  /** The most records one group transaction applies (5,000 by default). */
  maxGroupRecords?: number;
  /** Where the log's ids and ends are read (a reader of its own on `brokers` by default). */
  logSnapshots?: LogSnapshotReader;
  /** How often a consumer stopped on another log's checkpoints looks again (10 s). */
  logCheckMs?: number;
  /**
   * Whether this consumer owes every record of its topics from offset 0 (a live projection, the
   * push processor; by default), so a partition it has no checkpoint for and whose first records
   * were deleted is a skip (projections/src/logBinding.ts `owedCheckpoints`); a build owes the
   * log from the positions it stored on opening.
   */
  owesWholeLog?: boolean;
  /** What the operator does when this consumer's checkpoints are of another log (a projection: rebuild it). */
  logReplacedRemedy?: { cn: string; en: string };
}

export interface ConsumerHealth {
  name: string;
  groupId: string;
  consumer: LogConsumerStatus;
  /** The last dependency fault that holds partitions back, until a batch goes through again. */
  waitingFor?: WaitingFor;
  retired: boolean;
  /** While a live version of an older revision is being rebuilt (runtime/supervisor.ts). */
  upgrading?: { fromVersion: number; revision: number; since: string };
  /** Stopped: its checkpoints are of another log than the one it reads now. */
  logReplaced?: LogReplaced;
}

export interface CheckpointedConsumer {
  start(): Promise<void>;
  stop(): Promise<void>;
  health(): ConsumerHealth;
  /** Applies dead letters an operator asked to retry (also runs on every tick). */
  retryDeadLetters(): Promise<void>;
}

/** The watch over the log this consumer's checkpoints belong to (header: "A checkpoint names the log"). */
function logWatchOf<E>(
  options: CheckpointedConsumerOptions<E>,
  context: Pick<CheckpointLogWatchOptions, 'snapshots' | 'log' | 'now' | 'consumer' | 'stopped'>,
): CheckpointLogWatch {
  return createCheckpointLogWatch({
    pool: options.pool,
    groupId: options.groupId,
    topics: options.topics,
    name: options.handler.name,
    ...context,
    logCheckMs: options.logCheckMs,
    logReplacedRemedy: options.logReplacedRemedy,
    owesWholeLog: options.owesWholeLog ?? true,
    lastRecords: (places) => readLastRecords(options, places),
  });
}

/**
 * The records at the checkpoints' last applied offsets, with their timestamps (rule 6 of
 * projections/src/logBinding.ts), on a reader opened for the look and closed after it: a look
 * comes with a join, so no connection is kept for it between joins.
 */
async function readLastRecords(
  options: Pick<CheckpointedConsumerOptions<unknown>, 'brokers' | 'security' | 'clientId'>,
  places: readonly RecordPlace[],
): Promise<Map<string, { offset: string; timestamp: string }>> {
  if (places.length === 0) return new Map();
  const reader = createRecordReader({
    brokers: options.brokers,
    security: options.security,
    clientId: `${options.clientId}-checkpoint-records`,
  });
  try {
    const records = await readRecordsAt(reader, places);
    return new Map(
      [...records].map(([slot, record]) => [slot, { offset: record.offset, timestamp: record.timestamp }]),
    );
  } finally {
    await reader.close().catch(() => undefined);
  }
}

/** Partitions paused on the log consumer at their limit, resumed once it moves. */
const limitPausesOn = (consumer: LogConsumer, limitOf: CheckpointedConsumerOptions<unknown>['limitOf']) =>
  createLimitPauses({
    limitOf,
    pause: (topic, partition, from) => consumer.pause(topic, partition, from),
    resume: (topic, partition) => consumer.resume(topic, partition),
  });

/**
 * The Kafka side of the loop: every group join starts each partition at its stored checkpoint,
 * read once the log watch has looked at the log those checkpoints belong to.
 */
function checkpointStartedConsumer<E>(
  options: CheckpointedConsumerOptions<E>,
  logWatch: CheckpointLogWatch,
  onBatch: (batch: LogBatch) => Promise<string | undefined>,
  onAssigned: LogConsumerOptions['onAssigned'],
): LogConsumer {
  return createLogConsumer({
    brokers: options.brokers,
    security: options.security,
    clientId: options.clientId,
    groupId: options.groupId,
    topics: options.topics,
    logger: options.logger,
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.maxBytesPerPartition ? { maxBytesPerPartition: options.maxBytesPerPartition } : {}),
    ...(options.membership ? { membership: options.membership } : {}),
    topicsReady: options.topicsReady,
    startOffsets: async () => {
      await logWatch.joined();
      return new Map(
        (await readCheckpoints(options.pool, options.groupId)).map((c) => [
          `${c.topic}/${c.partition}`,
          c.nextOffset,
        ]),
      );
    },
    onBatch,
    onAssigned,
  });
}

/**
 * A fetched batch's way in (steps 1 and 2 in the header): decoded outside any transaction, then
 * queued for the group transaction, which settles it. Nothing is taken while the consumer is
 * idle (retired, or stopped on another log); a dependency fault while decoding fetches the
 * partition again later.
 */
function createBatchIntake<E>(context: {
  steps: RecordSteps<E>;
  backoff: PartitionBackoff;
  sink: BatchSink<E>;
  limitOf: CheckpointedConsumerOptions<E>['limitOf'];
  idle: () => boolean;
}): (batch: LogBatch) => Promise<string | undefined> {
  const { steps, backoff, sink } = context;
  return async (batch) => {
    if (context.idle()) return undefined;
    const started = performance.now();
    const firstOffset = batch.records[0]!.offset;
    let decoded: Decoded<E>[];
    try {
      decoded = await steps.decodeAll(batch.records);
    } catch (error) {
      backoff.retryLater(batch, firstOffset, retryCause(error));
      return undefined;
    }
    if (!batch.isActive()) return undefined;
    const limit = context.limitOf?.(batch.topic, batch.partition);
    return new Promise<string | undefined>((done) => {
      sink.push({ batch, decoded, limit, started, done });
    });
  };
}

/** What `/health` and `/ready` say of a consumer; a member with nothing to say is left out. */
function healthOf(state: {
  name: string;
  groupId: string;
  consumer: LogConsumerStatus;
  waitingFor: WaitingFor | undefined;
  retired: boolean;
  logReplaced: LogReplaced | undefined;
}): ConsumerHealth {
  const { name, groupId, consumer, waitingFor, retired, logReplaced } = state;
  return {
    name,
    groupId,
    consumer,
    ...(waitingFor ? { waitingFor } : {}),
    retired,
    ...(logReplaced ? { logReplaced } : {}),
  };
}

/**
 * The shell: it wires the steps around the state they share (stopped, retired, the tick's
 * timer); each step is a module of its own, named in the header above.
 */
export function createCheckpointedConsumer<E>(options: CheckpointedConsumerOptions<E>): CheckpointedConsumer {
  const { pool, handler, groupId } = options;
  const now = options.now ?? (() => new Date());
  const log = options.logger.scope({ consumer: handler.name, groupId });
  let retired = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const { brokers, security, clientId } = options;
  const snapshots =
    options.logSnapshots ?? createLogSnapshotReader({ brokers, security, clientId, starts: true });
  const logWatch: CheckpointLogWatch = logWatchOf(options, {
    snapshots,
    log,
    now,
    consumer: () => logConsumer,
    stopped: () => stopped,
  });
  const catchUp = createCatchUp({ snapshots, topics: options.topics, log, onRead: () => sink.poke() });
  const logConsumer: LogConsumer = checkpointStartedConsumer(
    options,
    logWatch,
    (batch) => intake(batch),
    (assignment, start) => {
      sink.rejoined();
      // A build reads merged whatever it finds (mergedRead); a live consumer, its backlog.
      if (!options.mergedRead) catchUp.assigned(assignment, start);
    },
  );
  const retryFrom = (topic: string, partition: number, from: string, delayMs: number) =>
    logConsumer.retryFrom(topic, partition, from, delayMs);
  const backoff = createPartitionBackoff({ log, now, retryBackoff: options.retryBackoff, retryFrom });
  const steps = createRecordSteps({ handler, groupId, log, now });
  const applyTransaction = createGroupTransaction({
    pool,
    groupId,
    handler,
    log,
    now,
    steps,
    batchLog: logWatch.batchLog,
    retryFrom,
    wentBack: () => void logWatch.wentBack(),
    retire() {
      retired = true;
      log.info('version no longer live; handing over');
      setImmediate(() => options.onRetired?.());
    },
    beforeCommit: options.beforeCommit,
  });
  const idle = () => retired || logWatch.replaced() !== undefined;
  const retryDeadLetters = createDeadLetterRetry({
    pool,
    handler,
    log,
    now,
    steps,
    idle,
    consumerGroup: options.groupId,
  });
  const limits = limitPausesOn(logConsumer, options.limitOf);
  const sink = batchSinkOf(options, applyTransaction, {
    log,
    backoff,
    limits,
    stopOnAnotherLog: logWatch.stopOnAnotherLog,
    consumer: logConsumer,
    catchUp,
  });
  const intake = createBatchIntake({ steps, backoff, sink, limitOf: options.limitOf, idle });

  function tick() {
    limits.resumeMoved();
    sink.poke();
    void retryDeadLetters();
  }

  return {
    async start() {
      stopped = false;
      await logConsumer.start();
      timer = setInterval(tick, options.tickMs ?? 500);
      log.info('consumer started', { topics: options.topics });
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      sink.clear();
      logWatch.close();
      await logConsumer.stop();
      if (!options.logSnapshots) await snapshots.close();
    },
    health: () =>
      healthOf({
        name: handler.name,
        groupId,
        consumer: logConsumer.status(),
        waitingFor: backoff.waitingFor(),
        retired,
        logReplaced: logWatch.replaced(),
      }),
    retryDeadLetters,
  };
}
