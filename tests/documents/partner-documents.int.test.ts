import { randomUUID } from 'node:crypto';
import { insertDeadLetter } from '@tradelog/projections';
import { migrate } from '@tradelog/projections/migrate';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { headerNames } from '@tradelog/schemas/kit/log/headers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentRoutes } from '../../query-api/src/documents/router.ts';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName } from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { type ProjectionsUnderTest, startProjectionsUnderTest } from '../harness/projectionsUnderTest.ts';
import { startQueryAppUnderTest } from '../harness/queryAppUnderTest.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field
type Json = any;

// Partner tools (query-api README "Partner tools"): submissions go through ingest and the log into
// the document index and order-status; the partner looks them up and lists them through query-api.
describe('partner documents: look up by documentId, list own recent submissions', () => {
  const services = testServices();
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let running: ProjectionsUnderTest | undefined;
  let queryApp: Awaited<ReturnType<typeof startQueryAppUnderTest>> | undefined;
  let queryUrl = '';
  const keys = { a: '', b: '', lender: '', operator: '' };
  const submitted: { purchase: string; pod: string; other: string } = { purchase: '', pod: '', other: '' };
  const topicOf = (type: string) => ingest.topicOf(documentTypes.find((t) => t.id === type)!);

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'pdocs');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 8 });
    keys.a = (await createTestApiKey(pool, 'partner', { ownerId: 'partner-a' })).key;
    keys.b = (await createTestApiKey(pool, 'partner', { ownerId: 'partner-b' })).key;
    keys.lender = (await createTestApiKey(pool, 'lender', { ownerId: 'bank', enterprises: ['*'] })).key;
    keys.operator = (await createTestApiKey(pool, 'operator', { ownerId: 'ops' })).key;
    ingest = await startIngestUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      keysDatabaseUrl: db.databaseUrl,
      topicSuffix: uniqueName('pdocs'),
      logger: quietLogger,
    });
    running = await startProjectionsUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      pool,
      namespace: db.schema,
      topicOf,
      logger: quietLogger,
      clientId: 'pdocs-processors',
      only: ['document-index', 'order-status'],
    });
    queryApp = await startQueryAppUnderTest(pool, [createDocumentRoutes({ pool })]);
    queryUrl = queryApp.url;
  });

  afterAll(async () => {
    await running?.stop();
    await ingest?.close();
    await queryApp?.close();
    if (pool) {
      const { rows } = await pool.query('SELECT nspname FROM pg_namespace WHERE nspname LIKE $1', [
        `${db.schema}\\_%`,
      ]);
      for (const row of rows) await pool.query(`DROP SCHEMA IF EXISTS "${row.nspname}" CASCADE`);
      await pool.end();
    }
    await db?.drop();
  });

  const submit = async (key: string, type: 'purchase' | 'pod', query = '') => {
    const intf = ingest.interfaces.find((candidate) => candidate.id === type)!;
    const response = await fetch(`${ingest.url}${intf.path}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(examples[type]),
    });
    return (await response.json()) as Json;
  };

  const call = async (path: string, key: string) => {
    const response = await fetch(`${queryUrl}${path}`, {
      headers: { authorization: `Bearer ${key}`, 'accept-language': 'en' },
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('lists a partner its own submissions, newest first, a page at a time', async () => {
    submitted.purchase = (await submit(keys.a, 'purchase')).documentId;
    submitted.pod = (await submit(keys.a, 'pod')).documentId;
    submitted.other = (await submit(keys.b, 'purchase')).documentId;
    // Validated only: not a submission, never listed.
    expect(await submit(keys.a, 'pod', '?validateOnly=true')).toMatchObject({ validateOnly: true });
    await waitForProjectionsToApply(
      pool,
      await endOffsetsOf(services.kafkaBrokers, [topicOf('purchase'), topicOf('pod')]),
      { projections: ['document-index', 'order-status'], topicOf },
    );

    const all = await call('/documents', keys.a);
    expect(all.status).toBe(200);
    expect(all.body.dataList.map((d: Json) => d.documentId)).toEqual([submitted.pod, submitted.purchase]);
    expect(all.body.dataList[0]).toMatchObject({ type: 'pod', partnerId: 'partner-a' });
    expect(all.body.next).toBeNull();

    const first = await call('/documents?limit=1', keys.a);
    expect(first.body.dataList.map((d: Json) => d.documentId)).toEqual([submitted.pod]);
    const second = await call(`/documents?limit=1&before=${first.body.next}`, keys.a);
    expect(second.body.dataList.map((d: Json) => d.documentId)).toEqual([submitted.purchase]);
    const third = await call(`/documents?limit=1&before=${second.body.next}`, keys.a);
    expect(third.body).toMatchObject({ dataList: [], next: null });
    expect((await call('/documents?before=forged', keys.a)).status).toBe(400);

    // Operators see every partner's; lenders none.
    const everyone = await call('/documents', keys.operator);
    expect(everyone.body.dataList.map((d: Json) => d.documentId)).toContain(submitted.other);
    expect((await call('/documents', keys.lender)).status).toBe(403);
  });

  it("shows one's own document in each projection that reads it, and nobody else's", async () => {
    const { status, body } = await call(`/documents/${submitted.purchase}`, keys.a);
    expect(status).toBe(200);
    expect(body.document).toMatchObject({
      documentId: submitted.purchase,
      type: 'purchase',
      partnerId: 'partner-a',
      indexed: true,
      topic: topicOf('purchase'),
    });
    const states = Object.fromEntries(body.projections.map((p: Json) => [p.projection, p.state]));
    expect(states['document-index']).toBe('applied');
    expect(states['order-status']).toBe('applied');
    // Read by link-node too, which does not run here: no live version, so not applied.
    expect(states['link-node']).toBe('pending');
    expect(body.deadLetters).toEqual([]);

    expect(await call(`/documents/${submitted.purchase}`, keys.b)).toMatchObject({
      status: 404,
      body: { code: 'DOCUMENT_NOT_FOUND' },
    });
    expect((await call(`/documents/${submitted.other}`, keys.operator)).status).toBe(200);
    expect((await call(`/documents/${randomUUID()}`, keys.a)).status).toBe(404);
  });

  it("shows a projection's dead letter of the document, and a document the index itself could not take", async () => {
    const { body } = await call(`/documents/${submitted.purchase}`, keys.a);
    const { topic, partition, offset } = body.document;
    // As the consume loop stores a record's own fault (projections/src/deadLetters.ts).
    const letter = (projection: string, documentId: string, at: { partition: number; offset: string }) =>
      insertDeadLetter(pool, {
        projection,
        consumerGroup: `g-${projection}`,
        topic,
        partition: at.partition,
        offset: at.offset,
        recordKey: null,
        headers: {
          [headerNames.documentId]: documentId,
          [headerNames.partnerId]: 'partner-a',
          [headerNames.interfaceId]: 'purchase',
          [headerNames.receivedAt]: '2026-01-01T00:00:00.000Z',
        },
        value: Buffer.from('{"not":"decodable"}'),
        errorCode: 'RECORD_UNDECODABLE',
        errorMessage: 'the value is not in the registry wire format',
        failedAt: new Date(),
      });
    await letter('link-node', submitted.purchase, { partition, offset });
    const withLetter = await call(`/documents/${submitted.purchase}`, keys.a);
    const linkNode = withLetter.body.projections.find((p: Json) => p.projection === 'link-node');
    expect(linkNode).toMatchObject({
      state: 'dead-lettered',
      deadLetter: { errorCode: 'RECORD_UNDECODABLE', state: 'open' },
    });
    expect(withLetter.body.deadLetters).toHaveLength(1);

    const lost = randomUUID();
    await letter('document-index', lost, { partition, offset: '999999' });
    const unindexed = await call(`/documents/${lost}`, keys.a);
    expect(unindexed.status).toBe(200);
    expect(unindexed.body.document).toMatchObject({ documentId: lost, indexed: false, type: 'purchase' });
    expect(unindexed.body.projections.find((p: Json) => p.projection === 'document-index')).toMatchObject({
      state: 'dead-lettered',
    });
    expect((await call(`/documents/${lost}`, keys.b)).status).toBe(404);
  });
});
