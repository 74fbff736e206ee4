import { createLogger } from '@tradelog/schemas';
import express from 'express';
import { parseIngestConfig } from '../src/config.ts';
import { startIngestUnderTest } from '../src/testing/ingestUnderTest.ts';

/**
 * The server side of the ingest benchmark, in a process of its own so that the load generator
 * does not share its event loop: either the real ingest app (`ingest`) or the ceiling it is
 * compared with, an Express app that parses the JSON body and answers without doing anything
 * (`noop`). Prints `LISTENING <url>` once it serves.
 */
const [mode, topicSuffix, keysDatabaseUrl] = process.argv.slice(2);

if (mode === 'noop') {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.post('/{*path}', express.json({ limit: '1mb' }), (req, res) => {
    res.json({ flag: 'success', code: '200', message: 'ok', fields: Object.keys(req.body as object).length });
  });
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address && typeof address === 'object') console.log(`LISTENING http://127.0.0.1:${address.port}`);
  });
} else if (mode === 'ingest' && topicSuffix && keysDatabaseUrl) {
  const config = parseIngestConfig({ DATABASE_URL: keysDatabaseUrl, ...process.env });
  // Logs are produced as in production (one JSON line per request) but not written to a
  // terminal: the benchmark measures ingest, not the console.
  const logger = createLogger({ service: 'ingest-bench' }, { write: () => {} });
  const ingest = await startIngestUnderTest({
    brokers: config.kafkaBrokers,
    schemaRegistryUrl: config.schemaRegistryUrl,
    keysDatabaseUrl,
    topicSuffix,
    logger,
    // Everything else as main.ts configures it from the same variables (config.ts defaults):
    // producers and their batching, the call limit counted in Postgres, the idempotency
    // records (INGEST_DUPLICATE_WINDOW_MS, default 10 min: a client cycling through prepared
    // bodies must send an Idempotency-Key per request, as the load generator does, or its
    // repeats are answered without appending), the key cache and the intake queue.
    producers: config.kafkaProducers,
    lingerMs: config.kafkaLingerMs,
    ackTimeoutMs: config.kafkaAckTimeoutMs,
    keyLimit: config.keyLimit,
    duplicateWindowMs: config.duplicateWindowMs,
    idempotencyKeyTtlMs: config.idempotencyKeyTtlMs,
    keyCacheTtlMs: config.keyCacheTtlMs,
    keyNegativeCacheTtlMs: config.keyNegativeCacheTtlMs,
    bodyLimitBytes: config.bodyLimitBytes,
    maxWaitingBodies: config.maxWaitingBodies,
    timeouts: {
      requestTimeoutMs: config.requestTimeoutMs,
      headersTimeoutMs: config.headersTimeoutMs,
      keepAliveTimeoutMs: config.keepAliveTimeoutMs,
      socketIdleTimeoutMs: config.socketIdleTimeoutMs,
    },
  });
  console.log(`LISTENING ${ingest.url}`);
  process.once('SIGTERM', () => void ingest.close().then(() => process.exit(0)));
} else {
  console.error('usage: bench-server.ts noop | ingest <topic-suffix> <keys-database-url>');
  process.exit(2);
}
