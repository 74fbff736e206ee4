import type { RequestListener } from 'node:http';
import { createLogger } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { createDocumentValidators } from '@tradelog/schemas/documents/validator';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { createLogSnapshotReader } from '@tradelog/schemas/kit/log/logSnapshot';
import { createLogProducer } from '@tradelog/schemas/kit/log/producer';
import { logTopics, ownTopicsEnsurer } from '@tradelog/schemas/kit/log/provisioning';
import { retryForever } from '@tradelog/schemas/kit/runtime/backoff';
import { surviveConnectionLoss } from '@tradelog/schemas/kit/runtime/databaseErrors';
import { startMetricsServerIfOwnPort } from '@tradelog/schemas/kit/runtime/http';
import { errorReason } from '@tradelog/schemas/kit/runtime/log';
import { closeServer, createServiceServer, listen, shutdownOnce } from '@tradelog/schemas/kit/runtime/server';
import pg from 'pg';
import { collectDefaultMetrics } from 'prom-client';
import { createIngestApp } from './app.ts';
import { createKeyCache } from './auth/keyCache.ts';
import { findKeyOwnerByHash } from './auth/keyLookup.ts';
import { listenForKeyChanges } from './auth/keyNotifications.ts';
import { parseIngestConfig } from './config.ts';
import { startKeyExpiry } from './idempotency/expiry.ts';
import { createIdempotency } from './idempotency/idempotency.ts';
import { createLogPlaces } from './idempotency/logPlaces.ts';
import { createIdempotencyPool } from './idempotency/pool.ts';
import { createIdGenerator } from './ids.ts';
import { buildInterfaces } from './intake/interfaces.ts';
import { createIngestCallLimit, createIngestLimits } from './limits/callLimit.ts';
import { createIngestMetrics } from './metrics.ts';
import { createProducerPool } from './producerPool.ts';
import { createStartingApp } from './startingApp.ts';
import { prepareLog } from './startup.ts';

/** Ingest's entry point: wires config, Kafka, registry and Postgres into the app and serves it. */
const config = parseIngestConfig(process.env);
const logger = createLogger({ service: 'ingest' }, { level: config.logLevel, format: config.logFormat });

// Compiled once, before the first request.
const validators = createDocumentValidators();
const codec = createRegistryCodec({ url: config.schemaRegistryUrl, auth: config.registryAuth });
// A topic deleted under the running service (an operator's reset, a new cluster) is created again
// as start-up creates it, when ingest may create topics (ingest/README.md "Errors", TOPIC_MISSING).
const ensureOwnTopics = ownTopicsEnsurer({
  provisioning: config.provisioning,
  topics: logTopics({ types: documentTypes, partitions: config.provisioning.topicPartitions }),
  brokers: config.kafkaBrokers,
  security: config.kafkaSecurity,
  logger,
});
const producer = createProducerPool(
  Array.from({ length: config.kafkaProducers }, (_, index) =>
    createLogProducer({
      brokers: config.kafkaBrokers,
      security: config.kafkaSecurity,
      clientId: `tradelog-ingest-${index}`,
      logger: logger.scope({ component: 'producer', producer: index }),
      lingerMs: config.kafkaLingerMs,
      ackTimeoutMs: config.kafkaAckTimeoutMs,
      maxBatchBytes: config.kafkaMaxMessageBytes,
      createMissingTopic: config.provisioning.createTopics ? ensureOwnTopics : undefined,
    }),
  ),
);
await producer.connect();

// The port answers from the start (startingApp.ts): 503 INGEST_STARTING, /health alive, /ready
// naming what is awaited, while the topics and schema ids this needs are prepared below.
const metrics = createIngestMetrics();
collectDefaultMetrics({ register: metrics.registry });
const newId = createIdGenerator();
let awaiting = 'the document log (Kafka topics, schema registry)';
let serve: RequestListener = createStartingApp({
  logger,
  metrics,
  newId,
  metricsOnPublicPort: config.metricsPort === 0,
  awaiting: () => awaiting,
});
const server = createServiceServer((req, res) => serve(req, res), config);
const metricsServer = await startMetricsServerIfOwnPort(config, metrics.registry, logger);
await listen(server, config.port, config.host);
logger.info('ingest listening; starting', { host: config.host, port: config.port, product: config.product });

