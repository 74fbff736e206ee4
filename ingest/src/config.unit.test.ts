import { describe, expect, it } from 'vitest';
import { parseIngestConfig } from './config.ts';

describe('parseIngestConfig', () => {
  const minimal = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/tradelog' };

  it('applies the defaults', () => {
    expect(parseIngestConfig(minimal)).toMatchObject({
      port: 8080,
      kafkaBrokers: ['127.0.0.1:9092'],
      schemaRegistryUrl: 'http://127.0.0.1:8081/apis/ccompat/v7',
      product: 'tradelog',
      bodyLimitBytes: 1_000_000,
      kafkaMaxMessageBytes: 1_048_588,
      keyCacheTtlMs: 30_000,
      keyNegativeCacheTtlMs: 5_000,
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      socketIdleTimeoutMs: 60_000,
      shutdownGraceMs: 15_000,
      maxWaitingBodies: 256,
      idempotencyKeyTtlMs: 86_400_000,
    });
    expect(Object.isFrozen(parseIngestConfig(minimal))).toBe(true);
  });

  it('reads every variable', () => {
    const config = parseIngestConfig({
      ...minimal,
      INGEST_PORT: '9000',
      KAFKA_BROKERS: 'k1:9092, k2:9092',
      SCHEMA_REGISTRY_URL: 'http://registry:8080/apis/ccompat/v7',
      INGEST_PRODUCT: 'qhyp',
      INGEST_BODY_LIMIT_BYTES: '2048',
      KAFKA_MAX_MESSAGE_BYTES: String(8 * 1024 * 1024),
    });
    expect(config).toMatchObject({
      port: 9000,
      kafkaBrokers: ['k1:9092', 'k2:9092'],
      product: 'qhyp',
      bodyLimitBytes: 2048,
      kafkaMaxMessageBytes: 8 * 1024 * 1024,
    });
  });

  it.each([
    [{}, /DATABASE_URL/],
    [{ ...minimal, INGEST_PORT: 'eighty' }, /INGEST_PORT/],
    [{ ...minimal, KAFKA_BROKERS: 'nohostport' }, /KAFKA_BROKERS/],
    [{ ...minimal, INGEST_PRODUCT: 'a/b' }, /INGEST_PRODUCT/],
    [{ ...minimal, INGEST_BODY_LIMIT_BYTES: '10' }, /INGEST_BODY_LIMIT_BYTES/],
    // A body that could never be appended: larger than Kafka takes in one record batch.
    [
      { ...minimal, INGEST_BODY_LIMIT_BYTES: String(1024 * 1024) },
      /INGEST_BODY_LIMIT_BYTES.*KAFKA_MAX_MESSAGE_BYTES/,
    ],
    [{ ...minimal, KAFKA_MAX_MESSAGE_BYTES: '1000' }, /KAFKA_MAX_MESSAGE_BYTES/],
    [{ ...minimal, DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ ...minimal, INGEST_HEADERS_TIMEOUT_MS: '60000' }, /INGEST_HEADERS_TIMEOUT_MS/],
    [{ ...minimal, INGEST_IDEMPOTENCY_KEY_TTL_MS: '1000' }, /INGEST_IDEMPOTENCY_KEY_TTL_MS/],
  ])('fails naming the variable (%j)', (env, key) => {
    expect(() => parseIngestConfig(env)).toThrow(key);
  });
});
