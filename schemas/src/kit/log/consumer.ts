import type { Consumer, EachBatchPayload } from 'kafkajs';
import { retryDelayMs } from '../runtime/backoff.ts';
import type { Logger } from '../runtime/log.ts';
import { createCommitHints } from './commitHints.ts';
import { earlyStartOffsets, readStartOffsets, seekAssigned } from './joinSeeks.ts';
import { createKafka } from './kafka.ts';
import type { KafkaSecurity } from './kafkaSecurity.ts';
import { createPartitionHolds, type PartitionHolds, slotOf } from './partitionHolds.ts';

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
  /** Its timestamp, ms since the epoch, as Kafka keeps it (a dead letter retried has none). */
  timestamp?: string;
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
  /** After each join: the partitions assigned and the offsets they start at (absent: 0). */
  onAssigned?(assignment: Record<string, number[]>, start: ReadonlyMap<string, string>): void;
  /**
   * Before each subscription (the first, and each after the client is rebuilt): the topics made
   * to exist as the service's start-up makes them (provisioning.ts `ownTopicsEnsurer`). kafkajs
   * cannot subscribe to a topic that does not exist, and a log replaced under the running consumer
   * lacks them: without it the consumer is rebuilt again and again until the service restarts.
   */
  topicsReady?: () => Promise<void>;
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

/** A fetched batch as `onBatch` gets it. */
export function logBatchOf(batch: EachBatchPayload['batch'], isActive: () => boolean): LogBatch {
  return {
    topic: batch.topic,
    partition: batch.partition,
    records: batch.messages.map((m) => logRecordOf(batch.topic, batch.partition, m)),
    isActive,
  };
}

/** The consumer's status for `/health`: moved by nextStatus, counted up by each rebuild. */
function statusKeeper(now: () => Date) {
  let status: LogConsumerStatus = { state: 'starting', since: now(), restarts: 0, failedRestarts: 0 };
  return {
    current: () => status,
    set(state: LogConsumerState, lastError?: string) {
      status = nextStatus(status, state, lastError, now);
    },
    restarted() {
      status = { ...status, restarts: status.restarts + 1, failedRestarts: status.failedRestarts + 1 };
    },
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
  timestamp: m.timestamp,
  key: m.key,
  value: m.value,
  headers: (m.headers ?? {}) as LogRecord['headers'],
});

/**
 * How old the consumer's view of its topics' partitions may grow: partitions an operator adds are
 * seen within it, and kafkajs then rejoins the group, which assigns them (a partition without a
 * checkpoint starts at 0, `startOffsets`). kafkajs' default, as the Java client's, is 5 minutes,
 * for which the documents appended to a new partition waited unapplied. One metadata request per
 * consumer, every 10 seconds.
 */
export const partitionsSeenWithinMs = 10_000;

/** The kafkajs consumer's settings: offsets committed by us, kafkajs' own restarts off (we rebuild it). */
const kafkajsConsumerSettings = (
  options: LogConsumerOptions,
  membership: GroupMembership = options.membership ?? defaultMembership,
) => ({
  groupId: options.groupId,
  sessionTimeout: membership.sessionTimeoutMs,
  heartbeatInterval: membership.heartbeatIntervalMs,
  maxWaitTimeInMs: options.fetch?.maxWaitMs ?? 250,
  minBytes: options.fetch?.minBytes ?? 1,
  allowAutoTopicCreation: false,
  metadataMaxAge: partitionsSeenWithinMs,
  maxBytesPerPartition: options.maxBytesPerPartition ?? 4 * 1024 * 1024,
  retry: { initialRetryTime: 300, retries: 5, maxRetryTime: 5000, restartOnFailure: async () => false },
});

/** The run's settings: whole batches to `eachBatch`, which resolves and commits offsets itself. */
const kafkajsRunSettings = (
  options: LogConsumerOptions,
  eachBatch: (payload: EachBatchPayload) => Promise<void>,
) => ({
  autoCommit: false,
  eachBatchAutoResolve: false,
  partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
  eachBatch,
});

