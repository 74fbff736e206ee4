import { migrate } from '@tradelog/projections/migrate';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { createRecordReader, type RecordReader } from '@tradelog/schemas/kit/log/records';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRoutes } from '../../query-api/src/lenders/routes.ts';
import { asOfRecordCap } from '../../query-api/src/reads/asOf.ts';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName } from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { type ProjectionsUnderTest, startProjectionsUnderTest } from '../harness/projectionsUnderTest.ts';
import { startQueryAppUnderTest } from '../harness/queryAppUnderTest.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field with expect
type Json = any;

const blocks = [
  'arrivalInfo',
  'intoDeclareInfo',
  'intoTransportInfo',
  'intoStorageInfo',
  'transfersInfo',
  'outStorageInfo',
  'outDeclareInfo',
  'outTransportInfo',
  'financingInfo',
  'purchaseInfo',
  'salesInfo',
] as const;

/** Each block's documents as `type:businessKey@offset`, the chain's shape. */
const shapeOf = (answer: Json) =>
  Object.fromEntries(
    blocks.map((block) => [
      block,
      answer[block].map((d: Json) => `${d.documentType}:${d.businessKey}@${d.provenance.offset}`),
    ]),
  );

// A chain that changed after T answers its T shape with asOf=T, and its live answer with asOf=now
// (query-api/README.md "As of a moment"): the reducer folded over the chain's records in the log.
describe('link node as of a moment, from the log', () => {
  const services = testServices();
  const owner = examples.purchase.customerCode as string;
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let running: ProjectionsUnderTest | undefined;
  let reader: RecordReader | undefined;
  let queryApp: Awaited<ReturnType<typeof startQueryAppUnderTest>> | undefined;
  let partnerKey = '';
  let lenderKey = '';
  let topics: string[] = [];
  const topicOf = (type: string) => ingest.topicOf(documentTypes.find((t) => t.id === type)!);

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'asof');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 8 });
    partnerKey = (await createTestApiKey(pool, 'partner', { ownerId: 'asof-partner', ownerName: 'p' })).key;
    lenderKey = (
      await createTestApiKey(pool, 'lender', { ownerId: 'asof-lender', ownerName: 'l', enterprises: [owner] })
    ).key;
    ingest = await startIngestUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      keysDatabaseUrl: db.databaseUrl,
      topicSuffix: uniqueName('asof'),
      logger: quietLogger,
    });
    topics = documentTypes.map((type) => ingest.topicOf(type));
    running = await startProjectionsUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      pool,
      namespace: db.schema,
      topicOf: (type) => topicOf(type),
      logger: quietLogger,
      clientId: uniqueName('asof-processors'),
      only: ['link-node', 'document-index', 'collateral'],
    });
    reader = createRecordReader({ brokers: services.kafkaBrokers, clientId: uniqueName('asof-records') });
    queryApp = await startQueryAppUnderTest(pool, [
      createProjectionRoutes({
        pool,
        namespace: db.schema,
        documentTopics: topics,
        records: { reader, codec: running.codec },
      }),
    ]);
  });

  afterAll(async () => {
    await running?.stop();
    await queryApp?.close();
    await reader?.close();
    await ingest?.close();
    await pool?.end();
    await db?.drop();
  });

  const submit = async (type: keyof typeof examples, changes: Record<string, unknown> = {}) => {
    const intf = ingest.interfaces.find((i) => i.id === type)!;
    const response = await fetch(`${ingest.url}${intf.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${partnerKey}` },
      body: JSON.stringify({ ...examples[type], ...changes }),
    });
    expect(response.status, type).toBe(200);
  };
  const applied = async () =>
    waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, topics), {
      projections: ['link-node', 'document-index', 'collateral'],
      topicOf: (type) => topicOf(type),
    });
  const linkNode = async (asOf?: string) => {
    const response = await fetch(
      `${queryApp!.url}/open/info/link/node${asOf === undefined ? '' : `?asOf=${encodeURIComponent(asOf)}`}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${lenderKey}` },
        body: JSON.stringify({
          customerCode: owner,
          documentsType: '30',
          documentsNo: examples.purchase.entOrderNo,
        }),
      },
    );
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('answers the chain as it stood at T, names the positions it reflects, and the live chain at now', async () => {
    const beforeAnything = new Date(Date.now() - 60_000).toISOString();
    // By T: the purchase and the port arrival it shares a contract with.
    await submit('purchase');
    await submit('pod');
    await applied();
    const atT = await linkNode();
    expect(atT.status).toBe(200);
    const t = new Date().toISOString();
    // Past T on the clock ingest stamps received-at with (this machine's), before anything more is sent.
    while (Date.now() <= Date.parse(t)) await new Promise((resolve) => setImmediate(resolve));

    // After T: a new version of the arrival, and the clearance, tally and transport that join the chain.
    await submit('pod', { transportTool: 'MSC ANNA V2' });
    await submit('clearance');
    await submit('tally');
    await submit('internalTransport');
    await applied();
    const live = await linkNode();
    expect(live.status).toBe(200);
    expect(shapeOf(live.body)).not.toEqual(shapeOf(atT.body));
    expect(live.body.arrivalInfo[0].versions).toBe(2);

    const asOfT = await linkNode(t);
    expect(asOfT.status).toBe(200);
    expect(shapeOf(asOfT.body)).toEqual(shapeOf(atT.body));
    // A chain is named after the document that started it in the order its records were
    // applied, which across topics may differ between two reads (README "As of a moment").
    expect(asOfT.body.chainId).toMatch(/^chain-/);
    expect(asOfT.body.arrivalInfo[0]).toEqual(atT.body.arrivalInfo[0]);
    expect(asOfT.body.asOf).toEqual({
      at: t,
      records: 2,
      positions: [
        {
          topic: topicOf('pod'),
          partition: expect.any(Number),
          offset: atT.body.arrivalInfo[0].provenance.offset,
        },
        {
          topic: topicOf('purchase'),
          partition: expect.any(Number),
          offset: atT.body.purchaseInfo[0].provenance.offset,
        },
      ].sort((a, b) => (a.topic < b.topic ? -1 : 1)),
    });

    // asOf = now: the live answer, from the log.
    const now = await linkNode(new Date().toISOString());
    expect(now.status).toBe(200);
    const { asOf, freshness: _nowFreshness, chainId: _replayed, ...fromLog } = now.body;
    const { freshness: _liveFreshness, chainId: _applied, ...fromRows } = live.body;
    expect(fromLog).toEqual(fromRows);
    expect(asOf.records).toBe(6);

    // Before the chain's first record, and in the future: 422 naming asOf; not a date-time: 400.
    const before = await linkNode(beforeAnything);
    expect(before.status).toBe(422);
    expect(before.body).toMatchObject({ flag: 'failure', code: 'AS_OF_OUT_OF_RANGE' });
    expect(before.body.message).toMatch(/asOf/);
    expect(before.body.firstReceivedAt).toEqual(expect.any(String));
    const future = await linkNode(new Date(Date.now() + 3_600_000).toISOString());
    expect(future.status).toBe(422);
    expect(future.body.code).toBe('AS_OF_OUT_OF_RANGE');
    const malformed = await linkNode('yesterday');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('AS_OF_INVALID');
  });

  it('answers a financing’s collateral exposure as it stood before another financing took the same receipt', async () => {
    // Two running financings (purchases placed, not received) naming one inbound order: its
    // warehouse receipt is the piece both hold.
    const receipt = { entOrderNo: 'ASOF-IN-0001', warehouseId: examples.inbound.warehouseId as string };
    const { contractNo: _contractNo, ...purchase } = examples.purchase;
    const placed = (n: string) =>
      submit('purchase', {
        ...purchase,
        entOrderNo: `ASOF-PO-${n}`,
        poOrderNo: `ASOF-POO-${n}`,
        financingOrderNo: `ASOF-FIN-${n}`,
        wmsOrderNo: receipt.entOrderNo,
        orderStatus: '10',
        inboundTime: undefined,
      });
    await placed('1');
    await submit('inbound', { ...receipt, customerCode: owner });
    await applied();
    const t = new Date().toISOString();
    while (Date.now() <= Date.parse(t)) await new Promise((resolve) => setImmediate(resolve));
    await placed('2');
    await applied();

    const exposure = async (financingNo: string, asOf?: string) => {
      const response = await fetch(
        `${queryApp!.url}/open/info/collateral/exposure${asOf ? `?asOf=${encodeURIComponent(asOf)}` : ''}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${lenderKey}` },
          body: JSON.stringify({ customerCode: owner, documentsType: '10', documentsNo: financingNo }),
        },
      );
      return { status: response.status, body: (await response.json()) as Json };
    };
    const live = await exposure('ASOF-FIN-1');
    expect(live.status).toBe(200);
    const piece = (answer: Json) => answer.collateral.find((p: Json) => p.kind === 'warehouseReceipt');
    expect(piece(live.body)).toMatchObject({ otherFinancings: 1 });
    expect(piece(live.body).grantedFinancings.map((f: Json) => f.financingOrderNo)).toEqual(['ASOF-FIN-2']);

    // At T the receipt was the first financing's alone.
    const atT = await exposure('ASOF-FIN-1', t);
    expect(atT.status).toBe(200);
    expect(piece(atT.body)).toMatchObject({ otherFinancings: 0, grantedFinancings: [] });
    expect(atT.body.financing).toEqual(live.body.financing);
    expect(atT.body.asOf.at).toBe(t);

    // Now: the live answer, replayed.
    const now = await exposure('ASOF-FIN-1', new Date().toISOString());
    expect(now.status).toBe(200);
    const { asOf, freshness: _replayed, ...fromLog } = now.body;
    const { freshness: _applied, ...fromRows } = live.body;
    expect(fromLog).toEqual(fromRows);
    // The second financing's purchase is the one record more.
    expect(asOf.records).toBe(atT.body.asOf.records + 1);

    // The second financing did not exist at T.
    const before = await exposure('ASOF-FIN-2', t);
    expect(before.status).toBe(422);
    expect(before.body.code).toBe('AS_OF_OUT_OF_RANGE');
  });

  it("tells a key its kind and its account's grants, and nothing without a key", async () => {
    const asked = async (key?: string) => {
      const response = await fetch(`${queryApp!.url}/open/account`, {
        headers: key ? { authorization: `Bearer ${key}` } : {},
      });
      return { status: response.status, body: (await response.json()) as Json };
    };
    const lender = await asked(lenderKey);
    expect(lender.status).toBe(200);
    expect(lender.body).toMatchObject({
      flag: 'success',
      kind: 'lender',
      account: 'asof-lender',
      enterprises: [owner],
    });
    expect((await asked(partnerKey)).body).toMatchObject({ kind: 'partner' });
    expect((await asked()).status).toBe(401);
  });

  it('refuses a chain with more records than the cap by asOf with 422, reading none of them', async () => {
    const { contractNo: _contractNo, ...purchase } = examples.purchase;
    await submit('purchase', {
      ...purchase,
      entOrderNo: 'CAP-PO-1',
      poOrderNo: 'CAP-POO-1',
      financingOrderNo: 'CAP-FIN-1',
      wmsOrderNo: 'CAP-WMS-1',
      contractNo: 'CAP-C-1',
    });
    // One arrival notice sent in as many versions as the cap: with the purchase, one record more.
    for (let version = 0; version < asOfRecordCap; version++)
      await submit('pod', { entOrderNo: 'CAP-POD-1', contractNo: 'CAP-C-1', transportTool: `V${version}` });
    await applied();
    const response = await fetch(
      `${queryApp!.url}/open/info/link/node?asOf=${encodeURIComponent(new Date().toISOString())}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${lenderKey}` },
        body: JSON.stringify({ customerCode: owner, documentsType: '30', documentsNo: 'CAP-PO-1' }),
      },
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'AS_OF_TOO_MANY_RECORDS', cap: asOfRecordCap });
  });
});
