import { randomUUID } from 'node:crypto';
import { generateApiKey } from '@tradelog/projections/access/apiKey';
import { createApiKey } from '@tradelog/projections/access/store';
import { migrate } from '@tradelog/projections/migrate';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { decodeDocumentHeaders } from '@tradelog/schemas/log/headers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestSchema,
  quietLogger,
  testServices,
  uniqueName,
  waitFor,
} from '../../tests/harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from './testing/ingestUnderTest.ts';
import { readTopics } from './testing/readTopics.ts';
import { startTcpProxy, type TcpProxy } from './testing/tcpProxy.ts';

/**
 * Dependencies going away, without stopping the shared services: the producer and the key
 * lookup reach the real Kafka and Postgres through TCP proxies that the tests cut and reopen.
 *
 * Kafka caveat: after bootstrapping, a Kafka client talks to the address the broker advertises
 * in its metadata, not to the bootstrap address, so a proxy can only keep a producer from
 * ever reaching the broker. The test therefore starts the producer against a closed proxy
 * (broker unreachable: 503, not ready) and then opens it (the service recovers by itself).
 */
const services = testServices();
const hostPort = (value: string) => {
  const [host, port] = value.split(':');
  return { host: host!, port: Number(port) };
};

let schema: Awaited<ReturnType<typeof createTestSchema>>;
let pool: pg.Pool;
let kafkaProxy: TcpProxy;
let postgresProxy: TcpProxy;
let ingest: IngestUnderTest;

async function addPartnerKey(ownerId: string): Promise<string> {
  const generated = generateApiKey();
  await createApiKey(pool, {
    id: randomUUID(),
    kind: 'partner',
    ownerId,
    ownerName: ownerId,
    enterprises: [],
    keyPrefix: generated.prefix,
    keyHash: generated.hash,
    createdAt: new Date(),
  });
  return generated.key;
}

const podPath = () => ingest.interfaces.find((intf) => intf.id === 'pod')!.path;

async function submitPod(key: string, entOrderNo: string) {
  const response = await fetch(`${ingest.url}${podPath()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ ...examples.pod, entOrderNo }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  schema = await createTestSchema(services.databaseUrl, 'ingest_outage');
  await migrate(services.databaseUrl, { schema: schema.schema, logger: quietLogger });
  pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });

  kafkaProxy = await startTcpProxy(hostPort(services.kafkaBrokers[0]!), { open: false });
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
    // Every request refreshes its key, so a database outage is felt at once.
    keyCacheTtlMs: 0,
    keyNegativeCacheTtlMs: 0,
    waitForProducer: false,
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
  it('answers 503 and is not ready while the broker cannot be reached, then recovers by itself', async () => {
    const key = await addPartnerKey('acme');
    const ready = await fetch(`${ingest.url}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ flag: 'failure', code: 'KAFKA_UNAVAILABLE' });

    const refused = await submitPod(key, 'OUTAGE-1');
    expect(refused).toMatchObject({
      status: 503,
      body: { flag: 'failure', code: 'KAFKA_UNAVAILABLE', message: expect.stringMatching(/未保存/) },
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

    const podTopic = ingest.topicOf(documentTypes.find((type) => type.id === 'pod')!);
    const records = await readTopics({
      brokers: services.kafkaBrokers,
      topics: [podTopic],
      count: 1,
      logger: quietLogger,
    });
    // Only the acknowledged document is in the log; the refused one left nothing behind.
    expect(records.map((record) => record.key)).toEqual(['OUTAGE-2']);
    expect(decodeDocumentHeaders(records[0]!.headers).documentId).toBe(accepted.body.documentId);

    const metrics = await (await fetch(`${ingest.url}/metrics`)).text();
    expect(metrics).toMatch(/ingest_kafka_errors_total\{code="KAFKA_UNAVAILABLE"\} [1-9]/);
  });
});

describe('Postgres unreachable', () => {
  it('keeps accepting partners it already knows, refuses unknown ones with a retriable 503, and recovers', async () => {
    await waitFor(() => ingest.producerReady(), { what: 'producer ready' });
    const known = await addPartnerKey('known-partner');
    const newcomer = await addPartnerKey('new-partner');
    expect((await submitPod(known, 'PG-1')).status).toBe(200);

    postgresProxy.cut();
    expect(await submitPod(known, 'PG-2')).toMatchObject({ status: 200, body: { flag: 'success' } });
    expect(await submitPod(newcomer, 'PG-3')).toMatchObject({
      status: 503,
      body: { flag: 'failure', code: 'AUTH_UNAVAILABLE' },
    });

    postgresProxy.open();
    await waitFor(async () => (await submitPod(newcomer, 'PG-4')).status === 200, {
      what: 'unknown partner accepted once Postgres returned',
    });
  });
});
