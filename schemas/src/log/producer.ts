import { type Kafka, type Message, Partitioners, type Producer, type RecordMetadata } from 'kafkajs';
import { TradelogError } from '../runtime/errors.ts';
import type { Logger } from '../runtime/log.ts';
import { createKafka } from './kafka.ts';

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

/** The partition Kafka's Java clients would choose for a keyed record (murmur2 of the key). */
export function partitionFor(topic: string, key: string, partitions: number): number {
  const partitionMetadata = Array.from({ length: partitions }, (_, partitionId) => ({
    partitionId,
    leader: 0,
    replicas: [0],
    isr: [0],
    partitionErrorCode: 0,
  }));
  return javaPartitioner({ topic, partitionMetadata, message: { key, value: null } });
}

/**
 * Within one send, records of a topic-partition are appended in order from the partition's
 * base offset, so each record's offset is the base plus its index among them.
 */
export function assignOffsets(
  batch: { topic: string; partition: number }[],
  metadata: Pick<RecordMetadata, 'topicName' | 'partition' | 'baseOffset'>[],
): Appended[] {
  const base = new Map(metadata.map((m) => [`${m.topicName}/${m.partition}`, BigInt(m.baseOffset ?? '-1')]));
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
    'The document log is unavailable; nothing was stored, please retry',
    {
      status: 503,
      retriable: true,
      cause,
      details: {
        message: {
          cn: '单据日志暂不可用，本次提交未保存任何内容，请稍后重试',
          en: 'The document log is unavailable; nothing was stored, please retry',
        },
      },
    },
  );

/**
 * An idempotent acks=all producer that batches concurrent appends. Sends are serialised: one
 * `sendBatch` in flight at a time per producer, because kafkajs' idempotent producer has lost
 * or reordered records under concurrent sends (ARCHITECTURE, kafkajs note). While a send is in
 * flight, new records queue up and go together in the next one, which is what makes intake
 * fast. After a failed send the producer is replaced, so a fresh producer id and sequence
 * numbers are used and nothing is half-sent twice.
 */
export function createLogProducer(options: LogProducerOptions): LogProducer {
  const log = options.logger.scope({ component: 'log-producer' });
  const lingerMs = options.lingerMs ?? 2;
  const maxBatch = options.maxBatchRecords ?? 500;
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const reconnectDelayMs = options.reconnectDelayMs ?? 1000;
  const kafka: Kafka = createKafka({
    brokers: options.brokers,
    clientId: options.clientId,
    logger: options.logger,
    // kafkajs' own budget (two tries of at most a quarter each, plus backoff) stays inside
    // ackTimeoutMs, so a send has given up before callers are told 503 and cannot land later.
    requestTimeoutMs: Math.max(500, Math.floor(ackTimeoutMs / 4)),
    retry: { initialRetryTime: 100, retries: 1, maxRetryTime: Math.floor(ackTimeoutMs / 8) },
  });
  const partitionsByTopic = new Map<string, number>();
  const queue: Pending[] = [];

  let producer: Producer | undefined;
  let ready = false;
  let stopped = false;
  let sending = false;
  let lingerTimer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;

  const newProducer = () =>
    kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      // Records carry an explicit partition (partitionFor); naming the partitioner silences
      // kafkajs' v2 migration warning.
      createPartitioner: Partitioners.DefaultPartitioner,
      // Bounded (see the client's budget above): a send gives up within ackTimeoutMs.
      retry: { retries: 1 },
    });

  async function openProducer(): Promise<void> {
    while (!stopped) {
      const candidate = newProducer();
      try {
        await candidate.connect();
        producer = candidate;
        ready = true;
        log.info('log producer connected', { brokers: options.brokers });
        return;
      } catch (error) {
        ready = false;
        log.warn('log producer cannot reach kafka; retrying', { error, retryInMs: reconnectDelayMs });
        await candidate.disconnect().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs));
      }
    }
  }

  function ensureConnecting(): Promise<void> {
    connecting ??= openProducer().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  async function partitionsOf(topic: string): Promise<number> {
    const known = partitionsByTopic.get(topic);
    if (known !== undefined) return known;
    const admin = kafka.admin();
    await admin.connect();
    try {
      const metadata = await admin.fetchTopicMetadata({ topics: [topic] });
      const count = metadata.topics[0]?.partitions.length ?? 0;
      if (count === 0)
        throw new TradelogError('TOPIC_MISSING', `topic ${topic} does not exist`, { retriable: false });
      partitionsByTopic.set(topic, count);
      return count;
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
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
    const placed = await Promise.all(
      batch.map(async ({ record }) => ({
        topic: record.topic,
        partition: partitionFor(record.topic, record.key, await partitionsOf(record.topic)),
      })),
    );
    const byTopic = new Map<string, Message[]>();
    batch.forEach(({ record }, index) => {
      const messages = byTopic.get(record.topic) ?? [];
      messages.push({
        key: record.key,
        value: record.value,
        headers: record.headers,
        partition: placed[index]!.partition,
      });
      byTopic.set(record.topic, messages);
    });
    const metadata = await withTimeout(
      current.sendBatch({
        acks: -1,
        timeout: ackTimeoutMs,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      }),
    );
    const appended = assignOffsets(placed, metadata);
    batch.forEach((pending, index) => {
      pending.resolve(appended[index]!);
    });
    log.debug('batch appended', {
      records: batch.length,
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
            void broken?.disconnect().catch(() => undefined);
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
      await producer?.disconnect().catch(() => undefined);
      producer = undefined;
    },
  };
}