/** Topics and schema ids are needed before documents are taken; a broker or registry away is waited for. */
const log = await retryForever(
  () =>
    prepareLog({
      brokers: config.kafkaBrokers,
      security: config.kafkaSecurity,
      codec,
      types: documentTypes,
      provisioning: config.provisioning,
      logger,
    }),
  {
    initial: 500,
    max: 30_000,
    onRetry: ({ attempt, delayMs, error }) => {
      awaiting = errorReason(error);
      logger.warn('log not ready; retrying', { attempt, delayMs, error: error as Error });
    },
  },
);

const pool = surviveConnectionLoss(
  new pg.Pool({
    connectionString: config.databaseUrl,
    max: config.poolMax,
    // A database hiccup must cost a key refresh a bounded wait, not hang requests.
    connectionTimeoutMillis: 2_000,
    query_timeout: 2_000,
  }),
  logger,
  { pool: 'keys' },
);
const idempotencyDb = surviveConnectionLoss(
  createIdempotencyPool({
    connectionString: config.databaseUrl,
    timeoutMs: 2_000,
    max: config.idempotencyPoolMax,
  }),
  logger,
  { pool: 'idempotency' },
);

const interfaces = buildInterfaces({ types: documentTypes, product: config.product, log, validators });
// Where acknowledged records sit, so that a repeat is answered as one only while the log holds it.
const logPlacesReader = createLogSnapshotReader({
  brokers: config.kafkaBrokers,
  security: config.kafkaSecurity,
  clientId: 'tradelog-ingest-log-places',
});
const idempotency = createIdempotency({
  db: idempotencyDb,
  now: () => new Date(),
  logger,
  keyTtlMs: config.idempotencyKeyTtlMs,
  // A reservation still pending after the longest possible append was abandoned.
  staleAfterMs: config.kafkaAckTimeoutMs + 5_000,
  log: createLogPlaces({
    reader: logPlacesReader,
    topics: [...new Set(interfaces.map((intf) => intf.topic))],
  }),
});

// Keys cached, dropped on Postgres' word that keys or grants changed, and trusted without a
// check for no longer than the ttl (README "Key cache").
const keys = createKeyCache({
  lookup: (hash) => findKeyOwnerByHash(pool, hash),
  now: Date.now,
  ttlMs: config.keyCacheTtlMs,
  negativeTtlMs: config.keyNegativeCacheTtlMs,
  logger: logger.scope({ component: 'keys' }),
});
const keyChanges = await listenForKeyChanges(keys, {
  connectionString: config.databaseUrl,
  logger: logger.scope({ component: 'keys' }),
});

const app = createIngestApp({
  interfaces,
  producer,
  codec,
  keys,
  idempotency,
  now: () => new Date(),
  newId,
  logger,
  bodyLimitBytes: config.bodyLimitBytes,
  maxWaitingBodies: config.maxWaitingBodies,
  metrics,
  metricsOnPublicPort: config.metricsPort === 0,
  callLimit: createIngestCallLimit(createIngestLimits(config.keyLimit, pool)),
});

serve = app;
logger.info('ingest started; accepting documents', { host: config.host, port: config.port });

// Expired idempotency records are deleted in the background; a failure only delays it.
const expiry = startKeyExpiry({
  db: idempotencyDb,
  now: () => new Date(),
  onError: (error) => logger.warn('could not delete expired idempotency records', { error }),
});

const stop = shutdownOnce(
  async (signal) => {
    logger.info('ingest stopping', { signal, graceMs: config.shutdownGraceMs });
    expiry.stop();
    metricsServer?.close();
    // Requests in flight finish (their appends acknowledged or refused) before the producer
    // goes, so nothing is left in its batches when it disconnects.
    await closeServer(server, config.shutdownGraceMs);
    await producer.disconnect();
    // Outcomes of answered requests still on their way to the store (idempotency.ts).
    await idempotency.settled();
    await logPlacesReader.close();
    await keyChanges.close();
    await pool.end();
    await idempotencyDb.end();
    logger.info('ingest stopped', { signal });
  },
  (signal) => logger.info('ingest already stopping', { signal }),
);
// One shutdown whatever arrives: a second signal (or the other one) does not start another.
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
