import type { Server } from 'node:http';
import { createLogger } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { createDocumentValidators } from '@tradelog/schemas/documents/validator';
import { createRegistryCodec } from '@tradelog/schemas/log/codec';
import { createLogProducer } from '@tradelog/schemas/log/producer';
import { createCallLimits } from '@tradelog/schemas/runtime/callLimits';
import pg from 'pg';
import { collectDefaultMetrics } from 'prom-client';
import { createIngestApp } from './app.ts';
import { createKeyCache } from './auth/keyCache.ts';
import { findKeyOwnerByHash } from './auth/keyLookup.ts';
import { parseIngestConfig } from './config.ts';
import { createIdGenerator } from './ids.ts';
import { buildInterfaces } from './intake/interfaces.ts';
import { createIngestCallLimit } from './limits/callLimit.ts';
import { createIngestMetrics } from './metrics.ts';
import { createProducerPool } from './producerPool.ts';
import { prepareLog } from './startup.ts';

/** Ingest's entry point: wires config, Kafka, registry and Postgres into the app and serves it. */
const config = parseIngestConfig(process.env);
const logger = createLogger({ service: 'ingest' }, { level: config.logLevel });

// Compiled once, before the first request (issue 3).
const validators = createDocumentValidators();
const codec = createRegistryCodec({ url: config.schemaRegistryUrl });
const producer = createProducerPool(
  Array.from({ length: config.kafkaProducers }, (_, index) =>
    createLogProducer({
      brokers: config.kafkaBrokers,
      clientId: `tradelog-ingest-${index}`,
      logger: logger.scope({ component: 'producer', producer: index }),
      lingerMs: config.kafkaLingerMs,
      ackTimeoutMs: config.kafkaAckTimeoutMs,
    }),
  ),
  documentTypes.map((type) => type.topic),
);
await producer.connect();

/** Topics and schema ids are needed before serving; a broker or registry still starting is waited for. */
async function prepareWithRetry(): Promise<Awaited<ReturnType<typeof prepareLog>>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await prepareLog({ brokers: config.kafkaBrokers, codec, types: documentTypes, logger });
    } catch (error) {
      const delayMs = Math.min(30_000, 500 * 2 ** Math.min(attempt, 6));
      logger.warn('log not ready; retrying', { attempt, delayMs, error: error as Error });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
const log = await prepareWithRetry();

const pool = new pg.Pool({
  connectionString: config.databaseUrl,
  max: 4,
  // A database hiccup must cost a key refresh a bounded wait, not hang requests.
  connectionTimeoutMillis: 2_000,
  query_timeout: 2_000,
});
pool.on('error', (error) => logger.warn('idle database connection failed', { error }));

const metrics = createIngestMetrics();
collectDefaultMetrics({ register: metrics.registry });

const app = createIngestApp({
  interfaces: buildInterfaces({ types: documentTypes, product: config.product, log, validators }),
  producer,
  codec,
  keys: createKeyCache({
    lookup: (hash) => findKeyOwnerByHash(pool, hash),
    now: Date.now,
    ttlMs: config.keyCacheTtlMs,
    negativeTtlMs: config.keyNegativeCacheTtlMs,
    logger: logger.scope({ component: 'keys' }),
  }),
  now: () => new Date(),
  newId: createIdGenerator(),
  logger,
  bodyLimitBytes: config.bodyLimitBytes,
  metrics,
  callLimit: createIngestCallLimit(
    createCallLimits({ table: { 'partner-default': config.keyLimit }, store: pool, prefix: 'ingest' }),
  ),
});

const server: Server = app.listen(config.port, config.host, () => {
  logger.info('ingest listening', { host: config.host, port: config.port, product: config.product });
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('ingest stopping', { signal });
  // Requests in flight finish (and their appends are acknowledged) before the producer goes.
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await producer.disconnect();
  await pool.end();
  logger.info('ingest stopped', { signal });
}
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
