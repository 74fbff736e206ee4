import type { Consumer, EachBatchPayload } from 'kafkajs';
import { retryDelayMs } from '../runtime/backoff.ts';
import type { Logger } from '../runtime/log.ts';
import { createKafka } from './kafka.ts';
import type { KafkaSecurity } from './kafkaSecurity.ts';
import { createPartitionHolds, slotOf } from './partitionHolds.ts';

/**
 * The one consumer of our log (ARCHITECTURE "Real components": the Kafka client lives behind
 * modules of ours). It hands whole fetched batches to `onBatch`, never commits on its own
 * (the caller keeps offsets in Postgres, beside its rows), starts every assigned partition at
 * the offset `startOffsets` names, and rides out broker outages of any length: when kafkajs
 * gives up (its retry budget is finite) the consumer is rebuilt and rejoins, with a growing
 * delay, for as long as the process runs. `status()` says where it stands, for `/health`.
 */
export interface LogRecord {
  topic: string;
  partition: number;
  offset: string;
  key: Buffer | null;
  value: Buffer | null;
  headers: Record<string, Buffer | string | (Buffer | string)[] | undefined>;
}

export interface LogBatch {
  topic: string;
  partition: number;
  records: readonly LogRecord[];
  /** False once the consumer stops or the partition was reassigned: leave the batch unfinished. */
  isActive(): boolean;
}

export type LogConsumerState = 'starting' | 'running' | 'reconnecting' | 'stopped';

export interface LogConsumerStatus {
  state: LogConsumerState;
  since: Date;
  /** The last fault that made the consumer reconnect, while it reconnects. */
  lastError?: string;
  /** Rebuilds since start. */
  restarts: number;
  /** Rebuilds since the consumer last joined its group (0 while it runs). */
  failedRestarts: number;
}

export interface LogConsumerOptions {
  brokers: string[];
  /** TLS and SASL (schemas/src/kit/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  clientId: string;
  groupId: string;
  topics: readonly string[];
  logger: Logger;
  /**
   * Where each assigned partition starts (the caller's checkpoints); absent partitions start at 0.
   * Read while the consumer connects and joins, and again on every later join; the first join may
   * so start a partition at a checkpoint that moved on meanwhile (another member's last batches
   * before the rebalance): the caller must skip records below its checkpoint, as a checkpointed
   * consumer does.
   */
  startOffsets(): Promise<ReadonlyMap<string, string>>;
  /**
   * Handles one fetched batch. Resolves with the last offset it finished (applied, dead-lettered
   * or skipped), or undefined when it finished none. It must not throw: a fault it cannot handle
   * is the caller's to retry (`retryFrom`).
   */
  onBatch(batch: LogBatch): Promise<string | undefined>;
  partitionsConsumedConcurrently?: number;
  maxBytesPerPartition?: number;
  /**
   * How a fetch waits for company: the broker answers once `minBytes` are there or after
   * `maxWaitMs`. Bigger batches mean fewer transactions for a consumer that applies a batch per
   * transaction, at the price of up to `maxWaitMs` of latency.
   */
  fetch?: { minBytes: number; maxWaitMs: number };
  /** Growing delay between rebuilds of a failed consumer. */
  restartDelayMs?: { initial: number; max: number };
  /** How the broker tells a live member from a gone one (`defaultMembership` when absent). */
  membership?: GroupMembership;
  now?: () => Date;
}

export interface LogConsumer {
  /** Starts consuming in the background; resolves at once, even while the broker is down. */
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): LogConsumerStatus;
  /**
   * Fetch the partition again from `offset` after `delayMs` (a transient fault: registry,
   * database or broker), without dropping the assignment. Later batches of the partition that
   * were already fetched are ignored until then.
   */
  retryFrom(topic: string, partition: number, offset: string, delayMs: number): void;
  /** Hold a partition (e.g. a rebuild that reached the live version's offsets) until `resume`. */
  pause(topic: string, partition: number, atOffset: string): void;
  resume(topic: string, partition: number): void;
}

