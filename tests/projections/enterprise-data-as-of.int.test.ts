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

const projections = ['enterprise-data', 'order-status', 'document-index'] as const;

// The enterprise queries as of a moment (query-api/README.md "As of a moment"): an answer
// that later documents changed is answered as it stood at T with asOf=T, and as the live answer
// with asOf=now — the enterprise's records read from Kafka and folded by the projection's reducer.
describe('enterprise queries as of a moment, from the log', () => {
  const services = testServices();
  const owner = examples.tally.customerCode as string;
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
    db = await createTestSchema(services.databaseUrl, 'edasof');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 8 });
    partnerKey = (await createTestApiKey(pool, 'partner', { ownerId: 'edasof-partner', ownerName: 'p' })).key;
    lenderKey = (
      await createTestApiKey(pool, 'lender', {
        ownerId: 'edasof-lender',
        ownerName: 'l',
        enterprises: [owner],
      })
    ).key;
    ingest = await startIngestUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      keysDatabaseUrl: db.databaseUrl,
      topicSuffix: uniqueName('edasof'),
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
      clientId: uniqueName('edasof-processors'),
      only: [...projections],
    });
    reader = createRecordReader({ brokers: services.kafkaBrokers, clientId: uniqueName('edasof-records') });
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
      body: JSON.stringify({ customerCode: owner, ...examples[type], ...changes }),
    });
    expect(response.status, type).toBe(200);
  };
  const applied = async () =>
    waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, topics), {
      projections: [...projections],
      topicOf: (type) => topicOf(type),
    });
  const query = async (path: string, body: unknown, asOf?: string) => {
    const response = await fetch(
      `${queryApp!.url}${path}${asOf === undefined ? '' : `?asOf=${encodeURIComponent(asOf)}`}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${lenderKey}` },
        body: JSON.stringify(body),
      },
    );
    return { status: response.status, body: (await response.json()) as Json };
  };
  const asked = {
    inventory: [
      '/open/inventory/query',
      {
        customerCode: owner,
        customerName: 'x',
        warehouseId: '*',
        goodsId: '*',
        dataSource: '10',
        pageNo: 1,
        pageSize: 50,
      },
    ],
    summary: ['/open/info/warehouse/summary', { enterpriseId: owner, period: '2024-03' }],
    inbound: ['/open/info/enterprise/history/inbound-details', { enterpriseId: owner, period: '2024-03' }],
    outbound: ['/open/info/enterprise/history/outbound-details', { enterpriseId: owner, period: '2024-03' }],
    goods: ['/open/info/goods', { customerCode: owner }],
    trend: ['/open/info/enterprise/trend', { enterpriseId: owner, fromMonth: '2024-01', toMonth: '2024-06' }],
    purchases: [
      '/open/info/enterprise/purchase-orders',
      { enterpriseId: owner, beginDate: '2024-01-01', endDate: '2024-12-31' },
    ],
    customs: [
      '/open/info/enterprise/customs-declarations',
      {
        enterpriseId: owner,
        enterpriseType: '10',
        dataSource: '20',
        starDate: '2024-03-01',
        endDate: '2024-03-31',
      },
    ],
  } as const;
  const answers = async (asOf?: string) =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(asked).map(
          async ([name, [path, body]]) => [name, await query(path, body, asOf)] as const,
        ),
      ),
    );
  /** An answer without what only says how it was read. */
  const data = ({ freshness: _freshness, asOf: _asOf, ...rest }: Json) => rest;

  it('answers each as it stood at T after later documents changed it, and as the live answer at now', async () => {
    const beforeAnything = new Date(Date.now() - 60_000).toISOString();
    // By T: the goods, the inbound (its declared lines count) and its clearance.
    await submit('goods');
    await submit('inbound');
    await submit('clearance');
    // A purchase placed (executing, 10), received after T.
    await submit('purchase', { orderStatus: '10', inboundTime: undefined });
    await applied();
    const atT = await answers();
    for (const [name, answer] of Object.entries(atT)) expect(answer.status, name).toBe(200);
    const t = new Date().toISOString();
    // Past T on the clock ingest stamps received-at with, before anything more is sent.
    while (Date.now() <= Date.parse(t)) await new Promise((resolve) => setImmediate(resolve));

    // After T: the tally replaces the inbound's lines, an outbound takes stock out, the goods
    // sync and a corrected clearance change the article and the declaration.
    await submit('tally');
    await submit('outbound');
    await submit('synchronizeGoods');
    await submit('clearance', { grossWeight: 1234.5 });
    await submit('purchase', { orderStatus: '20' });
    await applied();
    const live = await answers();
    for (const name of ['inventory', 'summary', 'outbound', 'goods', 'customs', 'purchases', 'trend'])
      expect(data(live[name]!.body), name).not.toEqual(data(atT[name]!.body));

    const asOfT = await answers(t);
    for (const name of Object.keys(asked)) {
      expect(asOfT[name]!.status, name).toBe(200);
      expect(data(asOfT[name]!.body), name).toEqual(data(atT[name]!.body));
      expect(asOfT[name]!.body.asOf.at, name).toBe(t);
    }
    // The inventory replays the enterprise's warehouse and goods records received by T, and
    // names the last position it reflects on each.
    expect(asOfT.inventory!.body.asOf).toEqual({
      at: t,
      records: 2,
      positions: [
        { topic: topicOf('goods'), partition: expect.any(Number), offset: expect.any(String) },
        { topic: topicOf('inbound'), partition: expect.any(Number), offset: expect.any(String) },
      ].sort((a, b) => (a.topic < b.topic ? -1 : 1)),
    });

    // asOf = now: the live answers, from the log.
    const now = await answers(new Date().toISOString());
    for (const name of Object.keys(asked)) {
      expect(now[name]!.status, name).toBe(200);
      expect(data(now[name]!.body), name).toEqual(data(live[name]!.body));
    }
    expect(now.inventory!.body.asOf.records).toBe(5);
    // The order as it stood: executing at T with one history entry, received now with two.
    expect(asOfT.purchases!.body.dataList[0]).toMatchObject({
      orderStatus: '10',
      orderState: 'AWAITING_SHIPMENT',
    });
    expect(now.purchases!.body.dataList[0]).toMatchObject({ orderStatus: '20', orderState: 'RECEIVED' });
    expect(now.purchases!.body.dataList[0].statusHistory).toHaveLength(2);

    // Before the enterprise's first record, in the future: 422; a variant answered live only: 422.
    const [path, body] = asked.inventory;
    const before = await query(path, body, beforeAnything);
    expect(before.status).toBe(422);
    expect(before.body).toMatchObject({ code: 'AS_OF_OUT_OF_RANGE', firstReceivedAt: expect.any(String) });
    expect((await query(path, body, new Date(Date.now() + 3_600_000).toISOString())).body.code).toBe(
      'AS_OF_OUT_OF_RANGE',
    );
    const reported = await query(path, { ...body, dataSource: '20' }, t);
    expect(reported.status).toBe(422);
    expect(reported.body.code).toBe('AS_OF_NOT_ANSWERED');
    const declaringFirm = await query(asked.customs[0], { ...asked.customs[1], enterpriseType: '20' }, t);
    expect(declaringFirm.body.code).toBe('AS_OF_NOT_ANSWERED');
    const feed = await query('/open/info/enterprise/data-in-warehouse', { enterpriseId: owner }, t);
    expect(feed.status).toBe(422);
    expect(feed.body.code).toBe('AS_OF_NOT_ANSWERED');
  });

  it('refuses a query whose records of its types by asOf pass the cap, and answers one whose types stay under it', async () => {
    // The goods import and sync of the first test, and as many sync versions as take the
    // enterprise's goods records past the cap; its warehouse records stay three (inbound, tally, outbound).
    for (let version = 2; version <= asOfRecordCap; version++)
      await submit('synchronizeGoods', { goodsName: `版本 ${version}` });
    await applied();
    const now = new Date().toISOString();
    const goods = await query(asked.goods[0], asked.goods[1], now);
    expect(goods.status).toBe(422);
    expect(goods.body).toMatchObject({ code: 'AS_OF_TOO_MANY_RECORDS', cap: asOfRecordCap });
    // Inventory reads the articles too: refused as well; the summary reads warehouse records only.
    expect((await query(asked.inventory[0], asked.inventory[1], now)).body.code).toBe(
      'AS_OF_TOO_MANY_RECORDS',
    );
    const summary = await query(asked.summary[0], asked.summary[1], now);
    expect(summary.status).toBe(200);
    expect(summary.body.asOf.records).toBe(3);
  });
});
