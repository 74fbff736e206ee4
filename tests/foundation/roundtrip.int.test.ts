import { randomBytes } from 'node:crypto';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import {
  bodySha256,
  decodeDocumentHeaders,
  encodeDocumentHeaders,
  newDocumentId,
} from '@tradelog/schemas/kit/log/headers';
import { createKafka } from '@tradelog/schemas/kit/log/kafka';
import { createLogProducer } from '@tradelog/schemas/kit/log/producer';
import { ownTopicsEnsurer } from '@tradelog/schemas/kit/log/provisioning';
import { ensureTopics } from '@tradelog/schemas/kit/log/topics';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestSchema,
  quietLogger,
  readRecords,
  testServices,
  uniqueName,
  waitFor,
} from '../harness/index.ts';

// The foundation's proof that the three real services are wired: a registry-encoded record
// goes through the broker and back, and a row goes through Postgres.
describe('foundation round trip', () => {
  const services = testServices();
  const topic = uniqueName('tradelog.test.roundtrip');
  const subject = `${topic}-value`;
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['entOrderNo'],
    properties: {
      entOrderNo: {
        type: 'string',
        maxLength: 32,
        title: '企业订单号',
        'x-title-en': 'Enterprise order number',
      },
    },
  };
  let db: Awaited<ReturnType<typeof createTestSchema>>;

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'roundtrip');
    await ensureTopics({
      brokers: services.kafkaBrokers,
      topics: [{ topic, partitions: 3 }],
      logger: quietLogger,
    });
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('appends a registry-encoded record and reads back the same bytes, key and headers', async () => {
    const codec = createRegistryCodec({ url: services.schemaRegistryUrl });
    const schemaId = await codec.registerSchema(subject, schema);
    expect(schemaId).toBeGreaterThan(0);
    // Registering the same schema again finds the same id: ids are stable across restarts.
    expect(await codec.registerSchema(subject, schema)).toBe(schemaId);

    const producer = createLogProducer({
      brokers: services.kafkaBrokers,
      clientId: 'roundtrip-test',
      logger: quietLogger,
    });
    await producer.connect();
    const raw = Buffer.from('{"entOrderNo":"PO20260001", "extra":"kept as sent"}');
    const document = JSON.parse(raw.toString());
    const headers = {
      documentId: newDocumentId(),
      partnerId: 'partner-1',
      receivedAt: new Date().toISOString(),
      contentSha256: bodySha256(raw),
      interfaceId: 'purchase',
      schemaId,
      requestId: 'req-1',
    };
    await waitFor(() => producer.isReady(), { what: 'producer ready' });
    const appended = await Promise.all([
      producer.append({
        topic,
        key: 'PO20260001',
        value: codec.encodeRaw(schemaId, raw),
        headers: encodeDocumentHeaders(headers),
      }),
      producer.append({
        topic,
        key: 'PO20260001',
        value: codec.encodeRaw(schemaId, raw),
        headers: encodeDocumentHeaders(headers),
      }),
    ]);
    await producer.disconnect();
    // Same key, same partition, consecutive offsets: batching keeps per-key order.
    expect(appended[0]!.partition).toBe(appended[1]!.partition);
    expect(BigInt(appended[1]!.offset)).toBe(BigInt(appended[0]!.offset) + 1n);

    const [record] = await readRecords(services.kafkaBrokers, topic, 2);
    expect(record!.key).toBe('PO20260001');
    expect(record!.partition).toBe(appended[0]!.partition);
    expect(record!.value!.subarray(5).equals(raw)).toBe(true);
    const decoded = await codec.decode(record!.value!);
    expect(decoded).toEqual({ schemaId, value: document });
    expect(decodeDocumentHeaders(record!.headers as Record<string, Buffer>)).toEqual(headers);
  });

  it('refuses an append to a topic that does not exist as a caller mistake, appends its batch-mates and stays ready', async () => {
    const producer = createLogProducer({
      brokers: services.kafkaBrokers,
      clientId: 'roundtrip-missing-topic',
      logger: quietLogger,
    });
    await producer.connect();
    try {
      await waitFor(() => producer.isReady(), { what: 'producer ready' });
      // Appended together, so they share a send.
      const [missing, present] = [
        producer.append({
          topic: uniqueName('tradelog.test.never-created'),
          key: 'K1',
          value: Buffer.from('{}'),
          headers: {},
        }),
        producer.append({ topic, key: 'K2', value: Buffer.from('{}'), headers: {} }),
      ];
      // Not KAFKA_UNAVAILABLE (retriable, producer replaced): no retry would ever succeed.
      await expect(missing).rejects.toMatchObject({ code: 'TOPIC_MISSING', retriable: false });
      // Its batch-mate for a topic that exists is appended.
      expect(await present).toMatchObject({ topic });
      expect(producer.isReady()).toBe(true);
    } finally {
      await producer.disconnect();
    }
  });

  it('creates a topic deleted under it again, when its service may create topics, and appends to the new one', async () => {
    // An operator's reset under the running service (`stack.sh reset`): the topic is gone.
    const replaced = uniqueName('tradelog.test.replaced');
    const spec = { topic: replaced, partitions: 2 };
    await ensureTopics({ brokers: services.kafkaBrokers, topics: [spec], logger: quietLogger });
    const producer = createLogProducer({
      brokers: services.kafkaBrokers,
      clientId: 'roundtrip-replaced-topic',
      logger: quietLogger,
      createMissingTopic: ownTopicsEnsurer({
        provisioning: { createTopics: true },
        topics: [spec],
        brokers: services.kafkaBrokers,
        logger: quietLogger,
      }),
    });
    const admin = createKafka({
      brokers: services.kafkaBrokers,
      clientId: 'roundtrip-admin',
      logger: quietLogger,
    }).admin();
    await producer.connect();
    await admin.connect();
    try {
      await waitFor(() => producer.isReady(), { what: 'producer ready' });
      const [before] = (await admin.fetchTopicMetadata({ topics: [replaced] })).topics;
      await admin.deleteTopics({ topics: [replaced] });
      await waitFor(async () => !(await admin.listTopics()).includes(replaced), { what: 'topic deleted' });

      // A record finds the topic missing (as it does once the count it knows has aged:
      // partitionPlacement.unit.test.ts): the topic is created as start-up would, the record appended.
      const appended = await producer.append({
        topic: replaced,
        key: 'K2',
        value: Buffer.from('{}'),
        headers: {},
      });
      expect(appended).toMatchObject({ topic: replaced, offset: '0' });
      const [after] = (await admin.fetchTopicMetadata({ topics: [replaced] })).topics;
      expect(after!.partitions).toHaveLength(before!.partitions.length);
    } finally {
      await admin.disconnect();
      await producer.disconnect();
    }
  }, 60_000);

  it('appends large records queued together for one partition in sends the broker takes, in order', async () => {
    // Five records of 400 kB for one key: one send would be a 2 MB batch for one partition, which
    // the broker refuses whole (MESSAGE_TOO_LARGE; Kafka's default limit is 1,048,588 bytes).
    const producer = createLogProducer({
      brokers: services.kafkaBrokers,
      clientId: 'roundtrip-large',
      logger: quietLogger,
    });
    await producer.connect();
    try {
      await waitFor(() => producer.isReady(), { what: 'producer ready' });
      const large = (i: number) => ({
        topic,
        key: 'LARGE-1',
        value: Buffer.alloc(400_000, String(i)),
        headers: { probe: String(i) },
      });
      const appended = await Promise.all([0, 1, 2, 3, 4].map((i) => producer.append(large(i))));
      const first = BigInt(appended[0]!.offset);
      expect(appended.map((a) => BigInt(a.offset) - first)).toEqual([0n, 1n, 2n, 3n, 4n]);
      expect(new Set(appended.map((a) => a.partition)).size).toBe(1);
      // Larger alone than the broker takes, even compressed (random bytes do not compress):
      // refused as the record's fault, before any send.
      await expect(producer.append({ ...large(9), value: randomBytes(1_048_588) })).rejects.toMatchObject({
        code: 'DOCUMENT_TOO_LARGE_FOR_LOG',
        status: 413,
        retriable: false,
      });
      expect(producer.isReady()).toBe(true);
    } finally {
      await producer.disconnect();
    }
  });

  it('appends a record larger than a batch that fits compressed, and a consumer reads it back whole, in order', async () => {
    // A tracked bill's view with thousands of containers: about 2.9 MB of JSON, beyond Kafka's
    // default 1,048,588 bytes as it is and a small part of it gzip-compressed.
    const compressedTopic = uniqueName('tradelog.test.compressed');
    await ensureTopics({
      brokers: services.kafkaBrokers,
      topics: [{ topic: compressedTopic, partitions: 1 }],
      logger: quietLogger,
    });
    const producer = createLogProducer({
      brokers: services.kafkaBrokers,
      clientId: 'roundtrip-compressed',
      logger: quietLogger,
    });
    await producer.connect();
    try {
      await waitFor(() => producer.isReady(), { what: 'producer ready' });
      const containers = Array.from({ length: 60_000 }, (_, i) => ({
        containerNo: `MSKU${1_000_000 + i}`,
        status: 'GATE_IN',
      }));
      const view = Buffer.from(JSON.stringify({ containers }));
      expect(view.length).toBeGreaterThan(2 * 1_048_588);
      const record = (key: string, value: Buffer) => ({
        topic: compressedTopic,
        key,
        value,
        headers: { probe: key },
      });
      const appended = await Promise.all([
        producer.append(record('BILL-1', Buffer.from('before'))),
        producer.append(record('BILL-1', view)),
        producer.append(record('BILL-1', Buffer.from('after'))),
      ]);
      const first = BigInt(appended[0]!.offset);
      expect(appended.map((a) => BigInt(a.offset) - first)).toEqual([0n, 1n, 2n]);
      const read = await readRecords(services.kafkaBrokers, compressedTopic, 3);
      expect(read.map((r) => r.value?.length)).toEqual([6, view.length, 5]);
      expect(read[1]!.value!.equals(view)).toBe(true);
      expect(read[1]!.headers.probe?.toString()).toBe('BILL-1');
    } finally {
      await producer.disconnect();
    }
  });

  it('writes and reads a row in its own Postgres schema', async () => {
    const client = new pg.Client({ connectionString: db.databaseUrl });
    await client.connect();
    try {
      await client.query('create table checkpoint (topic text primary key, next_offset bigint not null)');
      await client.query('insert into checkpoint values ($1, $2)', [topic, '42']);
      const { rows } = await client.query('select topic, next_offset from checkpoint');
      expect(rows).toEqual([{ topic, next_offset: '42' }]);
      const { rows: where } = await client.query('select current_schema() as schema');
      expect(where[0].schema).toBe(db.schema);
    } finally {
      await client.end();
    }
  });
});