/**
 * The group member's liveness settings. A member the broker stops hearing from keeps its
 * partitions until `sessionTimeoutMs` has passed, and every join in the meantime (the process
 * that replaced a killed one, this consumer rebuilt after an outage: kafkajs joins as a new
 * member, it has no static membership) waits for that: the session timeout is how long a
 * projection stalls after a kill -9 or a partition (README "Riding out faults"). The price of a
 * short one: a member that sends no heartbeat for that long (kafkajs heartbeats between
 * fetches and after each batch; an event loop blocked, a batch that outlasts it) is taken for
 * gone, its partitions move and its batch is redone (nothing is lost or doubled: the
 * checkpoint commits with the rows). The broker accepts 6 s to 30 min by default
 * (`group.min.session.timeout.ms`, `group.max.session.timeout.ms`).
 */
export interface GroupMembership {
  sessionTimeoutMs: number;
  /** How often a member says it lives; kafkajs wants it below the session timeout (a third or less). */
  heartbeatIntervalMs: number;
}

/** 10 s and 1 s, where kafkajs has 30 s and 3 s. */
export const defaultMembership: GroupMembership = Object.freeze({
  sessionTimeoutMs: 10_000,
  heartbeatIntervalMs: 1_000,
});

/** The status after a change of state (or of the fault it reconnects for); the same object when nothing changed. */
export function nextStatus(
  status: LogConsumerStatus,
  state: LogConsumerState,
  lastError: string | undefined,
  now: () => Date,
): LogConsumerStatus {
  if (status.state === state && lastError === status.lastError) return status;
  return {
    state,
    since: status.state === state ? status.since : now(),
    restarts: status.restarts,
    failedRestarts: state === 'running' ? 0 : status.failedRestarts,
    ...(lastError ? { lastError } : {}),
  };
}

const logRecordOf = (
  topic: string,
  partition: number,
  m: EachBatchPayload['batch']['messages'][number],
): LogRecord => ({
  topic,
  partition,
  offset: m.offset,
  key: m.key,
  value: m.value,
  headers: (m.headers ?? {}) as LogRecord['headers'],
});

/** The kafkajs consumer's settings: offsets committed by us, kafkajs' own restarts off (we rebuild it). */
const kafkajsConsumerSettings = (options: LogConsumerOptions, membership: GroupMembership) => ({
  groupId: options.groupId,
  sessionTimeout: membership.sessionTimeoutMs,
  heartbeatInterval: membership.heartbeatIntervalMs,
  maxWaitTimeInMs: options.fetch?.maxWaitMs ?? 250,
  minBytes: options.fetch?.minBytes ?? 1,
  allowAutoTopicCreation: false,
  maxBytesPerPartition: options.maxBytesPerPartition ?? 4 * 1024 * 1024,
  retry: { initialRetryTime: 300, retries: 5, maxRetryTime: 5000, restartOnFailure: async () => false },
});

/**
 * One closure, longer than our ~80-line mark on purpose: the kafkajs consumer is rebuilt after a
 * crash, and its run, its batch handler and its restart share that consumer, the status and the
 * stop flag; the holds (partitionHolds.ts) and the pure parts above are apart.
 */
