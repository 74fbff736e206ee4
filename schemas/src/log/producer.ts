import {
  ProduceAcks,
  Producer,
  type ProducerOptions,
  stringSerializer,
  UserError,
} from '@platformatic/kafka';
import { Partitioners, type PartitionMetadata } from 'kafkajs';
import { retryDelayMs, retryForever } from '../runtime/backoff.ts';
import { TradelogError } from '../runtime/errors.ts';
import type { Logger } from '../runtime/log.ts';
import { remembered } from '../runtime/remembered.ts';
import { type KafkaSecurity, platformaticSecurity } from './kafkaSecurity.ts';
import { acknowledgedOffsets, sendFailureVerdict } from './sendFailure.ts';

export interface AppendRecord {
  topic: string;
  key: string;
  value: Buffer;
  headers: Record<string, string>;
}

export interface Appended {
  topic: string;
  partition: number;
  offset: string;
}

export interface LogProducer {
  /** Starts connecting; never throws for an absent broker, it keeps trying in the background. */
  connect(): Promise<void>;
  /** Resolves once the broker acknowledged the record (acks=all, idempotent producer). */
  append(record: AppendRecord): Promise<Appended>;
  isReady(): boolean;
  disconnect(): Promise<void>;
}

export interface LogProducerOptions {
  brokers: string[];
  /** TLS and SASL (schemas/src/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  clientId: string;
  logger: Logger;
  /** How long a first record waits for company before its batch is sent. */
  lingerMs?: number;
  maxBatchRecords?: number;
  /**
   * A record's deadline, from `append` to Kafka's acknowledgement, resends included: a send that
   * failed for a broker's loss is resent until then, and past it the caller gets KAFKA_UNAVAILABLE.
   */
  ackTimeoutMs?: number;
  reconnectDelayMs?: number;
  /** Milliseconds on a monotonic clock; passed in so tests can drive deadlines. */
  now?: () => number;
  /** Makes the Kafka client; tests pass a scripted one. */
  newClient?: (settings: ProducerOptions<string, Buffer, string, string>) => LogClient;
}

/** The part of the Kafka client this module uses. */
export type LogClient = Pick<
  Producer<string, Buffer, string, string>,
  'initIdempotentProducer' | 'send' | 'metadata' | 'close'
>;

interface Pending {
  record: AppendRecord;
  /** `now()` at which the caller is answered 503 if Kafka has not acknowledged the record. */
  deadline: number;
  /** Chosen once, so a resend goes to the same partition. */
  partition?: number;
  /** Answered (acknowledged, refused or past its deadline): skipped by later sends. */
  settled: boolean;
  resolve: (appended: Appended) => void;
  reject: (error: unknown) => void;
}

const latestDeadline = (batch: Pending[]) => Math.max(...batch.map((pending) => pending.deadline));

/** A send outlived its records' deadline; the client may still be sending it, so it is dropped. */
class SendAbandoned extends Error {
  constructor(waitedMs: number) {
    super(`no acknowledgement within ${waitedMs} ms`);
    this.name = 'SendAbandoned';
  }
}

const javaPartitioner = Partitioners.DefaultPartitioner();
// The partitioner only reads the partitions' ids and count: one list per count, not per record.
const partitionLists = new Map<number, PartitionMetadata[]>();

/** The partition Kafka's Java clients would choose for a keyed record (murmur2 of the key). */
export function partitionFor(topic: string, key: string, partitions: number): number {
  let partitionMetadata = partitionLists.get(partitions);
  if (partitionMetadata === undefined) {
    partitionMetadata = Array.from({ length: partitions }, (_, partitionId) => ({
      partitionId,
      leader: 0,
      replicas: [0],
      isr: [0],
      partitionErrorCode: 0,
    }));
    partitionLists.set(partitions, partitionMetadata);
  }
  return javaPartitioner({ topic, partitionMetadata, message: { key, value: null } });
}

