import {
  claimRetryingDeadLetters,
  deleteOutboxEntries,
  insertDeadLetter,
  insertOutboxEntries,
  lockCheckpoint,
  lockProjectionShared,
  readCheckpoints,
  readOutbox,
  resolveDeadLetter,
  saveCheckpoint,
  versionState,
} from '@tradelog/projections';
import { isTradelogError, type Logger } from '@tradelog/schemas';
import type { RegistryCodec } from '@tradelog/schemas/log/codec';
import type { LogProducer } from '@tradelog/schemas/log/producer';
import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import type pg from 'pg';
import type { ChangeEvent } from '../changes.ts';
import { decodeDocumentRecord, type LogRecord } from '../documents/decode.ts';
import type { Projection } from './projection.ts';

/**
 * The consumer runtime every projection shares (issue 4): a consumer group per projection
 * version, `autoCommit: false`, Postgres as the only source of truth for offsets. A batch is
 * applied in ONE transaction together with its new offsets; records that cannot be decoded or
 * applied go to the dead-letter table inside that transaction and the batch goes on; change
 * events go to an outbox in the same transaction and are published after it commits.
 *
 * kafkajs' own committed offsets are written after each commit as a hint for lag monitoring
 * only; the runtime never trusts them: each batch is checked against the checkpoint it locks
 * (records below it are skipped, a gap above it makes the runtime seek back).
 */
export interface ProjectionConsumerOptions {
  kafka: Kafka;
  pool: pg.Pool;
  codec: Pick<RegistryCodec, 'decode'>;
  projection: Projection;
  version: { schemaName: string; consumerGroup: string };
  topics: readonly string[];
  /**
   * The live version takes the projection's shared lock in each batch, checks it is still live
   * and writes change events; a version being rebuilt does neither (its events were published
   * when the live version applied the same records).
   */
  live: boolean;
  logger: Logger;
  changes?: { producer: LogProducer; topic: string };
  now?: () => Date;
  /** Exclusive upper bound of offsets to apply per partition (rebuilds stop at the live position). */
  limitOf?: (topic: string, partition: number) => bigint | undefined;
  onApplied?: (progress: { topic: string; partition: number; applied: number; nextOffset: bigint }) => void;
  /** Called (once) when a batch finds this version no longer live: the supervisor moves to the new one. */
  onRetired?: () => void;
  /** Test seam: runs inside the transaction after each applied record (a throw there is a crash mid-batch). */
  afterRecordApplied?: (appliedInBatch: number) => Promise<void> | void;
  retryIntervalMs?: number;
}

export interface ProjectionConsumer {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Publishes what is left in the outbox (also runs after each batch and at start). */
  flushOutbox(): Promise<void>;
}

/** Errors of the database connection or of contention: retry the batch, never dead-letter the record. */
function isInfrastructureError(error: unknown): boolean {
  if (isTradelogError(error)) return error.retriable;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^(08|40|53|57|58|XX)/.test(code)) return true;
  return /Connection terminated|ECONNRESET|ECONNREFUSED|Client has encountered a connection error/i.test(
    String(error),
  );
}

function toRecord(
  topic: string,
  partition: number,
  message: EachBatchPayload['batch']['messages'][number],
): LogRecord {
  return {
    topic,
    partition,
    offset: message.offset,
    key: message.key,
    value: message.value,
    headers: (message.headers ?? {}) as LogRecord['headers'],
  };
}

const headerText = (headers: LogRecord['headers']): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      (Array.isArray(value) ? value[0] : value)?.toString() ?? '',
    ]),
  );

