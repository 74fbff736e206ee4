import { migrate } from '@tradelog/projections/migrate';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { decodeDocumentHeaders } from '@tradelog/schemas/kit/log/headers';
import { topicOffsets } from '@tradelog/schemas/kit/log/topics';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName, waitFor } from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';
import { brokerAddress, type KafkaProxy, startKafkaProxy } from '../harness/kafkaProxy.ts';
import { readTopics } from '../harness/readTopics.ts';
import { startTcpProxy, type TcpProxy } from '../harness/tcpProxy.ts';

/**
 * Dependencies going away, without stopping the shared services: the producer and the key
 * lookup reach the real Kafka and Postgres through proxies that the tests cut and reopen. The
 * Kafka proxy rewrites the broker addresses in Metadata responses to itself, so the producer's
 * every connection goes through it (tests/harness/kafkaProxy.ts).
 */
const services = testServices();
let schema: Awaited<ReturnType<typeof createTestSchema>>;
let pool: pg.Pool;
let kafkaProxy: KafkaProxy;
let postgresProxy: TcpProxy;
let ingest: IngestUnderTest;

const addPartnerKey = async (ownerId: string) => (await createTestApiKey(pool, 'partner', { ownerId })).key;

const podPath = () => ingest.interfaces.find((intf) => intf.id === 'pod')!.path;
const podTopic = () => ingest.topicOf(documentTypes.find((type) => type.id === 'pod')!);

/**
 * Every record of the pod topic, read to the end offsets as they stand now. Records of different
 * keys sit on different partitions, so reading "n records" says nothing about a stray one on
 * another partition (or after the expected ones on the same): read all there is.
 */
async function readWholePodTopic() {
  const ends = await topicOffsets({
    brokers: services.kafkaBrokers,
    topics: [podTopic()],
    logger: quietLogger,
  });
  const count = [...ends.values()]
    .flat()
    .reduce((sum, p) => sum + Number(BigInt(p.end) - BigInt(p.start)), 0);
  return readTopics({ brokers: services.kafkaBrokers, topics: [podTopic()], count, logger: quietLogger });
}

