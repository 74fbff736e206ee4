import {
  type CheckpointLog,
  claimRetryingDeadLetters,
  insertDeadLetter,
  type LogMismatch,
  lockCheckpoints,
  logMismatches,
  logReplacedMessage,
  readCheckpoints,
  resolveDeadLetter,
  saveCheckpoints,
} from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import {
  createLogConsumer,
  type LogBatch,
  type LogConsumer,
  type LogConsumerOptions,
  type LogConsumerStatus,
  type LogRecord,
} from '@tradelog/schemas/log/consumer';
import type { KafkaSecurity } from '@tradelog/schemas/log/kafkaSecurity';
import { createLogSnapshotReader, type LogSnapshotReader } from '@tradelog/schemas/log/logSnapshot';
import { retryDelayMs } from '@tradelog/schemas/runtime/backoff';
import type pg from 'pg';
import {
  checkpointRows,
  type Decoded,
  eventsOf,
  groupSize,
  mayResume,
  type PartitionPlan,
  pendingOf,
  planPartition,
  undecodableOf,
} from './batchPlan.ts';
import { deadLetterOf, recordOf, retryResolution } from './deadLetterRecords.ts';
import { faultCode } from './faults.ts';
import { faultVerdict, isSystemicFailure } from './faultVerdicts.ts';
import { planRetry, type WaitingFor, waitingAfter } from './partitionRetry.ts';

/**
 * The one checkpointed consume loop (ARCHITECTURE "Batches, not records"), shared by every
 * projection and by the push processor. For each fetched batch of one partition:
 *
 * 1. decode every record (outside any transaction); a record that cannot be decoded is the
 *    record's fault and will be dead-lettered, a dependency fault retries the batch;
 * 2. queue it: the batches of several partitions that arrived while the previous transaction
 *    ran are applied together (group commit), so a busy consumer makes few, large
 *    transactions whatever the number of partitions;
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
 * This file is the shell (house style "Pure core, thin shell"): Kafka, Postgres and the
 * consumer's own state. What it decides without I/O is pure and unit-tested: which records a
 * transaction applies and the checkpoints it writes (batchPlan.ts), what a fault means where it
 * struck (faultVerdicts.ts), when and how loudly a partition is retried (partitionRetry.ts), a
 * record as a dead letter and back (deadLetterRecords.ts).
 */
export interface BatchHandler<E> {
  /** The dead letters' owner (a projection's name, or `push`). */
  name: string;
  decode(record: LogRecord): Promise<E> | E;
  /**
   * Runs first in the batch's transaction, after the checkpoint lock. `retired` ends the
   * consumer (a rebuild switched readers to another version); `go` applies the batch.
   */
  begin?(db: pg.PoolClient, events: readonly E[]): Promise<'go' | 'retired'>;
  /**
   * Applies decoded records, in log order, on the batch's transaction. May name the records
   * (log positions) its reducers found superseded: older than the rows they would replace. A
   * retried dead letter among them resolves as `superseded`, not `resolved`.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler that supersedes nothing (push) returns nothing
  apply(db: pg.PoolClient, events: readonly E[]): Promise<{ superseded?: readonly string[] } | void>;
  /**
   * After a commit that applied records (e.g. publish the outbox). `db` is the client the
   * transaction ran on, released by now: an identity for what `begin` and `apply` kept for
   * this transaction, not for queries.
   */
  afterCommit?(db: pg.PoolClient): void;
}

export interface CheckpointedConsumerOptions<E> {
  brokers: string[];
  /** TLS and SASL (schemas/src/log/kafkaSecurity.ts); plaintext when absent. */
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
  membership?: LogConsumerOptions['membership'];
  /** Exclusive upper bound of offsets to apply per partition (a rebuild stops at the live position). */
  limitOf?: (topic: string, partition: number) => bigint | undefined;
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
  /** What the operator does when this consumer's checkpoints are of another log (a projection: rebuild it). */
  logReplacedRemedy?: { cn: string; en: string };
}