/**
 * A header name's bytes, encoded once: every document record carries the same eight names
 * (headers.ts). The client only copies them into the request, so one buffer serves every record.
 * Bounded, since a caller may name headers of its own.
 */
const headerNameBuffer = remembered((name) => Buffer.from(name), 256);
const headerNameBytes = (name: unknown): Buffer | undefined =>
  typeof name === 'string' ? headerNameBuffer(name) : undefined;

/**
 * Within one send, records of a topic-partition are appended in order from the partition's
 * base offset, so each record's offset is the base plus its index among them.
 */
export function assignOffsets(
  batch: { topic: string; partition: number }[],
  metadata: { topic: string; partition: number; offset: bigint }[],
): Appended[] {
  const base = new Map(metadata.map((m) => [`${m.topic}/${m.partition}`, m.offset]));
  const seen = new Map<string, bigint>();
  return batch.map(({ topic, partition }) => {
    const slot = `${topic}/${partition}`;
    const index = seen.get(slot) ?? 0n;
    seen.set(slot, index + 1n);
    const first = base.get(slot);
    return { topic, partition, offset: first === undefined || first < 0n ? '-1' : String(first + index) };
  });
}

// Partners read this message (ingest answers 503 with it), so it comes in both languages.
const unavailable = (cause: unknown) =>
  new TradelogError(
    'KAFKA_UNAVAILABLE',
    'The document log did not confirm this submission; please resend it',
    {
      status: 503,
      retriable: true,
      cause,
      details: {
        message: {
          cn: '单据日志暂不可用，未确认保存本次提交，请稍后重新提交（重新提交只计一次）',
          en: 'The document log is unavailable and did not confirm this submission; please resend it (a resend counts once)',
        },
      },
    },
  );

/**
 * An idempotent acks=all producer that batches concurrent appends, on @platformatic/kafka
 * (ARCHITECTURE: the Kafka client stays behind this module; ingest README "Benchmark": a third
 * of kafkajs' CPU per record). Sends are serialised: one send in flight at a time per producer,
 * the rule every idempotent client here has been held to (kafkajs lost or reordered records under
 * concurrent sends). While a send is in flight, new records queue up and go together in the next
 * one, which is what makes intake fast.
 *
 * A send that fails for a broker's loss (README "Riding out faults": leader moved, broker gone,
 * request timed out, `sendFailureVerdict`) is not the end of its records: the records of the
 * partitions whose leaders did not acknowledge are sent again, first in line, after a metadata
 * refresh, until each is acknowledged or its deadline (`ackTimeoutMs` from its `append`) passes;
 * each record is answered 503 at its own deadline, so one old record does not cut short the send
 * of younger ones.
 * The producer is kept: this client drops its producer id after a failed send by itself, so a
 * resend goes out under a fresh id and sequence numbers (kafkajs acknowledged a record it never
 * stored when reused after a failure; this one does not carry old sequence numbers over). It is
 * replaced only when no broker answers the refresh (then appends are refused at once until it is
 * connected again) or a send outlives the last of its records' deadlines.
 */