// Each call is a new version of the document (notes differ), so that records can be told apart.
async function submitPod(
  key: string,
  entOrderNo: string,
  requestId = entOrderNo,
  options: { notes?: string; idempotencyKey?: string } = {},
) {
  const response = await fetch(`${ingest.url}${podPath()}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
      'x-request-id': requestId,
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    body: JSON.stringify({ ...examples.pod, entOrderNo, notes: options.notes ?? requestId }),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    retryAfter: response.headers.get('retry-after'),
  };
}

beforeAll(async () => {
  schema = await createTestSchema(services.databaseUrl, 'ingest_outage');
  await migrate(services.databaseUrl, { schema: schema.schema, logger: quietLogger });
  pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });

  kafkaProxy = await startKafkaProxy(brokerAddress(services.kafkaBrokers[0]!), { open: false });
  const database = new URL(schema.databaseUrl);
  postgresProxy = await startTcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
  database.host = postgresProxy.address;

  ingest = await startIngestUnderTest({
    brokers: services.kafkaBrokers,
    producerBrokers: [kafkaProxy.address],
    schemaRegistryUrl: services.schemaRegistryUrl,
    keysDatabaseUrl: database.toString(),
    topicSuffix: uniqueName('outage'),
    logger: quietLogger,
    ackTimeoutMs: 2_000,
    // A key is checked again after a second, and trusted unchecked for two at most, so a
    // database outage is felt within two seconds (ingest README "Key cache").
    keyCacheTtlMs: 2_000,
    keyNegativeCacheTtlMs: 0,
    waitForProducer: false,
    producers: 2,
  });
});

afterAll(async () => {
  await ingest?.close();
  await kafkaProxy?.close();
  await postgresProxy?.close();
  await pool?.end();
  await schema?.drop();
});

describe('Kafka unreachable', () => {
  it('answers 503 and is not ready while the broker was never reachable, then recovers by itself', async () => {
    const key = await addPartnerKey('acme');
    const ready = await fetch(`${ingest.url}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ flag: 'failure', code: 'KAFKA_UNAVAILABLE' });

    const refused = await submitPod(key, 'OUTAGE-1');
    expect(refused).toMatchObject({
      status: 503,
      retryAfter: '5',
      body: { flag: 'failure', code: 'KAFKA_UNAVAILABLE', message: expect.stringMatching(/未确认保存/) },
    });
    expect(refused.body.documentId).toBeUndefined();
    expect((await fetch(`${ingest.url}/health`)).status).toBe(200);

    kafkaProxy.open();
    await waitFor(async () => (await fetch(`${ingest.url}/ready`)).status === 200, {
      timeoutMs: 30_000,
      what: 'ingest ready after Kafka returned',
    });
    const accepted = await submitPod(key, 'OUTAGE-2');
    expect(accepted).toMatchObject({ status: 200, body: { flag: 'success' } });

    const records = await readWholePodTopic();
    // Only the acknowledged document is in the log; the refused one left nothing behind.
    expect(records.map((record) => record.key)).toEqual(['OUTAGE-2']);
    expect(decodeDocumentHeaders(records[0]!.headers).documentId).toBe(accepted.body.documentId);

    const metrics = await (await fetch(`${ingest.url}/metrics`)).text();
    expect(metrics).toMatch(/ingest_kafka_errors_total\{code="KAFKA_UNAVAILABLE"\} [1-9]/);
  });
  it('answers 503 when the broker goes away mid-session, stores nothing for it, and recovers when it returns', async () => {
    const key = await addPartnerKey('acme-2');
    // One business key, so all three land on one partition in order.
    expect(await submitPod(key, 'CUT-1', 'before-cut')).toMatchObject({ status: 200 });

    kafkaProxy.cut();
    const retried = { notes: 'during-cut', idempotencyKey: 'cut-1-v2' };
    expect(await submitPod(key, 'CUT-1', 'during-cut', retried)).toMatchObject({
      status: 503,
      body: { flag: 'failure', code: 'KAFKA_UNAVAILABLE' },
    });
    expect((await fetch(`${ingest.url}/ready`)).status).toBe(503);

    kafkaProxy.open();
    await waitFor(async () => (await fetch(`${ingest.url}/ready`)).status === 200, {
      timeoutMs: 30_000,
      what: 'ingest ready after the proxy reopened',
    });
    // The partner retries the refused submission with the same Idempotency-Key, twice.
    const retry = await submitPod(key, 'CUT-1', 'after-restore', retried);
    expect(retry).toMatchObject({ status: 200 });
    const again = await submitPod(key, 'CUT-1', 'after-restore-again', retried);
    expect(again).toMatchObject({ status: 200, body: { documentId: retry.body.documentId } });

    const records = await readWholePodTopic();
    const cutPartition = records
      .filter((record) => record.key === 'CUT-1')
      .map((record) => decodeDocumentHeaders(record.headers).requestId);
    expect(cutPartition).toEqual(['before-cut', 'after-restore']);
  });

  it('is not ready once the broker goes away while idle, with no submission to fail, and ready when it returns', async () => {
    kafkaProxy.open();
    await waitFor(async () => (await fetch(`${ingest.url}/ready`)).status === 200, {
      what: 'ingest ready before the cut',
    });
    kafkaProxy.cut();
    try {
      const cutAt = Date.now();
      const answer = await waitFor(
        async () => {
          const ready = await fetch(`${ingest.url}/ready`, { headers: { 'accept-language': 'en' } });
          return ready.status === 503 ? ((await ready.json()) as Record<string, unknown>) : undefined;
        },
        { what: 'ingest not ready with the broker gone', timeoutMs: 15_000, intervalMs: 250 },
      );
      expect(answer).toMatchObject({
        code: 'KAFKA_UNAVAILABLE',
        message: 'Kafka is unreachable; not accepting documents',
      });
      // Readiness asks within its kept answer (2 s) and its question's bound (2 s).
      expect(Date.now() - cutAt).toBeLessThan(6_000);
    } finally {
      kafkaProxy.open();
    }
    await waitFor(async () => (await fetch(`${ingest.url}/ready`)).status === 200, {
      timeoutMs: 30_000,
      what: 'ingest ready after the broker returned',
    });
  });
});

describe('Postgres unreachable', () => {
  it('keeps accepting partners it checked within the ttl, refuses others with a retriable 503, fails closed past the ttl, and recovers', async () => {
    await waitFor(() => ingest.producerReady(), { what: 'producer ready' });
    const known = await addPartnerKey('known-partner');
    const newcomer = await addPartnerKey('new-partner');
    // The keys' own announcements reach the cache first: one arriving after PG-1 would drop the
    // known partner's answer, which the cut below relies on.
    await ingest.keyChangesSettled();
    expect((await submitPod(known, 'PG-1')).status).toBe(200);

    postgresProxy.cut();
    expect(await submitPod(known, 'PG-2')).toMatchObject({ status: 200, body: { flag: 'success' } });
    expect(await submitPod(newcomer, 'PG-3')).toMatchObject({
      status: 503,
      body: { flag: 'failure', code: 'AUTH_UNAVAILABLE' },
    });
    // No key writes unchecked for longer than the ttl: had it been revoked meanwhile, nothing
    // could have said so.
    const cutAt = Date.now();
    await waitFor(async () => (await submitPod(known, 'PG-5')).status === 503, {
      what: 'the known partner failing closed past the ttl',
      timeoutMs: 10_000,
      intervalMs: 100,
    });
    expect(Date.now() - cutAt).toBeLessThan(2_500);

    postgresProxy.open();
    await waitFor(async () => (await submitPod(newcomer, 'PG-4')).status === 200, {
      what: 'unknown partner accepted once Postgres returned',
    });
    expect((await submitPod(known, 'PG-6')).status).toBe(200);
  });
});