/** A consumer stopped because its checkpoints are of another log (health, `/ready`, `/ops/pipeline`). */
export interface LogReplaced {
  since: string;
  mismatches: LogMismatch[];
  message: { cn: string; en: string };
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

/** Thrown inside the batch to roll it back and retry it later; never dead-letters anything. */
class RetryBatch extends Error {
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
class IsolateBatch extends Error {
  constructor(cause: unknown) {
    super('batch will be applied record by record', { cause });
    this.name = 'IsolateBatch';
  }
}

/** `topic/partition` back into its parts (Kafka's topic names hold no `/`). */
function slotOf(slot: string): { topic: string; partition: number } {
  const cut = slot.lastIndexOf('/');
  return { topic: slot.slice(0, cut), partition: Number(slot.slice(cut + 1)) };
}

export function createCheckpointedConsumer<E>(options: CheckpointedConsumerOptions<E>): CheckpointedConsumer {
  const { pool, handler, groupId } = options;
  const now = options.now ?? (() => new Date());
  const log = options.logger.scope({ consumer: handler.name, groupId });
  const attempts = new Map<string, number>();
  const limited = new Map<string, { topic: string; partition: number; nextOffset: bigint }>();
  let waitingFor: ConsumerHealth['waitingFor'];
  let retired = false;
  let timer: NodeJS.Timeout | undefined;
  let retrying = false;
  const snapshots =
    options.logSnapshots ??
    createLogSnapshotReader({
      brokers: options.brokers,
      security: options.security,
      clientId: options.clientId,
    });
  /** The log this assignment's checkpoints were found to belong to; read again on every join. */
  let verifying: Promise<CheckpointLog> | undefined;
  let logReplaced: LogReplaced | undefined;
  let logCheckTimer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function verifyLog(): Promise<CheckpointLog> {
    const [checkpoints, snapshot] = await Promise.all([
      readCheckpoints(pool, groupId),
      snapshots.read(options.topics),
    ]);
    const mismatches = logMismatches(checkpoints, snapshot);
    if (mismatches.length > 0) throw new CheckpointsOfAnotherLog(mismatches);
    return { clusterId: snapshot.clusterId, topicIds: snapshot.topicIds };
  }

  /** The verified log, read once per assignment (concurrent callers share the read; a failed read is tried again). */
  function boundLog(): Promise<CheckpointLog> {
    verifying ??= verifyLog().catch((error: unknown) => {
      verifying = undefined;
      throw error;
    });
    return verifying;
  }

  function stopOnAnotherLog(error: CheckpointsOfAnotherLog): void {
    if (logReplaced || stopped) return;
    logReplaced = {
      since: now().toISOString(),
      mismatches: error.mismatches,
      message: logReplacedMessage(handler.name, error.mismatches, options.logReplacedRemedy),
    };
    log.error('checkpoints are of another log; consumer stopped, nothing skipped', {
      partitions: error.mismatches.length,
      reason: error.mismatches[0]?.reason,
      mismatch: error.mismatches[0],
    });
    // Not from inside a kafkajs callback that may be waiting on this very consumer.
    setImmediate(() => void logConsumer.stop());
    logCheckTimer = setInterval(() => void lookAgain(), options.logCheckMs ?? 10_000);
  }

  /**
   * After a join whose look could not read the log (a broker still starting): looks again with a
   * growing delay until it can, whether or not batches come (a partition that gets no new record
   * would otherwise never be looked at). A later join takes over.
   */
  let joins = 0;
  async function lookUntilRead(join: number): Promise<void> {
    for (let attempt = 1; !stopped && !logReplaced && join === joins; attempt++) {
      const delayMs = retryDelayMs(attempt, { initial: 500, max: 10_000 });
      log.warn('the log’s identity was not readable; looking again', { attempt, delayMs });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (stopped || logReplaced || join !== joins) return;
      try {
        await boundLog();
        return;
      } catch (error) {
        if (error instanceof CheckpointsOfAnotherLog) return stopOnAnotherLog(error);
      }
    }
  }

  /** While stopped on another log: resumes once the checkpoints and the log agree again. */
  async function lookAgain(): Promise<void> {
    if (!logReplaced || stopped) return;
    verifying = undefined;
    try {
      await boundLog();
    } catch (error) {
      if (error instanceof CheckpointsOfAnotherLog)
        logReplaced = { ...logReplaced, mismatches: error.mismatches };
      return;
    }
    if (logCheckTimer) clearInterval(logCheckTimer);
    logCheckTimer = undefined;
    logReplaced = undefined;
    log.info('checkpoints and log agree again; consumer resumed');
    if (!stopped) await logConsumer.start();
  }

  const logConsumer: LogConsumer = createLogConsumer({
    brokers: options.brokers,
    security: options.security,
    clientId: options.clientId,
    groupId,
    topics: options.topics,
    logger: options.logger,
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.membership ? { membership: options.membership } : {}),
    startOffsets: async () => {
      // Every join may be onto another log (a broker restored, brokers reconfigured): look again.
      verifying = undefined;
      const join = ++joins;
      await boundLog().catch((error: unknown) => {
        if (error instanceof CheckpointsOfAnotherLog) stopOnAnotherLog(error);
        else void lookUntilRead(join);
      });
      return new Map(
        (await readCheckpoints(pool, groupId)).map((c) => [`${c.topic}/${c.partition}`, c.nextOffset]),
      );
    },
    onBatch,
  });

