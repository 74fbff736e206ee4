import { randomUUID } from 'node:crypto';
import { parseIngestConfig } from '@tradelog/ingest/config';
import { interfacePath } from '@tradelog/ingest/intake/interfaces';
import { createLogger } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { encodeWireFormat } from '@tradelog/schemas/kit/log/codec';
import { createLogProducer } from '@tradelog/schemas/kit/log/producer';
import { ensureTopics } from '@tradelog/schemas/kit/log/topics';
import express from 'express';
import { startIngestUnderTest } from '../../harness/ingestUnderTest.ts';

/**
 * The server side of the ingest benchmark, in a process of its own so that the load generator
 * does not share its event loop: the real ingest app (`ingest`) or one of the two ceilings it is
 * compared with — an Express app that parses the JSON body and answers without doing anything
 * (`noop`), and the minimal append service (`append`): Express, the JSON parsed, the same log
 * producer as ingest (acks=all, idempotent, the same batching settings) appending the body to
 * its document type's topic, answered once Kafka acknowledged it. No authentication, validation,
 * hash, call limit or idempotency: what appending a partner's document costs at the least.
 * Prints `LISTENING <url>` once it serves.
 */
const [mode, topicSuffix, keysDatabaseUrl] = process.argv.slice(2);
const listening = (server: import('node:http').Server) => () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`LISTENING http://127.0.0.1:${address.port}`);
};

if (mode === 'noop') {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.post('/{*path}', express.json({ limit: '1mb' }), (req, res) => {
    res.json({ flag: 'success', code: '200', message: 'ok', fields: Object.keys(req.body as object).length });
  });
  const server = app.listen(0, '127.0.0.1', () => listening(server)());
} else if (mode === 'append' && topicSuffix) {
  const config = parseIngestConfig({ DATABASE_URL: 'postgres://unused', ...process.env });
  const logger = createLogger({ service: 'ingest-bench-append' }, { write: () => {} });
  const routes = new Map(
    documentTypes.map((type) => [
      interfacePath(type.path, 'tradelog'),
      { topic: `${type.topic}.${topicSuffix}`, keyField: type.keyField },
    ]),
  );
  await ensureTopics({
    brokers: config.kafkaBrokers,
    logger,
    topics: documentTypes.map((type) => ({
      topic: `${type.topic}.${topicSuffix}`,
      partitions: type.partitions,
    })),
  });
  const producer = createLogProducer({
    brokers: config.kafkaBrokers,
    clientId: `bench-append-${topicSuffix}`,
    logger,
    lingerMs: config.kafkaLingerMs,
    ackTimeoutMs: config.kafkaAckTimeoutMs,
  });
  await producer.connect();
  while (!producer.isReady()) await new Promise((resolve) => setTimeout(resolve, 50));
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.post('/{*path}', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const route = routes.get(req.path);
    if (route === undefined) {
      res.status(404).json({ flag: 'failure', code: 'NOT_FOUND', message: 'no such interface' });
      return;
    }
    const raw = req.body as Buffer;
    const document = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    const documentId = randomUUID();
    const appended = await producer
      .append({
        topic: route.topic,
        key: String(document[route.keyField] ?? documentId),
        // The wire format around the bytes sent, as ingest appends them (the schema id is never read).
        value: encodeWireFormat(1, raw),
        headers: { 'tradelog-document-id': documentId },
      })
      .then(
        () => true,
        () => false,
      );
    // Kafka did not confirm (a busy shared broker): 503 as ingest answers, without a stack trace per request.
    if (!appended)
      res.status(503).json({ flag: 'failure', code: 'KAFKA_UNAVAILABLE', message: 'not confirmed' });
    else res.json({ flag: 'success', code: '200', message: 'ok', documentId });
  });
  const server = app.listen(0, '127.0.0.1', () => listening(server)());
  process.once('SIGTERM', () => {
    server.close();
    void producer.disconnect().then(() => process.exit(0));
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
    // producers and their batching, the call limit leased from Postgres, the idempotency
    // records of requests with an Idempotency-Key, the key cache and the intake queue.
    producers: config.kafkaProducers,
    lingerMs: config.kafkaLingerMs,
    ackTimeoutMs: config.kafkaAckTimeoutMs,
    keyLimit: config.keyLimit,
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
  console.error(
    'usage: bench-server.ts noop | append <topic-suffix> | ingest <topic-suffix> <keys-database-url>',
  );
  process.exit(2);
}