export function createProjectionConsumer(options: ProjectionConsumerOptions): ProjectionConsumer {
  const { pool, projection, version, live } = options;
  const now = options.now ?? (() => new Date());
  const log = options.logger.scope({ projection: projection.name, consumerGroup: version.consumerGroup });
  const consumer: Consumer = options.kafka.consumer({
    groupId: version.consumerGroup,
    maxWaitTimeInMs: 250,
    allowAutoTopicCreation: false,
    retry: { retries: 10 },
  });
  const paused = new Map<string, { topic: string; partition: number; nextOffset: bigint }>();
  /** Partitions where a seek back to the checkpoint found records missing: accepted as they are. */
  const gapsSeen = new Set<string>();
  let retired = false;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let retrying = false;

  const signalRetired = () => {
    if (retired) return;
    retired = true;
    log.info('version no longer live; handing over');
    setImmediate(() => options.onRetired?.());
  };

  async function deadLetter(db: pg.PoolClient, record: LogRecord, error: unknown) {
    const code = isTradelogError(error) ? error.code : 'APPLY_FAILED';
    log.warn('record dead-lettered', {
      topic: record.topic,
      partition: record.partition,
      offset: record.offset,
      code,
      error: error as Error,
    });
    await insertDeadLetter(db, {
      projection: projection.name,
      consumerGroup: version.consumerGroup,
      topic: record.topic,
      partition: record.partition,
      offset: record.offset,
      recordKey: record.key?.toString() ?? null,
      headers: headerText(record.headers),
      value: record.value,
      errorCode: code,
      errorMessage: (error as Error).message ?? String(error),
      failedAt: now(),
    });
  }

  /** Decodes and applies one record under a savepoint; false when it went to the dead letters instead. */
  async function applyRecord(db: pg.PoolClient, record: LogRecord, changes: ChangeEvent[]): Promise<boolean> {
    await db.query('SAVEPOINT record');
    try {
      const event = await decodeDocumentRecord(options.codec, record);
      changes.push(...(await projection.apply(db, version.schemaName, event)));
      await db.query('RELEASE SAVEPOINT record');
      return true;
    } catch (error) {
      if (isInfrastructureError(error)) throw error;
      await db.query('ROLLBACK TO SAVEPOINT record');
      await deadLetter(db, record, error);
      return false;
    }
  }

  const outboxEntries = (changes: ChangeEvent[]) =>
    changes.map((change) => ({
      eventId: change.eventId,
      projection: projection.name,
      recordKey: change.enterprise,
      payload: { ...change },
    }));

  async function publishOutbox(): Promise<void> {
    if (!options.changes) return;
    const { producer, topic } = options.changes;
    for (;;) {
      const entries = await readOutbox(pool, projection.name, 500);
      if (entries.length === 0) return;
      await Promise.all(
        entries.map((entry) =>
          producer.append({
            topic,
            key: entry.recordKey,
            value: Buffer.from(JSON.stringify(entry.payload)),
            headers: { 'tradelog-event-id': entry.eventId },
          }),
        ),
      );
      await deleteOutboxEntries(
        pool,
        entries.map((entry) => entry.eventId),
      );
    }
  }

  function flushOutbox(): Promise<void> {
    if (!live || !options.changes) return Promise.resolve();
    flushing ??= publishOutbox()
      .catch((error) => log.warn('change events not published yet; kept in the outbox', { error }))
      .finally(() => {
        flushing = undefined;
      });
    return flushing;
  }

  async function eachBatch({
    batch,
    resolveOffset,
    heartbeat,
    isRunning,
    isStale,
  }: EachBatchPayload): Promise<void> {
    const { topic, partition } = batch;
    if (batch.messages.length === 0 || retired) return;
    const started = performance.now();
    const slot = `${topic}/${partition}`;
    const changes: ChangeEvent[] = [];
    let applied = 0;
    let deadLettered = 0;
    let from = 0n;
    let nextOffset = 0n;
    let stoppedAtLimit = false;
    /** The last offset handled: applied, dead-lettered, or skipped as already applied. */
    let handled: bigint | undefined;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      if (live) {
        await lockProjectionShared(client, projection.name);
        if ((await versionState(client, version.schemaName)) !== 'live') {
          await client.query('ROLLBACK');
          signalRetired();
          return;
        }
      }
      from = BigInt((await lockCheckpoint(client, version.consumerGroup, topic, partition)) ?? '0');
      nextOffset = from;
      const first = BigInt(batch.messages[0]!.offset);
      if (first > from && !gapsSeen.has(slot)) {
        // Kafka handed us records past our checkpoint (its committed offsets are only a hint):
        // go back to the checkpoint. If the log really has no records there, accept the gap.
        await client.query('ROLLBACK');
        gapsSeen.add(slot);
        log.warn('batch starts past the checkpoint; seeking back', {
          topic,
          partition,
          checkpoint: String(from),
          first: String(first),
        });
        consumer.seek({ topic, partition, offset: String(from) });
        return;
      }
      const limit = options.limitOf?.(topic, partition);
      for (const message of batch.messages) {
        const offset = BigInt(message.offset);
        if (offset < nextOffset) {
          handled = offset;
          continue;
        }
        if (limit !== undefined && offset >= limit) {
          stoppedAtLimit = true;
          break;
        }
        if (!isRunning() || isStale()) break;
        if (!(await applyRecord(client, toRecord(topic, partition, message), changes))) deadLettered++;
        nextOffset = offset + 1n;
        handled = offset;
        applied++;
        await options.afterRecordApplied?.(applied);
      }
      if (applied > 0) {
        await saveCheckpoint(client, {
          consumerGroup: version.consumerGroup,
          topic,
          partition,
          nextOffset: String(nextOffset),
          recordsApplied: applied,
          appliedAt: now(),
        });
        if (live) await insertOutboxEntries(client, outboxEntries(changes), now());
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      log.error('batch rolled back; it will be fetched again', { topic, partition, error: error as Error });
      throw error;
    } finally {
      client.release();
    }
    gapsSeen.delete(slot);
    if (handled !== undefined) resolveOffset(String(handled));
    if (applied > 0) {
      await consumer.commitOffsets([{ topic, partition, offset: String(nextOffset) }]).catch(() => undefined);
    }
    if (stoppedAtLimit) {
      paused.set(slot, { topic, partition, nextOffset });
      consumer.pause([{ topic, partitions: [partition] }]);
      consumer.seek({ topic, partition, offset: String(nextOffset) });
    }
    if (applied > 0) {
      log.debug('batch applied', {
        topic,
        partition,
        applied,
        deadLettered,
        durationMs: Math.round(performance.now() - started),
      });
      options.onApplied?.({ topic, partition, applied, nextOffset });
      if (changes.length > 0) void flushOutbox();
    }
    await heartbeat();
  }

  /** Applies dead letters an operator asked to retry, to this (live) version. */
  async function retryDeadLetters(): Promise<void> {
    if (retrying || !live || retired) return;
    retrying = true;
    try {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await lockProjectionShared(client, projection.name);
        if ((await versionState(client, version.schemaName)) !== 'live') {
          await client.query('ROLLBACK');
          return;
        }
        const letters = await claimRetryingDeadLetters(client, projection.name, 50);
        const changes: ChangeEvent[] = [];
        for (const letter of letters) {
          const record: LogRecord = {
            topic: letter.topic,
            partition: letter.partition,
            offset: letter.offset,
            key: letter.recordKey === null ? null : Buffer.from(letter.recordKey),
            value: letter.value,
            headers: letter.headers,
          };
          if (await applyRecord(client, record, changes)) {
            await resolveDeadLetter(client, letter.id, now());
            log.info('dead letter applied on retry', {
              id: letter.id,
              topic: letter.topic,
              offset: letter.offset,
            });
          }
        }
        await insertOutboxEntries(client, outboxEntries(changes), now());
        await client.query('COMMIT');
        if (changes.length > 0) void flushOutbox();
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        log.warn('dead-letter retry failed; will try again', { error: error as Error });
      } finally {
        client.release();
      }
    } finally {
      retrying = false;
    }
  }

  /** A switch may happen while no documents arrive; notice it without waiting for a batch. */
  async function checkStillLive(): Promise<void> {
    if (!live || retired) return;
    const state = await versionState(pool, version.schemaName).catch(() => 'live');
    if (state !== 'live') signalRetired();
  }

  function tick() {
    void checkStillLive();
    for (const [slot, stop] of paused) {
      const limit = options.limitOf?.(stop.topic, stop.partition);
      if (limit === undefined || limit > stop.nextOffset) {
        paused.delete(slot);
        consumer.resume([{ topic: stop.topic, partitions: [stop.partition] }]);
      }
    }
    void retryDeadLetters();
    void flushOutbox();
  }

  return {
    async start() {
      await consumer.connect();
      // On every assignment, start each partition at the offset stored in Postgres.
      consumer.on(consumer.events.GROUP_JOIN, async (event) => {
        const checkpoints = await readCheckpoints(pool, version.consumerGroup).catch(() => []);
        const stored = new Map(checkpoints.map((c) => [`${c.topic}/${c.partition}`, c.nextOffset]));
        for (const [topic, partitions] of Object.entries(event.payload.memberAssignment)) {
          for (const partition of partitions) {
            consumer.seek({ topic, partition, offset: stored.get(`${topic}/${partition}`) ?? '0' });
          }
        }
      });
      await consumer.subscribe({ topics: [...options.topics], fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: 1,
        eachBatch,
      });
      timer = setInterval(tick, options.retryIntervalMs ?? 500);
      void flushOutbox();
      log.info('projection consumer started', { topics: options.topics, live });
    },
    async stop() {
      if (timer) clearInterval(timer);
      await consumer.disconnect();
      await flushing;
    },
    flushOutbox,
  };
}