  async function decodeAll(records: readonly LogRecord[]): Promise<Decoded<E>[]> {
    const out: Decoded<E>[] = [];
    for (const record of records) {
      try {
        out.push({ record, event: await handler.decode(record) });
      } catch (fault) {
        if (faultVerdict(fault, 'decode') === 'retry') throw new RetryBatch(fault);
        out.push({ record, fault });
      }
    }
    return out;
  }

  async function deadLetter(db: pg.PoolClient, record: LogRecord, fault: unknown): Promise<void> {
    const letter = deadLetterOf(record, fault, { projection: handler.name, consumerGroup: groupId }, now());
    log.warn('record dead-lettered', {
      topic: record.topic,
      partition: record.partition,
      offset: record.offset,
      code: letter.errorCode,
      error: fault as Error,
    });
    await insertDeadLetter(db, letter);
  }

  /**
   * Applies decoded records record by record, each under a savepoint: those that fail alone are
   * dead-lettered, unless (in `batch` mode) every record fails alike with an unclear fault — then
   * it is no record's fault and the whole batch is retried. Records that could not be decoded
   * are dead-lettered here too. Returns how many records went to dead letters, and the
   * positions of those the handler found superseded.
   */
  async function applyOneByOne(
    db: pg.PoolClient,
    items: readonly Decoded<E>[],
    mode: 'batch' | 'retry',
  ): Promise<{ deadLettered: number; superseded: ReadonlySet<string> }> {
    const good = items.filter((item) => item.fault === undefined);
    const undecodable = undecodableOf(items);
    const failures: { item: Decoded<E>; fault: unknown }[] = [];
    const superseded = new Set<string>();
    for (const item of good) {
      await db.query('SAVEPOINT record');
      try {
        const applied = await handler.apply(db, [item.event as E]);
        for (const position of applied?.superseded ?? []) superseded.add(position);
        await db.query('RELEASE SAVEPOINT record');
      } catch (recordFault) {
        if (faultVerdict(recordFault, 'record') === 'retry') throw new RetryBatch(recordFault);
        await db.query('ROLLBACK TO SAVEPOINT record').catch((error: unknown) => {
          throw new RetryBatch(error);
        });
        failures.push({ item, fault: recordFault });
      }
    }
    const faults = failures.map((failure) => failure.fault);
    if (mode === 'batch' && isSystemicFailure(faults, good.length)) throw new RetryBatch(faults[0]);
    for (const failure of failures) await deadLetter(db, failure.item.record, failure.fault);
    for (const item of undecodable) await deadLetter(db, item.record, item.fault);
    return { deadLettered: failures.length + undecodable.length, superseded };
  }

