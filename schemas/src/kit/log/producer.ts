import { Producer } from '@platformatic/kafka';
import type { Logger } from '../runtime/log.ts';
import {
  type BatchBounds,
  compressedBatchBytes,
  fitsAlone,
  kafkaDefaultMaxMessageBytes,
  nextSendSize,
  recordBatchBytes,
} from './batchBounds.ts';
import { createBatchDelivery } from './batchDelivery.ts';
import type { KafkaSecurity } from './kafkaSecurity.ts';
import type { CreateMissingTopic } from './partitionPlacement.ts';
import {
  type Appended,
  type AppendRecord,
  type Pending,
  pendingAppend,
  recordTooLarge,
  unavailable,
} from './pendingAppends.ts';
import {
  createProducerConnection,
  type LogClient,
  type LogClientSettings,
  logClientSettings,
} from './producerConnection.ts';
import { withTimeout } from './waits.ts';

export interface LogProducer {
  /** Starts connecting; never throws for an absent broker, it keeps trying in the background. */
  connect(): Promise<void>;
  /** Resolves once the broker acknowledged the record (acks=all, idempotent producer). */
  append(record: AppendRecord): Promise<Appended>;
  isReady(): boolean;
  /**
   * Whether a broker answers the producer's client now: connected, and a metadata request (for
   * no topic: the brokers only) answered within `timeoutMs`. An idle producer hears of a broker
   * gone only from its next send; readiness asks (ingest's `/ready`).
   */
  brokerAnswers(timeoutMs: number): Promise<boolean>;
  disconnect(): Promise<void>;
}

export interface LogProducerOptions {
  brokers: string[];
  /** TLS and SASL (schemas/src/kit/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  clientId: string;
  logger: Logger;
  /** How long a first record waits for company before its batch is sent. */
  lingerMs?: number;
  maxBatchRecords?: number;
  /**
   * The largest record batch the brokers take (`message.max.bytes`, or the topics' own
   * `max.message.bytes`): sends are cut to it, and a record larger alone is refused (413).
   */
  maxBatchBytes?: number;
  /**
   * A record's deadline, from `append` to Kafka's acknowledgement, resends included: a send that
   * failed for a broker's loss is resent until then, and past it the caller gets KAFKA_UNAVAILABLE.
   */
  ackTimeoutMs?: number;
  reconnectDelayMs?: number;
  /** Milliseconds on a monotonic clock; passed in so tests can drive deadlines. */
  now?: () => number;
  /** Makes the Kafka client; tests pass a scripted one. */
  newClient?: (settings: LogClientSettings) => LogClient;
  /**
   * Creates a topic a record finds missing (a service allowed to create its topics:
   * provisioning.ts `ownTopicsEnsurer`); absent, such records are refused TOPIC_MISSING.
   */
  createMissingTopic?: CreateMissingTopic;
}

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
 *
 * This file is the shell: the queue, its linger and the producer's lifecycle. The steps are in
 * modules named for them: the client and its connection (producerConnection.ts), a record
 * waiting for its acknowledgement (pendingAppends.ts), how much one send carries, in records and
 * bytes (batchBounds.ts), one batch's delivery and resends (batchDelivery.ts), the key's
 * partition (keyPartition.ts).
 */
export function createLogProducer(options: LogProducerOptions): LogProducer {
  const log = options.logger.scope({ component: 'log-producer' });
  const lingerMs = options.lingerMs ?? 2;
  const bounds: BatchBounds = {
    maxRecords: options.maxBatchRecords ?? 500,
    maxBytes: options.maxBatchBytes ?? kafkaDefaultMaxMessageBytes,
  };
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const now = options.now ?? (() => performance.now());
  const queue: Pending[] = [];

  let stopped = false;
  let sending = false;
  let lingerTimer: NodeJS.Timeout | undefined;

  const newClient = options.newClient ?? ((settings) => new Producer(settings));
  const connection = createProducerConnection({
    newClient: () =>
      newClient(
        logClientSettings({
          clientId: options.clientId,
          brokers: options.brokers,
          security: options.security,
          ackTimeoutMs,
        }),
      ),
    brokers: options.brokers,
    reconnectDelayMs: options.reconnectDelayMs ?? 1000,
    log,
    stopped: () => stopped,
  });
  const delivery = createBatchDelivery({
    connection,
    log,
    now,
    ackTimeoutMs,
    lingerMs,
    stopped: () => stopped,
    createMissingTopic: options.createMissingTopic,
  });

  async function flush(): Promise<void> {
    lingerTimer = undefined;
    if (sending) return;
    sending = true;
    try {
      while (queue.length > 0) await delivery.deliver(queue.splice(0, nextSendSize(queue, bounds)));
    } finally {
      sending = false;
    }
  }

  return {
    async connect() {
      stopped = false;
      void connection.ensureConnecting();
    },
    append(record) {
      // A record larger than a batch goes compressed when it then fits (batchBounds.ts). Too
      // large even so is the record's fault whatever the broker's state: 413 first, never a 503.
      // The operator hears of it too: the limits the log was deployed with refused a record.
      const size = sizeInBatch(record, bounds.maxBytes);
      if (size === undefined) {
        const bytes = recordBatchBytes(record);
        log.warn('record larger than the brokers take in one batch, even compressed; refused', {
          topic: record.topic,
          bytes,
          maxBytes: bounds.maxBytes,
        });
        return Promise.reject(recordTooLarge(bytes, bounds.maxBytes));
      }
      if (stopped) return Promise.reject(unavailable(new Error('producer stopped')));
      if (!connection.isReady()) {
        void connection.ensureConnecting();
        return Promise.reject(unavailable(new Error('kafka not connected')));
      }
      return new Promise<Appended>((resolve, reject) => {
        const deadlineIn = { now: now(), ackTimeoutMs, lastSendError: delivery.lastSendError };
        queue.push(pendingAppend(record, deadlineIn, resolve, reject, size));
        if (queue.length >= bounds.maxRecords) void flush();
        else lingerTimer ??= setTimeout(() => void flush(), lingerMs);
      });
    },
    isReady: () => connection.isReady(),
    async brokerAnswers(timeoutMs) {
      const current = connection.current();
      if (!connection.isReady() || current === undefined) return false;
      try {
        await withTimeout(current.metadata({ topics: [], forceUpdate: true, retries: 0 }), timeoutMs);
        return true;
      } catch {
        return false;
      }
    },
    async disconnect() {
      stopped = true;
      if (lingerTimer) clearTimeout(lingerTimer);
      while (sending || queue.length > 0) {
        if (!sending) await flush();
        else await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await connection.close();
    },
  };
}

/**
 * What a record takes of a send: as it is, or compressed in a batch of its own when only that
 * fits (`compressedBatchBytes`); undefined when neither fits.
 */
function sizeInBatch(
  record: AppendRecord,
  maxBytes: number,
): { bytes: number; compressed?: true } | undefined {
  const bytes = recordBatchBytes(record);
  if (fitsAlone(bytes, maxBytes)) return { bytes };
  const compressed = compressedBatchBytes(record);
  return fitsAlone(compressed, maxBytes) ? { bytes: compressed, compressed: true } : undefined;
}