export function createLogProducer(options: LogProducerOptions): LogProducer {
  const log = options.logger.scope({ component: 'log-producer' });
  const lingerMs = options.lingerMs ?? 2;
  const maxBatch = options.maxBatchRecords ?? 500;
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const reconnectDelayMs = options.reconnectDelayMs ?? 1000;
  const now = options.now ?? (() => performance.now());
  const partitionsByTopic = new Map<string, number>();
  const queue: Pending[] = [];

  let producer: LogClient | undefined;
  let ready = false;
  let stopped = false;
  let sending = false;
  let lingerTimer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;
  /** The cause a record's 503 carries when its deadline passes while its send is retried. */
  let lastSendError: unknown;

  const newClient = options.newClient ?? ((settings) => new Producer(settings));
  const newProducer = () =>
    newClient({
      clientId: options.clientId,
      bootstrapBrokers: options.brokers,
      ...platformaticSecurity(options.security),
      idempotent: true,
      acks: ProduceAcks.ALL,
      autocreateTopics: false,
      serializers: { key: stringSerializer, headerKey: headerNameBytes, headerValue: stringSerializer },
      connectTimeout: 3000,
      // The client's own retries keep the producer id and sequence numbers, so a broker that
      // already stored a batch drops its repeat; they come first, and take at most about 3.5
      // fifths of the deadline (three tries of a fifth, two short pauses) so the resends below
      // still have time. (Two retries at least: this client reads one or none as "retry
      // forever" for an idempotent producer.)
      timeout: Math.max(500, Math.floor(ackTimeoutMs / 5)),
      requestTimeout: Math.max(500, Math.floor(ackTimeoutMs / 5)),
      retries: 2,
      retryDelay: Math.max(50, Math.floor(ackTimeoutMs / 20)),
    });

  /**
   * Tries again soon and often (100 ms doubling to `reconnectDelayMs`, jittered): ingest answers
   * 503 until this producer is ready, so the time between the broker answering again and the
   * next try is time partners are refused (README "Riding out faults").
   */
  async function openProducer(): Promise<void> {
    await retryForever(
      async () => {
        // No try once stopped (a wait may end after stop()).
        if (stopped) return;
        const candidate = newProducer();
        try {
          // Connects and takes a producer id: ready means the next send can go at once.
          await candidate.initIdempotentProducer({});
        } catch (error) {
          ready = false;
          await candidate.close().catch(() => undefined);
          throw error;
        }
        producer = candidate;
        ready = true;
        log.info('log producer connected', { brokers: options.brokers });
      },
      {
        initial: 100,
        max: reconnectDelayMs,
        // Once per outage, not once per try.
        onRetry: ({ attempt, delayMs, error }) => {
          if (attempt === 1)
            log.warn('log producer cannot reach kafka; retrying', { error, retryInMs: delayMs });
        },
      },
    );
  }

  function ensureConnecting(): Promise<void> {
    connecting ??= openProducer().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  /** Drops a producer whose connections or in-flight send can no longer be trusted. */
  function replaceProducer(reason: string, context: Record<string, unknown>): void {
    log.warn(reason, context);
    ready = false;
    const broken = producer;
    producer = undefined;
    void broken?.close().catch(() => undefined);
    void ensureConnecting();
  }

  async function partitionsOf(current: LogClient, topic: string) {
    const known = partitionsByTopic.get(topic);
    if (known !== undefined) return known;
    const metadata = await current.metadata({ topics: [topic] }).catch((error: unknown) => {
      // The client turns the broker's UNKNOWN_TOPIC_OR_PARTITION for the one topic asked into a
      // UserError (a caller's mistake, not an outage: no retry, no new producer).
      if (error instanceof UserError) return undefined;
      throw error;
    });
    const count = metadata?.topics.get(topic)?.partitionsCount ?? 0;
    if (count === 0)
      throw new TradelogError('TOPIC_MISSING', `topic ${topic} does not exist`, { retriable: false });
    partitionsByTopic.set(topic, count);
    return count;
  }

  function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SendAbandoned(timeoutMs)), Math.max(0, timeoutMs));
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  /**
   * A queued record that is answered once: by its acknowledgement, a refusal, or 503 at its
   * deadline (README "Riding out faults"), whichever comes first.
   */
  function pendingAppend(
    record: AppendRecord,
    resolve: (appended: Appended) => void,
    reject: (error: unknown) => void,
  ): Pending {
    const settle = () => {
      if (pending.settled) return false;
      pending.settled = true;
      clearTimeout(timer);
      return true;
    };
    const pending: Pending = {
      record,
      deadline: now() + ackTimeoutMs,
      settled: false,
      resolve: (appended) => settle() && resolve(appended),
      reject: (error) => settle() && reject(error),
    };
    const timer = setTimeout(
      () => pending.reject(unavailable(lastSendError ?? new SendAbandoned(ackTimeoutMs))),
      ackTimeoutMs,
    );
    return pending;
  }

  /** Waits for `promise` at most `timeoutMs`, without caring how it ends. */
  async function settledWithin(promise: Promise<unknown>, timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const elapsed = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, Math.max(0, timeoutMs));
    });
    await Promise.race([promise.catch(() => undefined), elapsed]).finally(() => clearTimeout(timer));
  }

  /**
   * Chooses each record's partition once. A record for a topic that does not exist is refused
   * on its own; its batch-mates still go.
   */
  async function place(current: LogClient, batch: Pending[]) {
    const sendable: Pending[] = [];
    for (const pending of batch) {
      if (pending.partition === undefined) {
        const { topic, key } = pending.record;
        try {
          const partitions = partitionsByTopic.get(topic) ?? (await partitionsOf(current, topic));
          pending.partition = partitionFor(topic, key, partitions);
        } catch (error) {
          if (!(error instanceof TradelogError) || error.retriable) throw error;
          pending.reject(error);
          continue;
        }
      }
      sendable.push(pending);
    }
    return sendable;
  }

  /** One send of the batch: resolves every record it acknowledged, throws for the rest. */
  async function sendOnce(current: LogClient, sendable: Pending[], timeoutMs: number): Promise<void> {
    const placed = sendable.map(({ record, partition }) => ({ topic: record.topic, partition: partition! }));
    const result = await withTimeout(
      current.send({
        messages: sendable.map(({ record, partition }) => ({
          topic: record.topic,
          partition,
          key: record.key,
          value: record.value,
          headers: record.headers,
        })),
      }),
      timeoutMs,
    );
    const appended = assignOffsets(placed, result.offsets ?? []);
    sendable.forEach((pending, index) => {
      pending.resolve(appended[index]!);
    });
  }

  /**
   * After a failed send: resolves the records whose partitions' leaders acknowledged (the client
   * reports them on the error) and returns the others, in their order, to be sent again.
   */
  function settleAcknowledged(sendable: Pending[], error: unknown): Pending[] {
    const offsets = acknowledgedOffsets(error);
    if (offsets.length === 0) return sendable;
    const placed = sendable.map(({ record, partition }) => ({ topic: record.topic, partition: partition! }));
    const appended = assignOffsets(placed, offsets);
    return sendable.filter((pending, index) => {
      const { offset } = appended[index]!;
      if (offset === '-1') return true;
      pending.resolve(appended[index]!);
      return false;
    });
  }

  /**
   * Sends a batch until every record is acknowledged, refused, or past its deadline (README
   * "Riding out faults"). Never throws: each record is settled.
   */
  async function deliver(batch: Pending[]): Promise<void> {
    const started = now();
    let waiting = batch;
    for (let attempt = 1; ; attempt++) {
      // Records past their deadline were answered 503 by their own timer.
      waiting = waiting.filter((pending) => !pending.settled);
      if (waiting.length === 0) return;
      // A send may run until the last of its records' deadlines: the others are answered 503 on
      // time by their timers meanwhile, and the send is not cut short for them.
      const remainingMs = latestDeadline(waiting) - now();
      if (remainingMs <= 0) {
        // Their timers are about to answer them; nothing is sent for them any more.
        for (const pending of waiting)
          pending.reject(unavailable(lastSendError ?? new SendAbandoned(ackTimeoutMs)));
        return;
      }
      const current = producer;
      if (stopped && (!ready || current === undefined)) {
        const refusal = unavailable(lastSendError ?? new Error('producer stopped'));
        for (const pending of waiting) pending.reject(refusal);
        return;
      }
      if (!ready || current === undefined) {
        // Replaced after an abandoned send or a refresh no broker answered: records already
        // queued wait for the new one within their deadline (new appends are refused meanwhile).
        await settledWithin(ensureConnecting(), remainingMs);
        continue;
      }
      let sendable: Pending[] = [];
      try {
        sendable = await place(current, waiting);
        if (sendable.length === 0) return;
        // A fresh batch's send is timed with its records' own duration, at most a linger late:
        // its timer then joins theirs in Node's list for that duration, where any other duration
        // made Node build and heap-insert a list per send (a visible share of intake's CPU).
        await sendOnce(current, sendable, remainingMs > ackTimeoutMs - lingerMs ? ackTimeoutMs : remainingMs);
        lastSendError = undefined;
        log.debug('batch appended', {
          records: sendable.length,
          attempts: attempt,
          durationMs: Math.round(now() - started),
        });
        return;
      } catch (error) {
        lastSendError = error;
        if (error instanceof SendAbandoned) {
          const refusal = unavailable(error);
          for (const pending of waiting) pending.reject(refusal);
          replaceProducer('append not acknowledged in time; replacing producer', {
            records: waiting.length,
            error,
          });
          return;
        }
        // A placement that failed before sending leaves every record unsent.
        waiting = sendable.length > 0 ? settleAcknowledged(sendable, error) : waiting;
        if (sendFailureVerdict(error) === 'refuse') {
          const refusal = unavailable(error);
          for (const pending of waiting) pending.reject(refusal);
          log.warn('append failed; refused', { records: waiting.length, error });
          return;
        }
        if (!(await refreshMetadata(current, waiting, error))) return;
        const pauseMs = Math.min(
          retryDelayMs(attempt, { initial: 100, max: 1000 }),
          latestDeadline(waiting) - now(),
        );
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  }

  /**
   * The leaders of the waiting records' partitions, asked afresh of any broker that answers. None
   * answering means the cluster is gone, not a partition's leader: the records are refused and
   * the producer replaced, so appends are refused at once until it is connected again.
   */
  async function refreshMetadata(
    current: LogClient,
    waiting: Pending[],
    sendError: unknown,
  ): Promise<boolean> {
    const topics = [...new Set(waiting.map((pending) => pending.record.topic))];
    const remainingMs = latestDeadline(waiting) - now();
    try {
      await withTimeout(current.metadata({ topics, forceUpdate: true, retries: 0 }), remainingMs);
      log.info('append failed; resending after a metadata refresh', {
        records: waiting.length,
        remainingMs: Math.round(remainingMs),
        error: sendError,
      });
      return true;
    } catch (error) {
      const refusal = unavailable(sendError);
      for (const pending of waiting) pending.reject(refusal);
      replaceProducer('append failed and no broker answers; replacing producer', {
        records: waiting.length,
        error: sendError,
        refreshError: error,
      });
      return false;
    }
  }

  async function flush(): Promise<void> {
    lingerTimer = undefined;
    if (sending) return;
    sending = true;
    try {
      while (queue.length > 0) await deliver(queue.splice(0, maxBatch));
    } finally {
      sending = false;
    }
  }

  return {
    async connect() {
      stopped = false;
      void ensureConnecting();
    },
    append(record) {
      if (stopped) return Promise.reject(unavailable(new Error('producer stopped')));
      if (!ready) {
        void ensureConnecting();
        return Promise.reject(unavailable(new Error('kafka not connected')));
      }
      return new Promise<Appended>((resolve, reject) => {
        queue.push(pendingAppend(record, resolve, reject));
        if (queue.length >= maxBatch) void flush();
        else lingerTimer ??= setTimeout(() => void flush(), lingerMs);
      });
    },
    isReady: () => ready,
    async disconnect() {
      stopped = true;
      if (lingerTimer) clearTimeout(lingerTimer);
      while (sending || queue.length > 0) {
        if (!sending) await flush();
        else await new Promise((resolve) => setTimeout(resolve, 5));
      }
      ready = false;
      await producer?.close().catch(() => undefined);
      producer = undefined;
    },
  };
}