  function retryLater(batch: LogBatch, from: string, cause: unknown) {
    const slot = `${batch.topic}/${batch.partition}`;
    const attempt = (attempts.get(slot) ?? 0) + 1;
    attempts.set(slot, attempt);
    const { delayMs, quiet } = planRetry(cause, attempt, options.retryBackoff);
    if (quiet) {
      log.info('contention; batch retried', {
        topic: batch.topic,
        partition: batch.partition,
        attempt,
        delayMs,
        code: faultCode(cause),
      });
      logConsumer.retryFrom(batch.topic, batch.partition, from, delayMs);
      return;
    }
    waitingFor = waitingAfter(waitingFor, cause, attempts, now);
    log.warn('dependency fault; partition paused and retried', {
      topic: batch.topic,
      partition: batch.partition,
      attempt,
      delayMs,
      code: waitingFor.code,
      error: cause as Error,
    });
    logConsumer.retryFrom(batch.topic, batch.partition, from, delayMs);
  }

  type BatchOutcome =
    | { kind: 'retired' | 'went-back' | 'inactive' }
    | {
        kind: 'applied';
        applied: number;
        deadLettered: number;
        nextOffset: bigint;
        through: string | undefined;
        stoppedAtLimit: boolean;
      };

  const outcomeOf = (plan: PartitionPlan<E>, deadLettered: number): BatchOutcome =>
    plan.kind === 'apply'
      ? {
          kind: 'applied',
          applied: plan.pending.length,
          deadLettered,
          nextOffset: plan.nextOffset,
          through: plan.through,
          stoppedAtLimit: plan.stoppedAtLimit,
        }
      : { kind: plan.kind };

  /** A fetched batch, decoded, waiting for the next group transaction. */
  interface Queued {
    batch: LogBatch;
    decoded: readonly Decoded<E>[];
    limit: bigint | undefined;
    started: number;
    done: (through: string | undefined) => void;
  }

  /**
   * One transaction for the batches of several partitions (group commit: the batches that
   * arrived while the previous transaction ran): their checkpoint rows locked in one statement,
   * records below a checkpoint dropped, `begin`, every record applied (`whole`: as one batch, no
   * savepoint, so the happy path costs no extra round trips; `isolated`, for one batch only:
   * record by record under savepoints), dead letters, the checkpoints, commit. A failure of the
   * whole for anything but a dependency is raised as IsolateBatch.
   */
  async function applyTransaction(
    items: readonly Queued[],
    mode: 'whole' | 'isolated',
  ): Promise<{ outcomes: BatchOutcome[]; db: pg.PoolClient }> {
    const logOfBatch = await bindBatchLog(items);
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new RetryBatch(error);
    }
    try {
      await client.query('BEGIN');
      const stored = await lockCheckpoints(
        client,
        groupId,
        items.map((item) => ({ topic: item.batch.topic, partition: item.batch.partition })),
      );
      // Another instance may have stored these rows on another log since this one looked.
      const foreign = logMismatches(
        [...stored].map(([slot, row]) => ({ ...slotOf(slot), ...row })),
        { ...logOfBatch, ends: new Map() },
      );
      if (foreign.length > 0) throw new CheckpointsOfAnotherLog(foreign);
      // Planned in order, each went-back partition sent back before the next batch is asked
      // whether it is still active.
      const plans: PartitionPlan<E>[] = [];
      for (const item of items) {
        const { topic, partition } = item.batch;
        const plan = planPartition(item.decoded, {
          checkpoint: BigInt(stored.get(`${topic}/${partition}`)?.nextOffset ?? '0'),
          limit: item.limit,
          active: item.batch.isActive(),
        });
        if (plan.kind === 'went-back') {
          log.warn('batch starts past the checkpoint; going back to it', {
            topic,
            partition,
            checkpoint: String(plan.checkpoint),
            first: plan.first,
          });
          logConsumer.retryFrom(topic, partition, String(plan.checkpoint), 0);
        }
        plans.push(plan);
      }
      const allPending = plans.flatMap(pendingOf);
      const events = eventsOf(allPending);
      if (allPending.length > 0 && handler.begin && (await handler.begin(client, events)) === 'retired') {
        await client.query('ROLLBACK');
        retired = true;
        log.info('version no longer live; handing over');
        setImmediate(() => options.onRetired?.());
        return { outcomes: items.map(() => ({ kind: 'retired' })), db: client };
      }
      const deadLettered = plans.map(() => 0);
      if (allPending.length > 0) {
        if (mode === 'isolated') {
          for (const [index, plan] of plans.entries())
            if (plan.kind === 'apply')
              deadLettered[index] = (await applyOneByOne(client, plan.pending, 'batch')).deadLettered;
        } else {
          if (events.length > 0) {
            try {
              await handler.apply(client, events);
            } catch (fault) {
              throw faultVerdict(fault, 'whole') === 'retry'
                ? new RetryBatch(fault)
                : new IsolateBatch(fault);
            }
          }
          for (const [index, plan] of plans.entries()) {
            for (const item of undecodableOf(pendingOf(plan))) {
              await deadLetter(client, item.record, item.fault);
              deadLettered[index]!++;
            }
          }
        }
        await saveCheckpoints(
          client,
          groupId,
          checkpointRows(
            items.map((item, index) => ({
              topic: item.batch.topic,
              partition: item.batch.partition,
              plan: plans[index]!,
            })),
          ),
          now(),
          logOfBatch,
        );
      }
      await options.beforeCommit?.(allPending.length);
      await client.query('COMMIT');
      return { outcomes: plans.map((plan, index) => outcomeOf(plan, deadLettered[index]!)), db: client };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (
        error instanceof RetryBatch ||
        error instanceof IsolateBatch ||
        error instanceof CheckpointsOfAnotherLog
      )
        throw error;
      // Whatever failed here failed outside the records (the savepoints caught those).
      throw new RetryBatch(error);
    } finally {
      client.release();
    }
  }

