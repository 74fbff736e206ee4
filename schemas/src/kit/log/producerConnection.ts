import { ProduceAcks, type Producer, type ProducerOptions, stringSerializer } from '@platformatic/kafka';
import { retryForever } from '../runtime/backoff.ts';
import type { Logger } from '../runtime/log.ts';
import { remembered } from '../runtime/remembered.ts';
import { type KafkaSecurity, platformaticSecurity } from './kafkaSecurity.ts';

/**
 * The log producer's Kafka client (producer.ts): its settings, connecting it and trying again
 * until a broker answers, and replacing it once it can no longer be trusted.
 */

/** The part of the Kafka client the log producer uses. */
export type LogClient = Pick<
  Producer<string, Buffer, string, string>,
  'initIdempotentProducer' | 'send' | 'metadata' | 'close'
>;

export type LogClientSettings = ProducerOptions<string, Buffer, string, string>;

/**
 * A header name's bytes, encoded once: every document record carries the same eight names
 * (headers.ts). The client only copies them into the request, so one buffer serves every record.
 * Bounded, since a caller may name headers of its own.
 */
const headerNameBuffer = remembered((name) => Buffer.from(name), 256);
const headerNameBytes = (name: unknown): Buffer | undefined =>
  typeof name === 'string' ? headerNameBuffer(name) : undefined;

/** An idempotent acks=all client whose own retries fit inside a record's deadline. */
export function logClientSettings(options: {
  clientId: string;
  brokers: string[];
  security?: KafkaSecurity;
  ackTimeoutMs: number;
}): LogClientSettings {
  const { ackTimeoutMs } = options;
  return {
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
  };
}

export interface ProducerConnection {
  /** The connected client, or none while (re)connecting. */
  current(): LogClient | undefined;
  isReady(): boolean;
  /** Starts connecting unless it already is; resolves once connected (or stopped). */
  ensureConnecting(): Promise<void>;
  /** Drops a client whose connections or in-flight send can no longer be trusted, and connects anew. */
  replace(reason: string, context: Record<string, unknown>): void;
  /** Closes the client on the producer's stop. */
  close(): Promise<void>;
}

export function createProducerConnection(context: {
  newClient: () => LogClient;
  brokers: string[];
  reconnectDelayMs: number;
  log: Logger;
  stopped: () => boolean;
}): ProducerConnection {
  const { log } = context;
  let producer: LogClient | undefined;
  let ready = false;
  let connecting: Promise<void> | undefined;

  /**
   * Tries again soon and often (100 ms doubling to `reconnectDelayMs`, jittered): ingest answers
   * 503 until this producer is ready, so the time between the broker answering again and the
   * next try is time partners are refused (README "Riding out faults").
   */
  async function openProducer(): Promise<void> {
    await retryForever(
      async () => {
        // No try once stopped (a wait may end after stop()).
        if (context.stopped()) return;
        const candidate = context.newClient();
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
        log.info('log producer connected', { brokers: context.brokers });
      },
      {
        initial: 100,
        max: context.reconnectDelayMs,
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

  return {
    current: () => producer,
    isReady: () => ready,
    ensureConnecting,
    replace(reason, details) {
      log.warn(reason, details);
      ready = false;
      const broken = producer;
      producer = undefined;
      void broken?.close().catch(() => undefined);
      void ensureConnecting();
    },
    async close() {
      ready = false;
      await producer?.close().catch(() => undefined);
      producer = undefined;
    },
  };
}
