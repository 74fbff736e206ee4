import { ConfigError, env } from '@tradelog/schemas';
import { parseKafkaMaxMessageBytes } from '@tradelog/schemas/kit/log/batchBounds';
import { type KafkaSecurity, parseKafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import { type Provisioning, parseProvisioning } from '@tradelog/schemas/kit/log/provisioning';
import { parseRegistryAuth, type RegistryAuth } from '@tradelog/schemas/kit/log/registryAuth';
import type { LimitRule } from '@tradelog/schemas/kit/runtime/limitRule';

/**
 * Ingest's one config module (house style §8): the environment is read here, once, and
 * nothing else in the service touches `process.env`.
 */
export interface IngestConfig extends env.LogSettings {
  port: number;
  host: string;
  kafkaBrokers: string[];
  /** KAFKA_TLS*, KAFKA_SASL_* (schemas/src/kit/log/kafkaSecurity.ts). */
  kafkaSecurity: KafkaSecurity;
  schemaRegistryUrl: string;
  /** SCHEMA_REGISTRY_USERNAME and _PASSWORD, or SCHEMA_REGISTRY_TOKEN. */
  registryAuth: RegistryAuth | undefined;
  /** Whether start-up creates the document topics and registers their schemas (CREATE_TOPICS, REGISTER_SCHEMAS). */
  provisioning: Provisioning;
  databaseUrl: string;
  /** Substituted for `{product}` in the paths of submission spec §7. */
  product: string;
  /** Largest accepted request body, in bytes (413 above it). */
  bodyLimitBytes: number;
  /** The largest record batch the brokers (or the log's topics) take; the producer's sends are cut to it. */
  kafkaMaxMessageBytes: number;
  /** How long a key lookup is trusted before Postgres is asked again. */
  keyCacheTtlMs: number;
  /** How long an unknown key stays unknown before Postgres is asked again. */
  keyNegativeCacheTtlMs: number;
  /** Producer batching window: concurrent requests wait this long to share one send. */
  kafkaLingerMs: number;
  /**
   * A submission's deadline for Kafka's acknowledgement: a send that failed for a broker's loss
   * is resent until then (root README "Riding out faults"); past it the answer is 503.
   */
  kafkaAckTimeoutMs: number;
  /** Log producers the document topics are spread over (their sends overlap; see producerPool.ts). */
  kafkaProducers: number;
  /** Longest time to receive a whole request (headers and body); a slower client is cut off with 408. */
  requestTimeoutMs: number;
  /** Longest time to receive the request headers. */
  headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** A connection with no traffic in either direction for this long is closed. */
  socketIdleTimeoutMs: number;
  /** On SIGINT/SIGTERM, how long requests in flight may take before their connections are closed. */
  shutdownGraceMs: number;
  /** Bodies waiting to be parsed and validated beyond which requests get 503 INGEST_BUSY. */
  maxWaitingBodies: number;
  /** How long an Idempotency-Key is remembered. */
  idempotencyKeyTtlMs: number;
  /**
   * Postgres connections (deploy/README.md "Connection budget"): the key and call-limit pool
   * (INGEST_POOL_MAX) and the idempotency records' (INGEST_IDEMPOTENCY_POOL_MAX).
   */
  poolMax: number;
  idempotencyPoolMax: number;
  /** Where /metrics is served: its own port (METRICS_PORT, METRICS_HOST), or 0 for the public one. */
  metricsHost: string;
  metricsPort: number;
  /** The default per-key call limit (limits/callLimit.ts). */
  keyLimit: LimitRule;
}

export function parseIngestConfig(source: env.Env): Readonly<IngestConfig> {
  const product = env.text(source, 'INGEST_PRODUCT', 'tradelog');
  if (!/^[a-z0-9][a-z0-9-]*$/i.test(product)) {
    throw new ConfigError(
      'INGEST_PRODUCT',
      `must be letters, digits and dashes (one path segment), got "${product}"`,
    );
  }
  const requestTimeoutMs = env.integer(source, 'INGEST_REQUEST_TIMEOUT_MS', 30_000, { min: 1000 });
  const headersTimeoutMs = env.integer(source, 'INGEST_HEADERS_TIMEOUT_MS', 10_000, { min: 1000 });
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(
      'INGEST_HEADERS_TIMEOUT_MS',
      `must not exceed INGEST_REQUEST_TIMEOUT_MS (${requestTimeoutMs}), got ${headersTimeoutMs}`,
    );
  }
  const { bodyLimitBytes, kafkaMaxMessageBytes } = bodyAndRecordLimits(source);
  return Object.freeze({
    port: env.port(source, 'INGEST_PORT', 8080),
    host: env.text(source, 'INGEST_HOST', '0.0.0.0'),
    kafkaBrokers: env.hostPorts(source, 'KAFKA_BROKERS', '127.0.0.1:9092'),
    kafkaSecurity: parseKafkaSecurity(source),
    schemaRegistryUrl: env.url(source, 'SCHEMA_REGISTRY_URL', 'http://127.0.0.1:8081/apis/ccompat/v7'),
    registryAuth: parseRegistryAuth(source),
    provisioning: parseProvisioning(source),
    databaseUrl: env.url(source, 'DATABASE_URL', undefined, ['postgres:', 'postgresql:']),
    product,
    bodyLimitBytes,
    kafkaMaxMessageBytes,
    keyCacheTtlMs: env.integer(source, 'INGEST_KEY_CACHE_TTL_MS', 30_000, { min: 0 }),
    keyNegativeCacheTtlMs: env.integer(source, 'INGEST_KEY_NEGATIVE_CACHE_TTL_MS', 5_000, { min: 0 }),
    kafkaLingerMs: env.integer(source, 'INGEST_KAFKA_LINGER_MS', 5, { min: 0, max: 1000 }),
    kafkaAckTimeoutMs: env.integer(source, 'INGEST_KAFKA_ACK_TIMEOUT_MS', 10_000, { min: 100 }),
    kafkaProducers: env.integer(source, 'INGEST_KAFKA_PRODUCERS', 1, { min: 1, max: 14 }),
    requestTimeoutMs,
    headersTimeoutMs,
    keepAliveTimeoutMs: env.integer(source, 'INGEST_KEEP_ALIVE_TIMEOUT_MS', 5_000, { min: 0 }),
    socketIdleTimeoutMs: env.integer(source, 'INGEST_SOCKET_IDLE_TIMEOUT_MS', 60_000, { min: 1000 }),
    shutdownGraceMs: env.integer(source, 'INGEST_SHUTDOWN_GRACE_MS', 15_000, { min: 0 }),
    maxWaitingBodies: env.integer(source, 'INGEST_MAX_WAITING_BODIES', 256, { min: 1 }),
    idempotencyKeyTtlMs: env.integer(source, 'INGEST_IDEMPOTENCY_KEY_TTL_MS', 24 * 60 * 60 * 1000, {
      min: 60_000,
    }),
    ...env.logSettings(source),
    poolMax: env.integer(source, 'INGEST_POOL_MAX', 4, { min: 1 }),
    idempotencyPoolMax: env.integer(source, 'INGEST_IDEMPOTENCY_POOL_MAX', 4, { min: 1 }),
    metricsHost: env.text(source, 'METRICS_HOST', '0.0.0.0'),
    metricsPort: env.port(source, 'METRICS_PORT', 0),
    keyLimit: Object.freeze({
      points: env.integer(source, 'INGEST_KEY_LIMIT_POINTS', 6000, { min: 1 }),
      windowSeconds: env.integer(source, 'INGEST_KEY_LIMIT_WINDOW_S', 60, { min: 1 }),
      per: 'caller' as const,
    }),
  });
}