  /**
   * The log a group transaction stores its checkpoints for: the one verified for this assignment
   * (read again when a batch comes from a topic the last reading did not know). Checkpoints of
   * another log stop the consumer; a log that cannot be read now retries the batch.
   */
  async function bindBatchLog(items: readonly Queued[]): Promise<CheckpointLog> {
    try {
      let bound = await boundLog();
      if (items.some((item) => !bound.topicIds.has(item.batch.topic))) {
        verifying = undefined;
        bound = await boundLog();
      }
      return bound;
    } catch (error) {
      if (error instanceof CheckpointsOfAnotherLog) throw error;
      throw new RetryBatch(error);
    }
  }

  function finish(item: Queued, outcome: BatchOutcome): void {
    const { topic, partition } = item.batch;
    const slot = `${topic}/${partition}`;
    if (outcome.kind !== 'applied') {
      item.done(undefined);
      return;
    }
    const { applied, deadLettered, nextOffset, through, stoppedAtLimit } = outcome;
    attempts.delete(slot);
    if (attempts.size === 0) waitingFor = undefined;
    if (stoppedAtLimit) {
      limited.set(slot, { topic, partition, nextOffset });
      logConsumer.pause(topic, partition, String(nextOffset));
    }
    if (applied > 0) {
      log.debug('batch applied', {
        topic,
        partition,
        applied,
        deadLettered,
        durationMs: Math.round(performance.now() - item.started),
      });
    }
    options.onApplied?.({ topic, partition, applied, nextOffset });
    item.done(through);
  }

