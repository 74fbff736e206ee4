import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@tradelog/schemas';
import { type DocumentType, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { createDocumentValidators } from '@tradelog/schemas/documents/validator';
import { apiKeysChannel } from '@tradelog/schemas/kit/access/keyStore';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import type { KafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import { createLogSnapshotReader } from '@tradelog/schemas/kit/log/logSnapshot';
import { createLogProducer } from '@tradelog/schemas/kit/log/producer';
import { surviveConnectionLoss } from '@tradelog/schemas/kit/runtime/databaseErrors';
import type { LimitRule } from '@tradelog/schemas/kit/runtime/limitRule';
import { closeServer, createServiceServer, type ServerTimeouts } from '@tradelog/schemas/kit/runtime/server';
import pg from 'pg';
import { createIngestApp } from '../../ingest/src/app.ts';
import { createKeyCache } from '../../ingest/src/auth/keyCache.ts';
import { findKeyOwnerByHash } from '../../ingest/src/auth/keyLookup.ts';
import { listenForKeyChanges } from '../../ingest/src/auth/keyNotifications.ts';
import { defaultBodyLimitBytes } from '../../ingest/src/config.ts';
import { createIdempotency } from '../../ingest/src/idempotency/idempotency.ts';
import { createLogPlaces } from '../../ingest/src/idempotency/logPlaces.ts';
import { createIdempotencyPool } from '../../ingest/src/idempotency/pool.ts';
import { createIdGenerator } from '../../ingest/src/ids.ts';
import { buildInterfaces, type SubmissionInterface } from '../../ingest/src/intake/interfaces.ts';
import { createIngestCallLimit, createIngestLimits } from '../../ingest/src/limits/callLimit.ts';
import { createIngestMetrics, type IngestMetrics } from '../../ingest/src/metrics.ts';
import { createProducerPool } from '../../ingest/src/producerPool.ts';
import { prepareLog } from '../../ingest/src/startup.ts';
import { waitFor, withKafkaAdmin } from './index.ts';

/**
 * The real ingest app on an ephemeral port, wired exactly as main.ts wires it but with topics
 * of its own (`<topic>.<suffix>`) and the key table of a test schema: what the integration
 * tests and the benchmark submit to.
 */
export interface IngestUnderTest {
  url: string;
  interfaces: SubmissionInterface[];
  topicOf: (type: DocumentType) => string;
  metrics: IngestMetrics;
  producerReady: () => boolean;
  /**
   * Resolves once every key change committed before the call has reached ingest's key cache:
   * notifications arrive in commit order, so a marker sent now and seen by the cache comes after
   * them all (a test that caches a key and then expects it kept must not race its own inserts).
   */
  keyChangesSettled(): Promise<void>;
  close(): Promise<void>;
}

export async function startIngestUnderTest(options: {
  /** Where topics are created and schemas registered (the real broker). */
  brokers: string[];
  /** TLS and SASL for every connection (a secured broker's test); plaintext when absent. */
  security?: KafkaSecurity;
  /** The producer's bootstrap addresses; a proxy in outage tests. Defaults to `brokers`. */
  producerBrokers?: string[];
  schemaRegistryUrl: string;
  /** Connection string whose search_path selects the schema holding api_keys. */
  keysDatabaseUrl: string;
  topicSuffix: string;
  logger: Logger;
  product?: string;
  bodyLimitBytes?: number;
  keyCacheTtlMs?: number;
  keyNegativeCacheTtlMs?: number;
  ackTimeoutMs?: number;
  lingerMs?: number;
  waitForProducer?: boolean;
  /** Log producers sharing the topics (see producerPool.ts). */
  producers?: number;
  /** The default per-key call limit, counted in the keys database (none when absent). */
  keyLimit?: LimitRule;
  idempotencyKeyTtlMs?: number;
  maxWaitingBodies?: number;
  timeouts?: Partial<ServerTimeouts>;
}): Promise<IngestUnderTest> {
  const topicOf = (type: DocumentType) => `${type.topic}.${options.topicSuffix}`;
  const codec = createRegistryCodec({ url: options.schemaRegistryUrl });
  const log = await prepareLog({
    brokers: options.brokers,
    security: options.security,
    codec,
    types: documentTypes,
    topicOf,
    logger: options.logger,
  });
  const producer = createProducerPool(
    Array.from({ length: options.producers ?? 1 }, (_, index) =>
      createLogProducer({
        brokers: options.producerBrokers ?? options.brokers,
        security: options.security,
        clientId: `ingest-${options.topicSuffix}-${index}`,
        logger: options.logger,
        ackTimeoutMs: options.ackTimeoutMs ?? 5_000,
        lingerMs: options.lingerMs ?? 5,
        reconnectDelayMs: 250,
      }),
    ),
  );
  await producer.connect();
  if (options.waitForProducer ?? true) {
    const deadline = Date.now() + 30_000;
    while (!producer.isReady()) {
      if (Date.now() > deadline) throw new Error('producer did not connect within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const pool = new pg.Pool({
    connectionString: options.keysDatabaseUrl,
    max: 4,
    connectionTimeoutMillis: 1_000,
    query_timeout: 1_000,
  });
  surviveConnectionLoss(pool, options.logger);
  const idempotencyDb = surviveConnectionLoss(
    createIdempotencyPool({ connectionString: options.keysDatabaseUrl, timeoutMs: 1_000 }),
    options.logger,
  );
  const interfaces = buildInterfaces({
    types: documentTypes,
    product: options.product ?? 'tradelog',
    log,
    validators: createDocumentValidators(),
  });
  const logPlacesReader = createLogSnapshotReader({
    brokers: options.brokers,
    security: options.security,
    clientId: `ingest-${options.topicSuffix}-places`,
  });
  const idempotency = createIdempotency({
    db: idempotencyDb,
    now: () => new Date(),
    logger: options.logger,
    keyTtlMs: options.idempotencyKeyTtlMs ?? 24 * 60 * 60 * 1000,
    staleAfterMs: (options.ackTimeoutMs ?? 5_000) + 5_000,
    log: createLogPlaces({ reader: logPlacesReader, topics: [...new Set(interfaces.map((i) => i.topic))] }),
  });
  const metrics = createIngestMetrics();
  // As main.ts: cached keys dropped on Postgres' word (README "Key cache").
  const keys = createKeyCache({
    lookup: (hash) => findKeyOwnerByHash(pool, hash),
    now: Date.now,
    ttlMs: options.keyCacheTtlMs ?? 30_000,
    negativeTtlMs: options.keyNegativeCacheTtlMs ?? 5_000,
    logger: options.logger,
  });
  const seenKeyChanges = new Set<string>();
  const keyChanges = await listenForKeyChanges(keys, {
    connectionString: options.keysDatabaseUrl,
    logger: options.logger,
    retryMs: 200,
    acted: (payload) => seenKeyChanges.add(payload),
  });
  const keyChangesSettled = async () => {
    const marker = `settled-${randomUUID()}`;
    await pool.query('SELECT pg_notify($1, $2)', [apiKeysChannel, marker]);
    await waitFor(() => seenKeyChanges.has(marker), { what: 'key changes reaching the key cache' });
  };
  const app = createIngestApp({
    interfaces,
    producer,
    codec,
    keys,
    idempotency,
    now: () => new Date(),
    newId: createIdGenerator(),
    logger: options.logger,
    bodyLimitBytes: options.bodyLimitBytes ?? defaultBodyLimitBytes,
    ...(options.maxWaitingBodies === undefined ? {} : { maxWaitingBodies: options.maxWaitingBodies }),
    metrics,
    ...(options.keyLimit
      ? {
          callLimit: createIngestCallLimit(createIngestLimits(options.keyLimit, pool)),
        }
      : {}),
  });
  // The same server as main.ts, with its default timeouts unless a test shortens them.
  const server = createServiceServer(app, {
    requestTimeoutMs: 30_000,
    headersTimeoutMs: 10_000,
    keepAliveTimeoutMs: 5_000,
    socketIdleTimeoutMs: 60_000,
    ...options.timeouts,
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    interfaces,
    topicOf,
    metrics,
    producerReady: () => producer.isReady(),
    keyChangesSettled,
    async close() {
      await closeServer(server, 0);
      await producer.disconnect();
      await idempotency.settled();
      await logPlacesReader.close();
      await keyChanges.close();
      await pool.end();
      await idempotencyDb.end();
      // The topics are the test's own: leave the broker's metadata (and its open files) as it was.
      await withKafkaAdmin(
        {
          brokers: options.brokers,
          security: options.security,
          clientId: `ingest-${options.topicSuffix}`,
          logger: options.logger,
        },
        (admin) => admin.deleteTopics({ topics: documentTypes.map(topicOf) }).catch(() => undefined),
      );
    },
  };
}