/** The Kafka client, with kafkajs' own budget for one operation; past it the consumer crashes and we rebuild it. */
function kafkaOf(options: LogConsumerOptions) {
  return createKafka({
    brokers: options.brokers,
    security: options.security,
    clientId: options.clientId,
    logger: options.logger,
    retry: { initialRetryTime: 300, retries: 5, maxRetryTime: 5000 },
  });
}

/**
 * Hands one fetched batch to `onBatch`, unless its partition is held, and resolves the offset it
 * finished through (no longer if the partition was held meanwhile: its retry starts over).
 */
async function handOnBatch(
  payload: EachBatchPayload,
  context: {
    onBatch: LogConsumerOptions['onBatch'];
    held: PartitionHolds;
    stopping: () => boolean;
    commitHint: (payload: EachBatchPayload) => Promise<void>;
  },
): Promise<void> {
  const { batch, resolveOffset, heartbeat, isRunning, isStale } = payload;
  if (batch.messages.length === 0) return;
  const slot = slotOf(batch.topic, batch.partition);
  if (context.held.has(slot)) return;
  const through = await context.onBatch(
    logBatchOf(batch, () => isRunning() && !isStale() && !context.stopping()),
  );
  if (through !== undefined && !context.held.has(slot)) {
    resolveOffset(through);
    await context.commitHint(payload);
  }
  await heartbeat().catch(() => undefined);
}

/**
 * One closure: the kafkajs consumer is rebuilt after a crash, and its run, its batch handler and
 * its restart share that consumer, the status and the stop flag; the holds (partitionHolds.ts),
 * the commit hints (commitHints.ts), the join's seeks (joinSeeks.ts), the batch handed on
 * (handOnBatch) and the pure parts above are apart.
 */
export function createLogConsumer(options: LogConsumerOptions): LogConsumer {
  const log = options.logger.scope({ component: 'log-consumer', groupId: options.groupId });
  const kafka = kafkaOf(options);
  let consumer: Consumer | undefined;
  const status = statusKeeper(options.now ?? (() => new Date()));
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  /** Partitions held until a time (retry) or until resumed (pause), with where to start again. */
  const held = createPartitionHolds({ consumer: () => consumer, log });

  const commitHint = createCommitHints();

  const eachBatch = (payload: EachBatchPayload) =>
    handOnBatch(payload, { onBatch: options.onBatch, held, stopping: () => stopping, commitHint });

  async function run(): Promise<void> {
    const created = kafka.consumer(kafkajsConsumerSettings(options));
    consumer = created;
    const readOffsets = () => readStartOffsets(options.startOffsets, log);
    const early = earlyStartOffsets(readOffsets);
    created.on(created.events.GROUP_JOIN, async (event) => {
      const stored = early.take() ?? (await readOffsets());
      // Stopped or replaced while the offsets were read: kafkajs refuses a seek on it.
      if (consumer !== created || stopping) return;
      seekAssigned(created, event.payload.memberAssignment, stored, held);
      options.onAssigned?.(event.payload.memberAssignment, stored);
      failures = 0;
      status.set('running');
    });
    created.on(created.events.CRASH, (event) => {
      if (consumer !== created || stopping) return;
      const error = event.payload.error;
      log.warn('consumer gave up; rebuilding it', { error, restarts: status.current().restarts });
      scheduleRestart(error);
    });
    await Promise.all([created.connect(), early.reading, options.topicsReady?.()]);
    await created.subscribe({ topics: [...options.topics], fromBeginning: true });
    await created.run(kafkajsRunSettings(options, eachBatch));
  }

  function scheduleRestart(error: unknown) {
    if (stopping || restartTimer) return;
    status.set('reconnecting', error instanceof Error ? error.message : String(error));
    const old = consumer;
    consumer = undefined;
    failures++;
    // Jittered, so that every consumer that lost the broker together does not rejoin together.
    const wait = retryDelayMs(failures, options.restartDelayMs ?? { initial: 500, max: 15_000 });
    restartTimer = setTimeout(async () => {
      restartTimer = undefined;
      await old?.disconnect().catch(() => undefined);
      if (stopping) return;
      status.restarted();
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
      status.set('stopped');
    },
    status: status.current,
    retryFrom: held.retryFrom,
    pause: held.pause,
    resume: held.resume,
  };
}