  /** Applies a group; a group that fails for a record's sake is split, and a single batch isolated. */
  async function applyGroup(items: readonly Queued[]): Promise<void> {
    try {
      const { outcomes, db } = await applyTransaction(items, 'whole');
      for (const [index, item] of items.entries()) finish(item, outcomes[index]!);
      if (outcomes.some((o) => o.kind === 'applied' && o.applied > 0)) handler.afterCommit?.(db);
      return;
    } catch (error) {
      if (error instanceof CheckpointsOfAnotherLog) {
        stopOnAnotherLog(error);
        for (const item of items) item.done(undefined);
        return;
      }
      if (!(error instanceof IsolateBatch)) {
        const cause = error instanceof RetryBatch ? error.cause : error;
        for (const item of items) {
          retryLater(item.batch, item.decoded[0]!.record.offset, cause);
          item.done(undefined);
        }
        return;
      }
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
        finish(item, outcomes[0]!);
        handler.afterCommit?.(db);
      } catch (isolated) {
        if (isolated instanceof CheckpointsOfAnotherLog) {
          stopOnAnotherLog(isolated);
          item.done(undefined);
          return;
        }
        retryLater(
          item.batch,
          item.decoded[0]!.record.offset,
          isolated instanceof RetryBatch ? isolated.cause : isolated,
        );
        item.done(undefined);
      }
    }
  }

  const queue: Queued[] = [];
  let draining = false;
  /** Largest group, in records: bounds one transaction's size. */
  const maxGroupRecords = options.maxGroupRecords ?? 5000;

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
          maxGroupRecords,
        );
        const group = queue.splice(0, take);
        try {
          await applyGroup(group);
        } catch (error) {
          // Never leave a batch waiting: whatever went wrong here, its partition is fetched again.
          for (const item of group) {
            retryLater(item.batch, item.decoded[0]!.record.offset, error);
            item.done(undefined);
          }
        }
      }
    } finally {
      draining = false;
    }
  }

  async function onBatch(batch: LogBatch): Promise<string | undefined> {
    if (retired || logReplaced) return undefined;
    const started = performance.now();
    const firstOffset = batch.records[0]!.offset;
    let decoded: Decoded<E>[];
    try {
      decoded = await decodeAll(batch.records);
    } catch (error) {
      retryLater(batch, firstOffset, error instanceof RetryBatch ? error.cause : error);
      return undefined;
    }
    if (!batch.isActive()) return undefined;
    const limit = options.limitOf?.(batch.topic, batch.partition);
    return new Promise<string | undefined>((done) => {
      queue.push({ batch, decoded, limit, started, done });
      void drain();
    });
  }

  /** Applies the dead letters an operator marked `retrying`, through the same handler. */
  async function retryDeadLetters(): Promise<void> {
    if (retrying || retired || logReplaced) return;
    retrying = true;
    const client = await pool.connect().catch(() => undefined);
    if (!client) {
      retrying = false;
      return;
    }
    try {
      await client.query('BEGIN');
      const letters = await claimRetryingDeadLetters(client, handler.name, 50);
      if (letters.length === 0) {
        await client.query('ROLLBACK');
        return;
      }
      const records = letters.map(recordOf);
      const decoded = await decodeAll(records);
      if (handler.begin) {
        if ((await handler.begin(client, eventsOf(decoded))) === 'retired') {
          await client.query('ROLLBACK');
          return;
        }
      }
      // One at a time: a letter that fails again counts an attempt and stays. One its record is
      // older than what the rows reflect changed nothing and is done with: superseded.
      let resolved = 0;
      let superseded = 0;
      for (const [index, item] of decoded.entries()) {
        const outcome = await applyOneByOne(client, [item], 'retry');
        if (outcome.deadLettered > 0) continue;
        const resolution = retryResolution(item.record, outcome.superseded);
        await resolveDeadLetter(client, letters[index]!.id, resolution, now());
        if (resolution === 'superseded') superseded++;
        else resolved++;
      }
      await client.query('COMMIT');
      log.info('dead letters retried', { claimed: letters.length, resolved, superseded });
      if (resolved > 0) handler.afterCommit?.(client);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      log.warn('dead-letter retry failed; will try again', { error: error as Error });
    } finally {
      client.release();
      retrying = false;
    }
  }

  function tick() {
    for (const [slot, stop] of limited) {
      if (mayResume(options.limitOf?.(stop.topic, stop.partition), stop.nextOffset)) {
        limited.delete(slot);
        logConsumer.resume(stop.topic, stop.partition);
      }
    }
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
      if (logCheckTimer) clearInterval(logCheckTimer);
      logCheckTimer = undefined;
      await logConsumer.stop();
      if (!options.logSnapshots) await snapshots.close();
    },
    health: () => ({
      name: handler.name,
      groupId,
      consumer: logConsumer.status(),
      ...(waitingFor ? { waitingFor } : {}),
      retired,
      ...(logReplaced ? { logReplaced } : {}),
    }),
    retryDeadLetters,
  };
}
