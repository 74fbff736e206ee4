import { createLogger } from '@tradelog/schemas';
import { startIngestUnderTest } from '../harness/ingestUnderTest.ts';

/**
 * The real ingest app in a process of its own, so that the hostile suite can read its resident
 * memory and see it answer /health while the suite's own process is busy. Wired as main.ts
 * wires it (startIngestUnderTest) with topics of its own and the key table of the suite's
 * schema; prints `LISTENING <url>` once it serves, stops cleanly on SIGTERM.
 */
const need = (key: string) => {
  const value = process.env[key];
  if (!value) throw new Error(`${key} is required`);
  return value;
};

const ingest = await startIngestUnderTest({
  brokers: need('KAFKA_BROKERS').split(','),
  schemaRegistryUrl: need('SCHEMA_REGISTRY_URL'),
  keysDatabaseUrl: need('HOSTILE_KEYS_DATABASE_URL'),
  topicSuffix: need('HOSTILE_TOPIC_SUFFIX'),
  logger: createLogger({ service: 'ingest-hostile' }, { level: 'error' }),
  producers: 2,
  timeouts: {
    headersTimeoutMs: Number(need('HOSTILE_HEADERS_TIMEOUT_MS')),
    requestTimeoutMs: Number(need('HOSTILE_REQUEST_TIMEOUT_MS')),
  },
});
process.stdout.write(`LISTENING ${ingest.url}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await ingest.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