export function createLogConsumer(options: LogConsumerOptions): LogConsumer {
  const log = options.logger.scope({ component: 'log-consumer', groupId: options.groupId });
  const now = options.now ?? (() => new Date());
  const delays = options.restartDelayMs ?? { initial: 500, max: 15_000 };
  const membership = options.membership ?? defaultMembership;
  const kafka = createKafka({
    brokers: options.brokers,
    security: options.security,
    clientId: options.clientId,
    logger: options.logger,
    // kafkajs' own budget for one operation; past it the consumer crashes and we rebuild it.
    retry: { initialRetryTime: 300, retries: 5, maxRetryTime: 5000 },
  });
  let consumer: Consumer | undefined;
  let status: LogConsumerStatus = { state: 'starting', since: now(), restarts: 0, failedRestarts: 0 };
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  /** Partitions held until a time (retry) or until resumed (pause), with where to start again. */
  const held = createPartitionHolds({ consumer: () => consumer, log });

  const setState = (state: LogConsumerState, lastError?: string) => {
    status = nextStatus(status, state, lastError, now);
  };

  /**
   * Kafka's committed offsets are a lag hint for outside tools only (`kafka-consumer-groups.sh`);
   * the checkpoints in Postgres are the truth, and every join seeks to them. The offsets the
   * batches resolved are committed together, at most once every 5 s: one
   * OffsetCommit per batch cost the broker a log append and held each batch's worker a round
   * trip, so the next fetch's batches came one or two at a time, each its own transaction
   * (processors README "Group commit"). A hint may lag the checkpoints by that interval.
   */
  const commitHintIntervalMs = 5_000;
  let lastCommitHint = 0;
  async function commitHint(payload: EachBatchPayload): Promise<void> {
    if (Date.now() - lastCommitHint < commitHintIntervalMs) return;
    lastCommitHint = Date.now();
    await payload.commitOffsetsIfNecessary(payload.uncommittedOffsets()).catch(() => undefined);
  }

  async function eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat, isRunning, isStale } = payload;
    if (batch.messages.length === 0) return;
    const slot = slotOf(batch.topic, batch.partition);
    if (held.has(slot)) return;
    const through = await options.onBatch({
      topic: batch.topic,
      partition: batch.partition,
      records: batch.messages.map((m) => logRecordOf(batch.topic, batch.partition, m)),
      isActive: () => isRunning() && !isStale() && !stopping,
    });
    if (through !== undefined && !held.has(slot)) {
      resolveOffset(through);
      await commitHint(payload);
    }
    await heartbeat().catch(() => undefined);
  }

  async function run(): Promise<void> {
    const created = kafka.consumer(kafkajsConsumerSettings(options, membership));
    consumer = created;
    const readOffsets = () =>
      options.startOffsets().catch((error: unknown) => {
        log.warn('start offsets not readable; partitions start where Kafka has them', { error });
        return new Map<string, string>();
      });
    // Read beside the connect and join, so the first join seeks at once: kafkajs starts fetching
    // right after the join, and a seek that comes later throws away what that fetch brought.
    let early: ReadonlyMap<string, string> | undefined;
    const reading = readOffsets().then((offsets) => {
      early = offsets;
    });
    created.on(created.events.GROUP_JOIN, async (event) => {
      const first = early;
      early = undefined;
      const stored = first ?? (await readOffsets());
      // Stopped or replaced while the offsets were read: kafkajs refuses a seek on it.
      if (consumer !== created || stopping) return;
      for (const [topic, partitions] of Object.entries(event.payload.memberAssignment)) {
        for (const partition of partitions) {
          held.releaseOnJoin(created, topic, partition);
          created.seek({ topic, partition, offset: stored.get(slotOf(topic, partition)) ?? '0' });
        }
      }
      failures = 0;
      setState('running');
    });
    created.on(created.events.CRASH, (event) => {
      if (consumer !== created || stopping) return;
      const error = event.payload.error;
      log.warn('consumer gave up; rebuilding it', { error, restarts: status.restarts });
      scheduleRestart(error);
    });
    await Promise.all([created.connect(), reading]);
    await created.subscribe({ topics: [...options.topics], fromBeginning: true });
    await created.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
      eachBatch,
    });
  }

  function scheduleRestart(error: unknown) {
    if (stopping || restartTimer) return;
    setState('reconnecting', error instanceof Error ? error.message : String(error));
    const old = consumer;
    consumer = undefined;
    failures++;
    // Jittered, so that every consumer that lost the broker together does not rejoin together.
    const wait = retryDelayMs(failures, delays);
    restartTimer = setTimeout(async () => {
      restartTimer = undefined;
      await old?.disconnect().catch(() => undefined);
      if (stopping) return;
      status = { ...status, restarts: status.restarts + 1, failedRestarts: status.failedRestarts + 1 };
      run().catch((failure: unknown) => scheduleRestart(failure));
    }, wait);
  }

  return {
    async start() {
      stopping = false;
      run().catch((error: unknown) => scheduleRestart(error));
    },
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      held.clear();
      await consumer?.disconnect().catch(() => undefined);
      consumer = undefined;
      setState('stopped');
    },
    status: () => status,
    retryFrom: held.retryFrom,
    pause: held.pause,
    resume: held.resume,
  };
}