/** Ingest's body limit unless configured: 1 MB, within what Kafka takes by default (bodyAndRecordLimits). */
export const defaultBodyLimitBytes = 1_000_000;

/**
 * Room a record's envelope takes beside the body: the registry's 5-byte prefix, the headers
 * ingest writes (ids, times, the body's digest) and the grants stamp, which grows with a
 * partner's grants. A record larger still is refused 413 by the producer (batchBounds.ts).
 */
const recordEnvelopeBytes = 16 * 1024;

/**
 * A document is one Kafka record, so a body ingest accepts must fit, with its envelope, in the
 * largest record batch the brokers take, or it is accepted by size and refused by the log. The
 * body limit defaults to 1,000,000 bytes, which Kafka's default 1,048,588 holds with room to
 * spare; a larger one needs the topics' `max.message.bytes` raised and KAFKA_MAX_MESSAGE_BYTES
 * with it (README "Configuration").
 */
function bodyAndRecordLimits(source: env.Env): { bodyLimitBytes: number; kafkaMaxMessageBytes: number } {
  const kafkaMaxMessageBytes = parseKafkaMaxMessageBytes(source);
  const bodyLimitBytes = env.integer(source, 'INGEST_BODY_LIMIT_BYTES', defaultBodyLimitBytes, {
    min: 1024,
    max: 64 * 1024 * 1024,
  });
  if (bodyLimitBytes + recordEnvelopeBytes > kafkaMaxMessageBytes)
    throw new ConfigError(
      'INGEST_BODY_LIMIT_BYTES',
      `${bodyLimitBytes} bytes and a record's envelope (${recordEnvelopeBytes}) do not fit the ${kafkaMaxMessageBytes} bytes Kafka takes in one record batch (KAFKA_MAX_MESSAGE_BYTES): lower it, or raise the topics' max.message.bytes and KAFKA_MAX_MESSAGE_BYTES together`,
    );
  return { bodyLimitBytes, kafkaMaxMessageBytes };
}
