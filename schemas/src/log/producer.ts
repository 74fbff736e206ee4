import { ProduceAcks, Producer, stringSerializer, UserError } from '@platformatic/kafka';
import { Partitioners, type PartitionMetadata } from 'kafkajs';
import { retryDelayMs } from '../runtime/backoff.ts';
import { TradelogError } from '../runtime/errors.ts';
import type { Logger } from '../runtime/log.ts';
import { type KafkaSecurity, platformaticSecurity } from './kafkaSecurity.ts';

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
  /** Upper bound on one send, retries included; past it the callers get KAFKA_UNAVAILABLE. */
  ackTimeoutMs?: number;
  reconnectDelayMs?: number;
}

interface Pending {
  record: AppendRecord;
  resolve: (appended: Appended) => void;
  reject: (error: unknown) => void;
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
 * one, which is what makes intake fast. After a failed send the producer is replaced, so a fresh
 * producer id and sequence numbers are used and nothing is half-sent twice (kafkajs acknowledged
 * a record it never stored when reused after a failure; this client resets itself, and a fresh
 * one costs nothing at that rate).
 */
export function createLogProducer(options: LogProducerOptions): LogProducer {
  const log = options.logger.scope({ component: 'log-producer' });
  const lingerMs = options.lingerMs ?? 2;
  const maxBatch = options.maxBatchRecords ?? 500;
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const reconnectDelayMs = options.reconnectDelayMs ?? 1000;
  const partitionsByTopic = new Map<string, number>();
  const queue: Pending[] = [];

  let producer: Producer<string, Buffer, string, string> | undefined;
  let ready = false;
  let stopped = false;
  let sending = false;
  let lingerTimer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;

  const newProducer = () =>
    new Producer({
      clientId: options.clientId,
      bootstrapBrokers: options.brokers,
      ...platformaticSecurity(options.security),
      idempotent: true,
      acks: ProduceAcks.ALL,
      autocreateTopics: false,
      serializers: { key: stringSerializer, headerKey: stringSerializer, headerValue: stringSerializer },
      connectTimeout: 3000,
      // A send gives up within ackTimeoutMs, so it cannot land after its callers were told 503:
      // three tries of at most a fifth each and two pauses of a tenth. (Two retries at least:
      // this client reads one or none as "retry forever" for an idempotent producer.)
      timeout: Math.max(500, Math.floor(ackTimeoutMs / 5)),
      requestTimeout: Math.max(500, Math.floor(ackTimeoutMs / 5)),
      retries: 2,
      retryDelay: Math.max(50, Math.floor(ackTimeoutMs / 10)),
    });

  /**
   * Tries again soon and often (100 ms doubling to `reconnectDelayMs`, jittered): ingest answers
   * 503 until this producer is ready, so the time between the broker answering again and the
   * next try is time partners are refused (README "Riding out faults").
   */
  async function openProducer(): Promise<void> {
    for (let attempt = 1; !stopped; attempt++) {
      const candidate = newProducer();
      try {
        // Connects and takes a producer id: ready means the next send can go at once.
        await candidate.initIdempotentProducer({});
        producer = candidate;
        ready = true;
        log.info('log producer connected', { brokers: options.brokers });
        return;
      } catch (error) {
        ready = false;
        const retryInMs = retryDelayMs(attempt, { initial: 100, max: reconnectDelayMs });
        // Once per outage, not once per try.
        if (attempt === 1) log.warn('log producer cannot reach kafka; retrying', { error, retryInMs });
        await candidate.close().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, retryInMs));
      }
    }
  }

  function ensureConnecting(): Promise<void> {
    connecting ??= openProducer().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  async function partitionsOf(current: Producer<string, Buffer, string, string>, topic: string) {
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

  function withTimeout<T>(promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no acknowledgement within ${ackTimeoutMs} ms`)),
        ackTimeoutMs,
      );
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  async function sendOne(batch: Pending[]): Promise<void> {
    const started = performance.now();
    const current = producer;
    if (!ready || current === undefined) throw new Error('producer not connected');
    // A record for a topic that does not exist is refused on its own; its batch-mates still go.
    const sendable: Pending[] = [];
    const placed: { topic: string; partition: number }[] = [];
    for (const pending of batch) {
      const { record } = pending;
      let partitions: number;
      try {
        partitions = partitionsByTopic.get(record.topic) ?? (await partitionsOf(current, record.topic));
      } catch (error) {
        if (!(error instanceof TradelogError) || error.retriable) throw error;
        pending.reject(error);
        continue;
      }
      sendable.push(pending);
      placed.push({ topic: record.topic, partition: partitionFor(record.topic, record.key, partitions) });
    }
    if (sendable.length === 0) return;
    const result = await withTimeout(
      current.send({
        messages: sendable.map(({ record }, index) => ({
          topic: record.topic,
          partition: placed[index]!.partition,
          key: record.key,
          value: record.value,
          headers: record.headers,
        })),
      }),
    );
    const appended = assignOffsets(placed, result.offsets ?? []);
    sendable.forEach((pending, index) => {
      pending.resolve(appended[index]!);
    });
    log.debug('batch appended', {
      records: sendable.length,
      durationMs: Math.round(performance.now() - started),
    });
  }

  async function flush(): Promise<void> {
    lingerTimer = undefined;
    if (sending) return;
    sending = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, maxBatch);
        try {
          await sendOne(batch);
        } catch (error) {
          const mapped = error instanceof TradelogError && !error.retriable ? error : unavailable(error);
          for (const pending of batch) pending.reject(mapped);
          if (mapped.code === 'KAFKA_UNAVAILABLE') {
            log.warn('append failed; replacing producer', { records: batch.length, error });
            ready = false;
            const broken = producer;
            producer = undefined;
            void broken?.close().catch(() => undefined);
            void ensureConnecting();
          }
        }
      }
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
        queue.push({ record, resolve, reject });
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
