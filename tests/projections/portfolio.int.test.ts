import { migrate } from '@tradelog/projections/migrate';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { createRecordReader, type RecordReader } from '@tradelog/schemas/kit/log/records';
import pg from 'pg';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRoutes } from '../../query-api/src/lenders/routes.ts';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName } from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { type ProjectionsUnderTest, startProjectionsUnderTest } from '../harness/projectionsUnderTest.ts';
import { startQueryAppUnderTest } from '../harness/queryAppUnderTest.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field with expect
type Json = any;

// The lender's portfolio (query-api/README.md "Portfolio"): a financing's coverage is the value of
// the stock left behind its warehouse receipt, at the receipt lines' own prices, over its purchase
// amount; a line that states no price adds nothing and is counted.
describe('lender portfolio: coverage from the stock behind the receipts', () => {
  const services = testServices();
  const owner = examples.purchase.customerCode as string;
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let running: ProjectionsUnderTest | undefined;
  let queryApp: Awaited<ReturnType<typeof startQueryAppUnderTest>> | undefined;
  let reader: RecordReader | undefined;
  let submit: (type: keyof typeof examples, document: Record<string, unknown>) => Promise<void>;
  let applied: () => Promise<void>;
  let partnerKey = '';
  let lenderKey = '';
  let otherLenderKey = '';

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'portfolio');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 8 });
    partnerKey = (await createTestApiKey(pool, 'partner', { ownerId: 'pf-partner', ownerName: 'p' })).key;
    lenderKey = (
      await createTestApiKey(pool, 'lender', { ownerId: 'pf-lender', ownerName: 'l', enterprises: [owner] })
    ).key;
    otherLenderKey = (
      await createTestApiKey(pool, 'lender', {
        ownerId: 'pf-other',
        ownerName: 'o',
        enterprises: ['91110000OTHER00001'],
      })
    ).key;
    ingest = await startIngestUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      keysDatabaseUrl: db.databaseUrl,
      topicSuffix: uniqueName('pf'),
      logger: quietLogger,
    });
    const topicOf = (type: string) => ingest.topicOf(documentTypes.find((t) => t.id === type)!);
    running = await startProjectionsUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      pool,
      namespace: db.schema,
      topicOf,
      logger: quietLogger,
      clientId: uniqueName('pf-processors'),
      only: ['collateral', 'enterprise-data', 'document-index'],
    });
    reader = createRecordReader({ brokers: services.kafkaBrokers, clientId: uniqueName('pf-records') });
    queryApp = await startQueryAppUnderTest(pool, [
      createProjectionRoutes({ pool, namespace: db.schema, records: { reader, codec: running.codec } }),
    ]);

    submit = async (type: keyof typeof examples, document: Record<string, unknown>) => {
      const intf = ingest.interfaces.find((i) => i.id === type)!;
      const response = await fetch(`${ingest.url}${intf.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${partnerKey}` },
        body: JSON.stringify(document),
      });
      expect(response.status, `${type}: ${await response.text()}`).toBe(200);
    };
    const { contractNo: _contractNo, ...purchase } = examples.purchase;
    const placed = (n: string, amount: number, extra: Record<string, unknown>) =>
      submit('purchase', {
        ...purchase,
        entOrderNo: `PF-PO-${n}`,
        poOrderNo: `PF-POO-${n}`,
        financingOrderNo: `PF-FIN-${n}`,
        orderStatus: '10',
        inboundTime: undefined,
        purchaseAmount: amount,
        ...extra,
      });
    // Financing 1: its purchase goes into the warehouse under inbound PF-IN-1, whose first line is
    // priced (1200 at 612.5) and second states no price (1400); 240 of the first went out since.
    await placed('1', 1_000_000, { wmsOrderNo: 'PF-IN-1' });
    const [priced, unpriced] = examples.inbound.goodsList ?? [];
    const { declareUnitPrice: _unit, declareTotalPrice: _total, ...unpricedLine } = unpriced!;
    await submit('inbound', {
      ...examples.inbound,
      customerCode: owner,
      entOrderNo: 'PF-IN-1',
      goodsList: [priced, unpricedLine],
    });
    await submit('outbound', { ...examples.outbound, customerCode: owner, entOrderNo: 'PF-OUT-1' });
    // Financing 2: nothing in a warehouse behind it.
    await placed('2', 500, { wmsOrderNo: undefined });
    applied = async () =>
      waitForProjectionsToApply(
        pool,
        await endOffsetsOf(
          services.kafkaBrokers,
          documentTypes.map((type) => ingest.topicOf(type)),
        ),
        { projections: ['collateral', 'enterprise-data', 'document-index'], topicOf },
      );
    await applied();
  });

  afterAll(async () => {
    await running?.stop();
    await queryApp?.close();
    await reader?.close();
    await ingest?.close();
    await pool?.end();
    await db?.drop();
  });

  const portfolio = async (key: string, asOf?: string) => {
    const response = await fetch(
      `${queryApp!.url}/open/portfolio${asOf === undefined ? '' : `?asOf=${encodeURIComponent(asOf)}`}`,
      { headers: { authorization: `Bearer ${key}` } },
    );
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('values the stock left behind a receipt at its priced lines, counts the unpriced one, and sorts alerts first, then the lowest coverage', async () => {
    const { status, body } = await portfolio(lenderKey);
    expect(status).toBe(200);
    // Financing 1's stock covers 0.588 of it, under the default threshold (1): a low-coverage
    // alert (and a release, when its outbound is read after its inbound), so it comes first.
    expect(body.dataList.map((row: Json) => row.financingOrderNo)).toEqual(['PF-FIN-1', 'PF-FIN-2']);
    const [covered, uncovered] = body.dataList;
    expect(covered.alerts).toContainEqual(
      expect.objectContaining({ kind: 'coverage.low', threshold: 1, coverage: 0.588 }),
    );
    expect(uncovered.alerts).toEqual([]);
    expect(uncovered).toMatchObject({
      purchaseAmount: 500,
      stockValue: 0,
      unpricedLines: 0,
      coverage: 0,
      alerted: false,
    });

    const receipt = covered.collateral.find((piece: Json) => piece.kind === 'warehouseReceipt');
    // 1200 − 240 of the priced lot at 612.5; the unpriced lot's 1400 are there but add no value.
    expect(receipt.stock).toEqual({ qty: 960 + 1400, value: 960 * 612.5, unpricedLines: 1 });
    expect(covered).toMatchObject({
      customerCode: owner,
      purchaseAmount: 1_000_000,
      stockValue: 588_000,
      unpricedLines: 1,
      coverage: 0.588,
    });
    expect(covered.purchases).toEqual([
      expect.objectContaining({
        purchaseOrderNo: 'PF-PO-1',
        purchaseAmount: 1_000_000,
        orderStatus: '10',
        final: false,
      }),
    ]);
    expect(covered.latestEvents.map((event: Json) => event.documentType).sort()).toEqual([
      'inbound',
      'purchase',
    ]);
    expect(body.freshness.collateral.projection).toBe('collateral');
    expect(body.freshness.enterpriseData.projection).toBe('enterprise-data');
    // Each figure names the projection it was read from and how fresh that was.
    expect(body.figures.purchaseAmount).toEqual([{ ...body.freshness.collateral }]);
    expect(body.figures.stockValue).toEqual([{ ...body.freshness.enterpriseData }]);
    expect(body.figures.coverage.map((source: Json) => source.projection)).toEqual([
      'collateral',
      'enterprise-data',
    ]);
  });

  it('exports the portfolio as CSV and as a workbook, a row per financing', async () => {
    const exported = async (accept: string) =>
      fetch(`${queryApp!.url}/open/portfolio`, { headers: { authorization: `Bearer ${lenderKey}`, accept } });
    const csv = await exported('text/csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="portfolio.csv"');
    const [header, ...lines] = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain('"financingOrderNo"');
    expect(header).toContain('"coverage"');
    expect(lines).toHaveLength(2);
    const workbook = await exported('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(workbook.headers.get('content-disposition')).toBe('attachment; filename="portfolio.xlsx"');
    const [sheet] = await readXlsxFile(Buffer.from(await workbook.arrayBuffer()));
    const [columns, ...rows] = sheet!.data;
    const column = (name: string) => columns!.indexOf(name);
    // Financing 1 is under the default coverage threshold (1): its low-coverage alert sorts it first.
    expect(rows.map((row) => [row[column('financingOrderNo')], row[column('coverage')]])).toEqual([
      ['PF-FIN-1', 0.588],
      ['PF-FIN-2', 0],
    ]);
  });

  it('shows a lender only the enterprises it is granted', async () => {
    const { status, body } = await portfolio(otherLenderKey);
    expect(status).toBe(200);
    expect(body.dataList).toEqual([]);
  });

  it('answers the portfolio as it stood at T after later documents changed it, and the live one at now', async () => {
    const atT = await portfolio(lenderKey);
    const t = new Date().toISOString();
    while (Date.now() <= Date.parse(t)) await new Promise((resolve) => setImmediate(resolve));
    // After T: financing 2's purchase is received (it closes), more of financing 1's lot goes out,
    // and a third financing opens.
    const { contractNo: _contractNo, ...purchase } = examples.purchase;
    await submit('purchase', {
      ...purchase,
      entOrderNo: 'PF-PO-2',
      poOrderNo: 'PF-POO-2',
      financingOrderNo: 'PF-FIN-2',
      orderStatus: '20',
      purchaseAmount: 500,
      wmsOrderNo: undefined,
    });
    await submit('outbound', { ...examples.outbound, customerCode: owner, entOrderNo: 'PF-OUT-2' });
    await submit('purchase', {
      ...purchase,
      entOrderNo: 'PF-PO-3',
      poOrderNo: 'PF-POO-3',
      financingOrderNo: 'PF-FIN-3',
      orderStatus: '10',
      inboundTime: undefined,
      purchaseAmount: 800,
      wmsOrderNo: undefined,
    });
    await applied();
    const live = await portfolio(lenderKey);
    expect(live.body.dataList.map((row: Json) => row.financingOrderNo)).toEqual(['PF-FIN-1', 'PF-FIN-3']);
    const financing1 = (answer: { body: { dataList: Json[] } }) =>
      answer.body.dataList.find((row) => row.financingOrderNo === 'PF-FIN-1')!;
    expect(financing1(live).stockValue).toBeLessThan(financing1(atT).stockValue);

    const asOfT = await portfolio(lenderKey, t);
    expect(asOfT.status).toBe(200);
    expect(asOfT.body.dataList).toEqual(atT.body.dataList);
    expect(asOfT.body.asOf).toMatchObject({ at: t, records: expect.any(Number) });
    // Each figure names the records it was replayed from: the chains for the financings, the
    // warehouse records for the stock.
    expect(asOfT.body.figures.purchaseAmount[0].asOf.positions.map((p: Json) => p.topic)).toContain(
      ingest.topicOf(documentTypes.find((type) => type.id === 'purchase')!),
    );
    expect(asOfT.body.figures.stockValue[0].asOf.positions.map((p: Json) => p.topic)).toEqual(
      [
        ingest.topicOf(documentTypes.find((type) => type.id === 'inbound')!),
        ingest.topicOf(documentTypes.find((type) => type.id === 'outbound')!),
      ].sort(),
    );
    expect(asOfT.body.figures.coverage.map((source: Json) => source.projection)).toEqual([
      'collateral',
      'enterprise-data',
    ]);

    const now = await portfolio(lenderKey, new Date().toISOString());
    expect(now.status).toBe(200);
    expect(now.body.dataList).toEqual(live.body.dataList);

    const before = await portfolio(lenderKey, new Date(Date.now() - 3_600_000).toISOString());
    expect(before.status).toBe(422);
    expect(before.body.code).toBe('AS_OF_OUT_OF_RANGE');
    expect((await portfolio(lenderKey, 'soon')).status).toBe(400);
  });
});
