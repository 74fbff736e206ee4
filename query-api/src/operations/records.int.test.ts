import { findDeadLetter, insertDeadLetter } from '@tradelog/projections';
import { migrate } from '@tradelog/projections/migrate';
import { changeEventSchema, encodeChangeEvent } from '@tradelog/schemas/changes/contract';
import { createRegistryCodec, encodeWireFormat } from '@tradelog/schemas/kit/log/codec';
import { createLogProducer, type LogProducer } from '@tradelog/schemas/kit/log/producer';
import { createRecordReader, type RecordReader } from '@tradelog/schemas/kit/log/records';
import { ensureTopics } from '@tradelog/schemas/kit/log/topics';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../../../tests/harness/apiKeys.ts';
import {
  createTestSchema,
  quietLogger,
  testServices,
  uniqueName,
  waitFor,
} from '../../../tests/harness/index.ts';
import { startQueryAppUnderTest } from '../../../tests/harness/queryAppUnderTest.ts';
import { createProjectionRoutes } from '../lenders/routes.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field with expect
type Json = any;

// The record browser on the real broker and registry: records read where they are, decoded with
// the schema their value names, headers and keys as written; undecodable values shown as bytes.
describe('GET /ops/records', () => {
  const services = testServices();
  const topic = uniqueName('records');
  const changesTopic = uniqueName('records.changes');
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let producer: LogProducer;
  let reader: RecordReader;
  let queryApp: Awaited<ReturnType<typeof startQueryAppUnderTest>> | undefined;
  let base = '';
  const keys = { operator: '', lender: '' };
  let schemaId = 0;

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'recs');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 4 });
    keys.operator = (await createTestApiKey(pool, 'operator', { ownerId: 'ops-records' })).key;
    keys.lender = (
      await createTestApiKey(pool, 'lender', { ownerId: 'lender-records', enterprises: ['E1'] })
    ).key;
    await ensureTopics({
      brokers: services.kafkaBrokers,
      topics: [
        { topic, partitions: 2 },
        { topic: changesTopic, partitions: 1 },
      ],
      logger: quietLogger,
    });
    const codec = createRegistryCodec({ url: services.schemaRegistryUrl });
    schemaId = await codec.registerSchema(`${topic}-value`, {
      $id: `https://tradelog.example/${topic}.json`,
      title: 'Browser test document',
      type: 'object',
      properties: { no: { type: 'string' } },
      required: ['no'],
    });
    producer = createLogProducer({
      brokers: services.kafkaBrokers,
      clientId: 'records-test',
      logger: quietLogger,
    });
    await producer.connect();
    await waitFor(() => producer.isReady(), { what: 'producer connected' });
    reader = createRecordReader({ brokers: services.kafkaBrokers, clientId: 'records-test-reader' });
    queryApp = await startQueryAppUnderTest(pool, [
      createProjectionRoutes({ pool, namespace: db.schema, changesTopic, records: { reader, codec } }),
    ]);
    base = queryApp.url;
  });

  afterAll(async () => {
    await queryApp?.close();
    await reader?.close();
    await producer?.disconnect();
    await pool?.end();
    await db?.drop();
  });

  const browse = async (query: string, key = keys.operator) => {
    const response = await fetch(`${base}/ops/records?${query}`, {
      headers: { authorization: `Bearer ${key}`, 'accept-language': 'en' },
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('decodes records at an offset with their schema, key and headers, and shows undecodable ones as bytes', async () => {
    const appended = [];
    for (let n = 0; n < 5; n++) {
      appended.push(
        await producer.append({
          topic,
          key: 'K1',
          value: encodeWireFormat(schemaId, Buffer.from(JSON.stringify({ no: `N${n}` }))),
          headers: { 'tradelog-document-id': `doc-${n}`, 'tradelog-partner': 'p1' },
        }),
      );
    }
    const poison = await producer.append({
      topic,
      key: 'K1',
      value: Buffer.from('not wire format'),
      headers: {},
    });
    const unknownSchema = await producer.append({
      topic,
      key: 'K1',
      value: encodeWireFormat(987_654_321, Buffer.from('{"no":"x"}')),
      headers: {},
    });
    const partition = appended[0]!.partition;
    expect(new Set([...appended, poison, unknownSchema].map((a) => a.partition))).toEqual(
      new Set([partition]),
    );

    const first = Number(appended[1]!.offset);
    const { status, body } = await browse(`topic=${topic}&partition=${partition}&offset=${first}&limit=3`);
    expect(status).toBe(200);
    expect(body.dataList.map((r: Json) => r.offset)).toEqual([first, first + 1, first + 2].map(String));
    expect(body.dataList[0]).toMatchObject({
      key: 'K1',
      headers: { 'tradelog-document-id': 'doc-1', 'tradelog-partner': 'p1' },
      schemaId,
      schema: { id: `https://tradelog.example/${topic}.json`, title: 'Browser test document' },
      value: { no: 'N1' },
      error: null,
    });
    expect(body.nextOffset).toBe(String(first + 3));
    expect(Number(body.highWatermark)).toBe(Number(unknownSchema.offset) + 1);

    const rest = await browse(`topic=${topic}&partition=${partition}&offset=${poison.offset}&limit=10`);
    expect(rest.body.dataList).toHaveLength(2);
    expect(rest.body.dataList[0]).toMatchObject({
      error: { code: 'WIRE_FORMAT_INVALID' },
      valueBase64: Buffer.from('not wire format').toString('base64'),
    });
    expect(rest.body.dataList[1]).toMatchObject({
      schemaId: 987_654_321,
      error: { code: 'SCHEMA_NOT_FOUND' },
    });
    // Past the end: an empty page, the same offset to ask again.
    const past = await browse(
      `topic=${topic}&partition=${partition}&offset=${Number(unknownSchema.offset) + 1}`,
    );
    expect(past.body).toMatchObject({ dataList: [], nextOffset: String(Number(unknownSchema.offset) + 1) });
    // Beyond the log's end: an empty page that says where the log ends.
    const beyond = await browse(
      `topic=${topic}&partition=${partition}&offset=${Number(unknownSchema.offset) + 100}`,
    );
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({
      dataList: [],
      highWatermark: String(Number(unknownSchema.offset) + 1),
    });
  });

  it('decodes the changes topic’s records as change events, and shows one that is not as bytes with why', async () => {
    const event = {
      eventId: uniqueName('evt'),
      projection: 'order-status',
      kind: 'order.status-changed',
      enterprise: 'E1',
      subject: 'PO-1',
      occurredAt: '2026-11-29T10:00:00.000Z',
      source: { documentId: 'doc-1', topic, partition: 0, offset: '0' },
      data: { status: '2' },
    };
    const appended = await producer.append({
      topic: changesTopic,
      key: 'E1/PO-1',
      value: encodeChangeEvent(event),
      headers: {},
    });
    await producer.append({
      topic: changesTopic,
      key: 'E1/PO-1',
      value: Buffer.from('{"not":"an event"}'),
      headers: {},
    });
    const { status, body } = await browse(
      `topic=${changesTopic}&partition=0&offset=${appended.offset}&limit=2`,
    );
    expect(status).toBe(200);
    expect(body.dataList[0]).toMatchObject({
      key: 'E1/PO-1',
      schemaId: null,
      schema: { id: changeEventSchema.$id, title: 'Change event' },
      value: event,
      error: null,
    });
    expect(body.dataList[1]).toMatchObject({
      value: null,
      error: { code: 'CHANGE_EVENT_INVALID' },
      valueBase64: Buffer.from('{"not":"an event"}').toString('base64'),
    });
  });

  it('shows a dead letter’s payload, retries and discards letters in bulk, cancels a rebuild, and audits who did each', async () => {
    const letter = (offset: number, value: Buffer) =>
      insertDeadLetter(pool, {
        projection: 'order-status',
        consumerGroup: 'records-test-group',
        topic,
        partition: 0,
        offset: String(offset),
        recordKey: Buffer.from('K9'),
        headers: { 'tradelog-document-id': `dead-${offset}` },
        value,
        errorCode: 'REDUCER_REJECTED',
        errorMessage: 'rejected for the test',
        failedAt: new Date(),
      });
    await letter(1, encodeWireFormat(schemaId, Buffer.from('{"no":"D1"}')));
    await letter(2, Buffer.from('garbage'));
    await letter(3, encodeWireFormat(schemaId, Buffer.from('{"no":"D3"}')));
    const listed = await fetch(`${base}/ops/dead-letters?state=open`, {
      headers: { authorization: `Bearer ${keys.operator}` },
    }).then((r) => r.json() as Promise<Json>);
    const ids: string[] = listed.dataList.map((l: Json) => l.id);
    expect(ids).toHaveLength(3);

    const view = await fetch(`${base}/ops/dead-letters/${ids[0]}`, {
      headers: { authorization: `Bearer ${keys.operator}` },
    }).then((r) => r.json() as Promise<Json>);
    expect(view).toMatchObject({
      recordKey: 'K9',
      headers: { 'tradelog-document-id': 'dead-1' },
      errorCode: 'REDUCER_REJECTED',
      payload: { schemaId, value: { no: 'D1' }, schema: { title: 'Browser test document' }, error: null },
    });
    const poison = await fetch(`${base}/ops/dead-letters/${ids[1]}`, {
      headers: { authorization: `Bearer ${keys.operator}` },
    }).then((r) => r.json() as Promise<Json>);
    expect(poison.payload).toMatchObject({
      error: { code: 'WIRE_FORMAT_INVALID' },
      valueBase64: Buffer.from('garbage').toString('base64'),
    });

    const post = (path: string, body?: unknown, method = 'POST') =>
      fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${keys.operator}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Json }));
    const retried = await post('/ops/dead-letters/retry', { ids: [ids[0], ids[1], '999999'] });
    expect(retried).toMatchObject({ status: 202, body: { retrying: [ids[0], ids[1]], skipped: ['999999'] } });
    // A letter being retried is no longer open: discarding it is skipped.
    const discarded = await post('/ops/dead-letters/discard', { ids: [ids[1], ids[2]] });
    expect(discarded.body).toMatchObject({ discarded: [ids[2]], skipped: [ids[1]] });
    expect((await findDeadLetter(pool, ids[2]!))?.state).toBe('discarded');
    expect((await post('/ops/dead-letters/retry', { ids: [] })).status).toBe(400);

    // Two operators (or a double click) asking at once: one version requested, the others told
    // so (it was two requested versions, or a duplicate version number answered 500).
    const asked = await Promise.all(Array.from({ length: 6 }, () => post('/ops/rebuild/order-status')));
    expect(asked.map((answer) => answer.status).sort()).toEqual([202, 409, 409, 409, 409, 409]);
    const requested = asked.find((answer) => answer.status === 202)!;
    for (const answer of asked)
      if (answer !== requested) expect(answer.body.code).toBe('REBUILD_IN_PROGRESS');
    const cancelled = await post('/ops/rebuild/order-status', undefined, 'DELETE');
    expect(cancelled).toMatchObject({
      status: 200,
      body: { version: requested.body.version, cancelled: true },
    });
    expect((await post('/ops/rebuild/order-status', undefined, 'DELETE')).body.code).toBe(
      'REBUILD_NOT_PENDING',
    );
    const versions = await fetch(`${base}/ops/rebuild/order-status`, {
      headers: { authorization: `Bearer ${keys.operator}` },
    }).then((r) => r.json() as Promise<Json>);
    expect(versions.versions.find((v: Json) => v.version === requested.body.version)).toMatchObject({
      state: 'failed',
      progress: { failure: 'cancelled', cancelledBy: 'ops-records' },
    });

    // Asked to switch even though it may differ: kept with the version, for whichever instance builds it.
    expect((await post('/ops/rebuild/order-status', { acceptDifferences: 'yes' })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'acceptDifferences' }],
    });
    const accepting = await post('/ops/rebuild/order-status', { acceptDifferences: true });
    expect(accepting).toMatchObject({ status: 202, body: { acceptDifferences: true } });
    expect(requested.body.acceptDifferences).toBe(false);
    const requestedVersions = await fetch(`${base}/ops/rebuild/order-status`, {
      headers: { authorization: `Bearer ${keys.operator}` },
    }).then((r) => r.json() as Promise<Json>);
    expect(requestedVersions.versions.find((v: Json) => v.version === accepting.body.version)).toMatchObject({
      state: 'requested',
      acceptDifferences: true,
    });
    await post('/ops/rebuild/order-status', undefined, 'DELETE');

    const audit = await fetch(`${base}/ops/audit`, {
      headers: { authorization: `Bearer ${keys.operator}` },
    }).then((r) => r.json() as Promise<Json>);
    expect(audit.dataList.map((e: Json) => [e.action, e.actor, e.subject])).toEqual([
      ['rebuild.cancelled', 'ops-records', { projection: 'order-status', version: accepting.body.version }],
      [
        'rebuild.requested',
        'ops-records',
        { projection: 'order-status', version: accepting.body.version, acceptDifferences: true },
      ],
      ['rebuild.cancelled', 'ops-records', { projection: 'order-status', version: requested.body.version }],
      ['rebuild.requested', 'ops-records', { projection: 'order-status', version: requested.body.version }],
      ['deadLetters.discarded', 'ops-records', { ids: [ids[2]] }],
      ['deadLetters.retried', 'ops-records', { ids: [ids[0], ids[1]] }],
    ]);
    expect(audit.dataList[0].keyId).toEqual(expect.any(String));
  });

  it('refuses bad parameters, unknown partitions and non-operator keys', async () => {
    expect((await browse('topic=bad topic')).status).toBe(400);
    expect((await browse(`topic=${topic}&limit=500`)).status).toBe(400);
    expect((await browse(`topic=${topic}&partition=7`)).body.code).toBe('TOPIC_PARTITION_UNKNOWN');
    expect((await browse(`topic=${topic}`, keys.lender)).status).toBe(403);
  });
});
