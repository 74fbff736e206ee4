import { randomUUID } from 'node:crypto';
import { projectionDeclaration } from '@tradelog/projections';
import { migrate } from '@tradelog/projections/migrate';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import type { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { createCallLimits } from '@tradelog/schemas/kit/runtime/callLimits';
import { answerTable } from '@tradelog/schemas/queries/answerTable';
import { linkNodeBlocks } from '@tradelog/schemas/queries/responses';
import pg from 'pg';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRequestedRebuild } from '../../processors/src/rebuild/requests.ts';
import { callLimitNames } from '../../query-api/src/config.ts';
import { xlsxContentType } from '../../query-api/src/export/xlsx.ts';
import { createCallLimit } from '../../query-api/src/http/callLimit.ts';
import { createProjectionRoutes } from '../../query-api/src/lenders/routes.ts';
import { attachReadCache, createReadCache, type ReadCache } from '../../query-api/src/reads/readCache.ts';
import { createTestApiKey } from '../harness/apiKeys.ts';
import {
  createTestSchema,
  quietLogger,
  testLogSnapshot,
  testServices,
  testTopicOffsets,
  uniqueName,
  waitFor,
} from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';
import { endOffsetsOf, recordsBelow, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { type ProjectionsUnderTest, startProjectionsUnderTest } from '../harness/projectionsUnderTest.ts';
import { startQueryAppUnderTest } from '../harness/queryAppUnderTest.ts';

/** Keys a partner adds to its purchase beyond the spec (submission spec §3.11 names its fields). */
const plantedKeys = { '=HYPERLINK("http://x")': 'click', 'provenance.partnerId': 'someone-else' };

/** An independent CSV reader (RFC 4180 fields, quoted or not), to read an export back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  return rows;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field with expect
type Json = any;

// Documents submitted through ingest appear in the lender queries; a lender is refused
// another enterprise's data.
describe('lender queries over projections fed through ingest', () => {
  const services = testServices();
  const owner = examples.purchase.customerCode as string;
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let queryApp: Awaited<ReturnType<typeof startQueryAppUnderTest>> | undefined;
  let queryUrl: string;
  let running: ProjectionsUnderTest | undefined;
  const keys: Record<'partner' | 'lender' | 'otherLender' | 'operator', string> = {
    partner: '',
    lender: '',
    otherLender: '',
    operator: '',
  };
  let codec: ReturnType<typeof createRegistryCodec>;
  let topics: string[] = [];
  let readCache: ReadCache | undefined;

  const testLimits = createCallLimits({
    table: Object.fromEntries(
      callLimitNames.map((name) => [name, { points: 1200, windowSeconds: 60, per: 'caller' as const }]),
    ) as Record<(typeof callLimitNames)[number], { points: number; windowSeconds: number; per: 'caller' }>,
    prefix: uniqueName('lq-limits'),
  });

  const key = async (kind: 'partner' | 'lender' | 'operator', enterprises: string[]) =>
    (
      await createTestApiKey(pool, kind, {
        ownerId: `${kind}-${enterprises.join('-')}`,
        ownerName: kind,
        ...(kind === 'partner' ? {} : { enterprises }),
      })
    ).key;

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'lq');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 12 });
    // A partner key's account may submit for any enterprise unless told otherwise (harness default '*').
    keys.partner = await key('partner', []);
    keys.lender = await key('lender', [owner]);
    keys.otherLender = await key('lender', ['91110000OTHER00001']);
    keys.operator = await key('operator', []);
    const suffix = uniqueName('lq');
    ingest = await startIngestUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      keysDatabaseUrl: db.databaseUrl,
      topicSuffix: suffix,
      logger: quietLogger,
    });
    topics = documentTypes.map((type) => ingest.topicOf(type));
    running = await startProjectionsUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      pool,
      namespace: db.schema,
      topicOf: (type) => ingest.topicOf(documentTypes.find((t) => t.id === type)!),
      logger: quietLogger,
      clientId: 'lq-processors',
    });
    ({ codec } = running);
    // The instance's read caches, as main.ts attaches them (query-api/README.md "Read caches").
    readCache = await createReadCache({
      pool,
      connectionString: db.databaseUrl,
      logger: quietLogger,
      keyTtlMs: 10_000,
      documentTopics: topics,
      logSnapshot: testLogSnapshot(services),
    });
    attachReadCache(pool, readCache);
    // The real app: bounded bodies and the one error middleware around the routes.
    queryApp = await startQueryAppUnderTest(pool, [
      createProjectionRoutes({
        pool,
        namespace: db.schema,
        documentTopics: topics,
        changesTopic: uniqueName('lq-changes'),
        topicOffsets: testTopicOffsets(services),
        logSnapshot: testLogSnapshot(services),
        // Counted in memory, per account, as in production (README "Call limits"), so that
        // an export of every page shows the calls it counts as.
        callLimit: createCallLimit({ keyed: testLimits, public: testLimits }),
      }),
    ]);
    queryUrl = queryApp.url;
  });

  afterAll(async () => {
    await running?.stop();
    await readCache?.close();
    await queryApp?.close();
    await ingest?.close();
    const { rows } = await pool.query('SELECT nspname FROM pg_namespace WHERE nspname LIKE $1', [
      `${db.schema}\\_%`,
    ]);
    for (const row of rows) await pool.query(`DROP SCHEMA IF EXISTS "${row.nspname}" CASCADE`);
    await pool?.end();
    await db?.drop();
  });

  const query = async (path: string, body: unknown, key = keys.lender) => {
    const response = await fetch(`${queryUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, Json> };
  };

  it('answers the link node, order, customs, goods, inventory and warehouse queries from submitted documents', async () => {
    for (const intf of ingest.interfaces) {
      const document: Record<string, unknown> = {
        ...(examples as unknown as Record<string, Record<string, unknown>>)[intf.id],
      };
      // Inbound and outbound headers name no enterprise field (submission spec §3.3): send customerCode.
      if (intf.id === 'inbound' || intf.id === 'outbound') document.customerCode = owner;
      // Keys no spec names are accepted and logged as sent, but answered to no lender (README
      // "What lenders are answered"): a formula for a spreadsheet, a provenance look-alike.
      if (intf.id === 'purchase') Object.assign(document, plantedKeys);
      const response = await fetch(`${ingest.url}${intf.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
        body: JSON.stringify(document),
      });
      expect(response.status, intf.id).toBe(200);
    }
    // Every submission was acknowledged after Kafka acknowledged it, so the end offsets read now
    // cover all of them. Wait until every projection applied everything below them: the
    // projections read the 14 topics in any interleaving, so one block of the chain being there
    // says nothing about another (a clearance can be applied after the inbound and tally).
    const ends = await endOffsetsOf(services.kafkaBrokers, topics);
    expect(recordsBelow(ends)).toBe(ingest.interfaces.length);
    await waitForProjectionsToApply(pool, ends, {
      topicOf: (type) => ingest.topicOf(documentTypes.find((t) => t.id === type)!),
    });

    const purchaseNo = examples.purchase.entOrderNo as string;
    // Per-partition offsets only on request (query-api/README.md "Freshness").
    const answer = await query('/open/info/link/node?offsets=true', {
      customerCode: owner,
      documentsType: '30',
      documentsNo: purchaseNo,
    });
    expect(answer.status).toBe(200);
    const linkNode = answer.body;
    expect(linkNode.flag).toBe('success');
    expect(linkNode.purchaseInfo.map((d: Json) => d.businessKey)).toEqual([purchaseNo]);
    for (const planted of Object.keys(plantedKeys))
      expect(linkNode.purchaseInfo[0].fields).not.toHaveProperty([planted]);
    expect(linkNode.arrivalInfo.map((d: Json) => d.documentType)).toEqual(['pod']);
    expect(linkNode.intoDeclareInfo.map((d: Json) => d.documentType)).toEqual(['clearance']);
    expect(linkNode.intoTransportInfo.map((d: Json) => d.documentType)).toEqual(['internalTransport']);
    expect(linkNode.intoStorageInfo.map((d: Json) => d.documentType).sort()).toEqual(['inbound', 'tally']);
    expect(linkNode.financingInfo.map((d: Json) => d.businessKey)).toEqual([
      examples.purchase.financingOrderNo,
    ]);
    const purchaseDoc = linkNode.purchaseInfo[0];
    expect(purchaseDoc.fields.purchaseAmount).toBe(examples.purchase.purchaseAmount);
    expect(purchaseDoc.provenance).toMatchObject({
      topic: ingest.topicOf(documentTypes.find((t) => t.id === 'purchase')!),
      partnerId: 'partner-',
      documentId: expect.any(String),
      offset: expect.any(String),
      contentSha256: expect.any(String),
    });
    expect(linkNode.freshness.offsets.length).toBeGreaterThan(0);
    expect(linkNode.freshness.lastAppliedAt).toEqual(expect.any(String));
    // The query API has Kafka here: the records behind are known.
    expect(linkNode.freshness.recordsBehind).toEqual(expect.any(Number));

    // The same chain found from the financing order and the inbound order.
    const byFinancing = await query('/open/info/link/node', {
      customerCode: owner,
      documentsType: '10',
      documentsNo: examples.purchase.financingOrderNo,
    });
    expect(byFinancing.body.chainId).toBe(linkNode.chainId);

    // A chain in pages (query-api README "Chains in pages"): by default page 1 of 1,000, the
    // whole chain; pages of three hold each of its documents once; past the end, empty pages.
    const documentIdsOf = (page: Record<string, Json>) =>
      linkNodeBlocks
        .filter((block) => block !== 'financingInfo')
        .flatMap((block) => (page[block] as Json[]).map((d: Json) => d.provenance.documentId as string));
    const whole = documentIdsOf(linkNode);
    expect(linkNode).toMatchObject({ page: 1, pageSize: 1000, totalCount: whole.length });
    const pages: string[][] = [];
    for (let page = 1; page <= Math.ceil(whole.length / 3) + 1; page++) {
      const paged = await query('/open/info/link/node', {
        customerCode: owner,
        documentsType: '30',
        documentsNo: purchaseNo,
        page,
        pageSize: 3,
      });
      expect(paged.status).toBe(200);
      expect(paged.body).toMatchObject({
        chainId: linkNode.chainId,
        page,
        pageSize: 3,
        totalCount: whole.length,
      });
      pages.push(documentIdsOf(paged.body));
    }
    expect(pages.slice(0, -2).every((ids) => ids.length === 3)).toBe(true);
    expect(pages.at(-1)).toEqual([]);
    expect(pages.flat().sort()).toEqual([...whole].sort());
    const tooLarge = await query('/open/info/link/node', {
      customerCode: owner,
      documentsType: '30',
      documentsNo: purchaseNo,
      pageSize: 1001,
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors).toEqual([expect.objectContaining({ path: 'pageSize', rule: 'maximum' })]);

    const { body: orders } = await query('/open/info/enterprise/purchase-orders', {
      enterpriseId: owner,
      beginDate: '2024-01-01',
      endDate: '2024-12-31',
    });
    expect(orders.dataList).toHaveLength(1);
    expect(orders.dataList[0]).toMatchObject({
      entOrderNo: purchaseNo,
      orderStatus: '20',
      orderState: 'RECEIVED',
    });
    expect(orders).toMatchObject({ page: 1, pageSize: 100, totalCount: 1 });

    const { body: customs } = await query('/open/info/enterprise/customs-declarations', {
      enterpriseId: owner,
      enterpriseType: '10',
      dataSource: '20',
      starDate: '2024-03-01',
      endDate: '2024-03-31',
    });
    expect(customs.dataList).toHaveLength(1);
    expect(customs.dataList[0]).toMatchObject({ entryNo: examples.clearance.entryNo, ieFlag: 'I' });
    // §3: consumer orders carry platformOrderNo, shop, logisticsName, shippingFee, taxFee and
    // totalAmount, null when not submitted.
    const { body: consumerSales } = await query('/open/info/enterprise/sales-to-consumer', {
      enterpriseId: owner,
      beginDate: '2024-01-01',
      endDate: '2024-12-31',
    });
    expect(consumerSales.dataList.length).toBeGreaterThan(0);
    for (const sale of consumerSales.dataList)
      for (const field of [
        'platformOrderNo',
        'shop',
        'logisticsName',
        'shippingFee',
        'taxFee',
        'totalAmount',
      ])
        expect(sale, field).toHaveProperty(field);
    // §3 shows names: the owner's beside its code; the outbound order type by the supervision
    // mode (1210, bonded cross-border retail: TO C; query-api README "Customs declarations").
    expect(customs.dataList[0]).toMatchObject({
      customer: examples.clearance.consumUnitName,
      outboundOrderType: 'TO C',
    });
    // Goods items answer the query spec's field set (§3), not every field of the clearance line.
    const line = examples.clearance.goodsList![0]!;
    expect(customs.dataList[0].goodsList).toEqual([
      {
        hsCode: line.hsCode,
        entGoodsName: line.entGoodsName,
        specDescription: line.specDescription,
        declareQty: line.declareQty,
        declareUnit: line.declareUnit,
        declareUnitPrice: line.declareUnitPrice,
        declareTotalPrice: line.declareTotalPrice,
        declareCurrency: line.declareCurrency,
        orgCountry: line.orgCountry,
        destinationCountry: line.destinationCountry,
      },
    ]);

    const { body: goods } = await query('/open/info/goods', { customerCode: owner });
    expect(goods.goodsList.length).toBeGreaterThan(0);
    // Every field of query spec §3 "Goods"; units no document named are null, not guessed.
    const essence = goods.goodsList.find(
      (item: Json) => item.goodsNo === examples.goods.goodsList![0]!.entGoodsNo,
    );
    expect(essence).toMatchObject({
      goodsName: '护肤精华露',
      goodsHsCode: examples.goods.goodsList![0]!.hsCode,
      goodsQualityDays: 1095,
      contractsUnit: null,
      qtpUnit: null,
      recordPrice: 790,
      custassemCountry: '116',
    });

    const { body: inventory } = await query('/open/inventory/query', {
      customerCode: owner,
      customerName: 'x',
      warehouseId: '*',
      goodsId: '*',
      dataSource: '10',
      pageNo: 1,
      pageSize: 50,
    });
    expect(inventory.goodsList.length).toBeGreaterThan(0);
    expect(inventory).toMatchObject({ pageNo: 1, pageSize: 50 });
    expect(inventory.goodsList.every((row: Json) => typeof row.realStockNum === 'number')).toBe(true);

    const summary = await query('/open/info/warehouse/summary', { enterpriseId: owner, period: '2024-03' });
    expect(summary.status).toBe(200);
    // The tallied inbound counts what the tally counted (1196 good, 2 damaged of 1200 expected),
    // valued at the tally line's declared total in proportion; the outbound at its unit price.
    expect(summary.body.dataList[0]).toMatchObject({
      inputQty: 1198,
      inputAmount: (735000 * 1198) / 1200,
      inputUnpricedLines: 0,
      outputQty: 240,
      outputAmount: 147000,
      outputUnpricedLines: 0,
      inventoryUnpricedLines: 0,
    });
    const inbound = await query('/open/info/enterprise/history/inbound-details', {
      enterpriseId: owner,
      period: '2024-03',
    });
    // One row per goods line (query spec §3).
    expect(inbound.body.dataList.map((row: Json) => [row.entOrderNo, row.goodsId])).toEqual(
      (examples.inbound.goodsList ?? []).map((line) => [examples.inbound.entOrderNo, line.entGoodsNo]),
    );
  });

  it('counts the lines behind each warehouse summary amount that state no price, instead of adding 0', async () => {
    const path = ingest.interfaces.find((intf) => intf.id === 'outbound')!.path;
    const unpriced = {
      ...examples.outbound,
      customerCode: owner,
      entOrderNo: 'QHYP-OUT-UNPRICED-1',
      deliverTime: '2024-04-02 10:00:00',
      goodsList: (examples.outbound.goodsList ?? []).map(
        ({ declareUnitPrice: _unit, declareTotalPrice: _total, ...line }) => line,
      ),
    };
    const response = await fetch(`${ingest.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
      body: JSON.stringify(unpriced),
    });
    expect(response.status).toBe(200);
    await waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, topics), {
      projections: ['enterprise-data'],
      topicOf: (type) => ingest.topicOf(documentTypes.find((t) => t.id === type)!),
    });
    const { body } = await query('/open/info/warehouse/summary', { enterpriseId: owner, period: '2024-04' });
    expect(body.dataList[0]).toMatchObject({
      outputQty: 240,
      outputAmount: 0,
      outputUnpricedLines: 1,
      inputUnpricedLines: 0,
      inventoryUnpricedLines: 1,
    });
  });

  it('answers any lender query as CSV or an Excel workbook when Accept asks, the same table as the JSON answer', async () => {
    const exported = async (path: string, body: unknown, accept: string) => {
      const response = await fetch(`${queryUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.lender}`, accept },
        body: JSON.stringify(body),
      });
      return { response, bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const purchases = {
      enterpriseId: owner,
      beginDate: '2024-01-01',
      endDate: '2024-12-31',
    };
    const { body: json } = await query('/open/info/enterprise/purchase-orders', purchases);
    const table = answerTable(json);
    expect(table.rows).toHaveLength(1);

    const csv = await exported('/open/info/enterprise/purchase-orders', purchases, 'text/csv');
    expect(csv.response.status).toBe(200);
    expect(csv.response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.response.headers.get('content-disposition')).toBe(
      'attachment; filename="purchase-orders.csv"',
    );
    expect(csv.response.headers.get('vary')).toMatch(/Accept/);
    const lines = parseCsv(csv.bytes.toString('utf8').replace(/^\uFEFF/, ''));
    expect(lines[0]).toEqual(table.columns);
    // The partner's own keys are in no answer, JSON or CSV, and no header cell could run.
    // (`provenance.partnerId` is a real column, the provenance's: it stays one column, ours.)
    for (const planted of Object.keys(plantedKeys)) {
      expect(json.dataList[0]).not.toHaveProperty([planted]);
      expect(table.columns.filter((column) => column === planted).length).toBeLessThanOrEqual(1);
    }
    expect(table.columns).not.toContain('=HYPERLINK("http://x")');
    expect(lines[0]!.some((cell) => /^[=+\-@\t\r]/.test(cell))).toBe(false);
    expect(lines[1]).toEqual(table.rows[0]!.map((cell) => (cell === null ? '' : String(cell))));
    expect(lines[1]![table.columns.indexOf('entOrderNo')]).toBe(examples.purchase.entOrderNo);

    const workbook = await exported(
      '/open/info/enterprise/history/inbound-details',
      { enterpriseId: owner, period: '2024-03' },
      xlsxContentType,
    );
    expect(workbook.response.status).toBe(200);
    expect(workbook.response.headers.get('content-type')).toBe(xlsxContentType);
    const [sheet] = await readXlsxFile(workbook.bytes);
    const { body: inboundJson } = await query('/open/info/enterprise/history/inbound-details', {
      enterpriseId: owner,
      period: '2024-03',
    });
    const inboundTable = answerTable(inboundJson);
    expect(sheet!.data[0]).toEqual(inboundTable.columns);
    expect(sheet!.data.slice(1)).toEqual(inboundTable.rows);
    // The same bytes, the same tag: a repeated export is "not modified".
    const again = await fetch(`${queryUrl}/open/info/enterprise/history/inbound-details`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${keys.lender}`,
        accept: xlsxContentType,
        'if-none-match': workbook.response.headers.get('etag') ?? '',
      },
      body: JSON.stringify({ enterpriseId: owner, period: '2024-03' }),
    });
    expect(again.status).toBe(304);
    // Another enterprise's data is refused in every format.
    const refused = await exported(
      '/open/info/enterprise/purchase-orders',
      { ...purchases, enterpriseId: '91110000OTHER00001' },
      'text/csv',
    );
    expect(refused.response.status).toBe(403);
  });

  it('exports every page of an answer with pages=all: the pages concatenated, counted as their calls', async () => {
    // An enterprise of its own, so that its orders change no other test's answers.
    const exportOwner = '91110000EXPORT0001';
    const exportLender = await key('lender', [exportOwner]);
    const purchasePath = ingest.interfaces.find((intf) => intf.id === 'purchase')!.path;
    const orderCount = 250;
    const numbers = Array.from({ length: orderCount }, (_, i) => `EXP-PO-${String(i).padStart(4, '0')}`);
    for (let from = 0; from < orderCount; from += 25) {
      await Promise.all(
        numbers.slice(from, from + 25).map(async (entOrderNo) => {
          const response = await fetch(`${ingest.url}${purchasePath}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
            body: JSON.stringify({ ...examples.purchase, customerCode: exportOwner, entOrderNo }),
          });
          expect(response.status, entOrderNo).toBe(200);
        }),
      );
    }
    await waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, topics), {
      topicOf: (type) => ingest.topicOf(documentTypes.find((t) => t.id === type)!),
    });

    const path = '/open/info/enterprise/purchase-orders';
    const request = {
      enterpriseId: exportOwner,
      beginDate: '2024-01-01',
      endDate: '2024-12-31',
      pageSize: 200,
    };
    const ask = (suffix: string, body: unknown, accept?: string) =>
      fetch(`${queryUrl}${path}${suffix}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${exportLender}`,
          ...(accept ? { accept } : {}),
        },
        body: JSON.stringify(body),
      });
    const remaining = (response: Response) =>
      Number(/;r=(\d+);/.exec(response.headers.get('ratelimit') ?? '')?.[1]);
    const pages = [];
    for (const page of [1, 2]) pages.push((await (await ask('', { ...request, page })).json()) as Json);
    expect(pages.map((page) => page.dataList.length)).toEqual([200, 50]);
    expect(pages[0].totalCount).toBe(orderCount);
    const paged = pages.map((page) => answerTable(page));
    const everyRow = [...paged[0]!.rows, ...paged[1]!.rows];
    expect(paged[1]!.columns).toEqual(paged[0]!.columns);

    // This page: the page asked for, as before.
    const thisPage = await ask('', { ...request, pageSize: 20 }, 'text/csv');
    expect(parseCsv((await thisPage.text()).replace(/^\uFEFF/, ''))).toHaveLength(1 + 20);

    // Every page, as CSV: both pages in order, counted as two calls (pages of 200).
    const before = remaining(thisPage);
    const csv = await ask('?pages=all', request, 'text/csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="purchase-orders.csv"');
    expect(remaining(csv)).toBe(before - 2);
    const lines = parseCsv((await csv.text()).replace(/^\uFEFF/, ''));
    expect(lines[0]).toEqual(paged[0]!.columns);
    expect(lines.slice(1)).toEqual(
      everyRow.map((row) => row.map((cell) => (cell === null ? '' : String(cell)))),
    );
    const orderNos = lines.slice(1).map((line) => line[lines[0]!.indexOf('entOrderNo')]);
    expect(new Set(orderNos)).toEqual(new Set(numbers));

    // Every page, as a workbook, whatever page the body names.
    const workbook = await ask('?pages=all', { ...request, page: 2, pageSize: 10 }, xlsxContentType);
    expect(workbook.status).toBe(200);
    expect(workbook.headers.get('content-type')).toBe(xlsxContentType);
    const [sheet] = await readXlsxFile(Buffer.from(await workbook.arrayBuffer()));
    expect(sheet!.data[0]).toEqual(paged[0]!.columns);
    expect(sheet!.data.slice(1)).toEqual(everyRow);

    // JSON keeps its pages (§9): pages=all asks nothing of it.
    const json = (await (await ask('?pages=all', { ...request, pageSize: 100 })).json()) as Json;
    expect(json.dataList).toHaveLength(100);
  });

  it('answers the monthly trend from the projections, agreeing with the order and warehouse queries', async () => {
    const { status, body } = await query('/open/info/enterprise/trend', {
      enterpriseId: owner,
      fromMonth: '2024-01',
      toMonth: '2024-04',
    });
    expect(status).toBe(200);
    expect(body.dataList.map((row: Json) => row.month)).toEqual(['2024-01', '2024-02', '2024-03', '2024-04']);
    for (const row of body.dataList) {
      const [year, month] = String(row.month).split('-').map(Number) as [number, number];
      const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
      const range = { enterpriseId: owner, beginDate: `${row.month}-01`, endDate: `${row.month}-${lastDay}` };
      const counts = await Promise.all(
        [
          '/open/info/enterprise/purchase-orders',
          '/open/info/enterprise/sales-to-business',
          '/open/info/enterprise/sales-to-consumer',
        ].map(async (path) => (await query(path, range)).body.totalCount),
      );
      expect([row.purchaseOrders, row.salesToBusiness, row.salesToConsumer], row.month).toEqual(counts);
      const summary = (
        await query('/open/info/warehouse/summary', { enterpriseId: owner, period: row.month })
      ).body.dataList[0];
      expect(row, row.month).toMatchObject({
        inputQty: summary.inputQty,
        inputAmount: summary.inputAmount,
        outputQty: summary.outputQty,
        outputAmount: summary.outputAmount,
        inventoryQty: summary.inventoryQty,
        inventoryAmount: summary.inventoryAmount,
        // Beside the amounts, as the warehouse summary: how many lines stated no price.
        inputUnpricedLines: summary.inputUnpricedLines,
        outputUnpricedLines: summary.outputUnpricedLines,
        inventoryUnpricedLines: summary.inventoryUnpricedLines,
      });
    }
    // The example documents are of early 2024: the trend is not empty.
    expect(body.dataList.some((row: Json) => row.purchaseOrders > 0)).toBe(true);
    expect(body.dataList.some((row: Json) => row.inputQty > 0)).toBe(true);
    expect(body.freshness.map((f: Json) => f.projection)).toEqual(['order-status', 'enterprise-data']);
    expect(
      (
        await query('/open/info/enterprise/trend', {
          enterpriseId: owner,
          fromMonth: '2024-05',
          toMonth: '2024-01',
        })
      ).status,
    ).toBe(400);
  });

  it('refuses another enterprise data with 403, an unknown key with 401, and out-of-bounds requests with 400', async () => {
    const forbidden = await query(
      '/open/info/link/node',
      { customerCode: owner, documentsType: '30', documentsNo: 'X' },
      keys.otherLender,
    );
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ flag: 'failure', code: 'ENTERPRISE_NOT_GRANTED' });
    const forbiddenOrders = await query(
      '/open/info/enterprise/purchase-orders',
      { enterpriseId: owner, beginDate: '2024-01-01', endDate: '2024-12-31' },
      keys.otherLender,
    );
    expect(forbiddenOrders.status).toBe(403);
    const partner = await query('/open/info/goods', { customerCode: owner }, keys.partner);
    expect(partner.status).toBe(403);
    const unknown = await query('/open/info/goods', { customerCode: owner }, 'tlk_not-a-key');
    expect(unknown.status).toBe(401);
    const tooBig = await query('/open/info/enterprise/purchase-orders', {
      enterpriseId: owner,
      beginDate: '2024-01-01',
      endDate: '2024-12-31',
      pageSize: 201,
    });
    expect(tooBig).toMatchObject({ status: 400, body: { flag: 'failure', code: 'VALIDATION_FAILED' } });
    const badType = await query('/open/info/link/node', {
      customerCode: owner,
      documentsType: '50',
      documentsNo: 'X',
    });
    expect(badType.status).toBe(400);
  });

  it('rebuilds a projection an operator requests, reports progress and keeps answering', async () => {
    const call = async (method: string, path: string, key = keys.operator) => {
      const response = await fetch(`${queryUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}` },
      });
      return { status: response.status, body: (await response.json()) as Record<string, Json> };
    };
    expect((await call('POST', '/ops/rebuild/order-status', keys.lender)).status).toBe(403);
    const requested = await call('POST', '/ops/rebuild/order-status');
    expect(requested).toMatchObject({ status: 202, body: { flag: 'success', state: 'requested' } });
    expect((await call('POST', '/ops/rebuild/order-status')).status).toBe(409);
    const result = await runRequestedRebuild({
      brokers: services.kafkaBrokers,
      pool,
      codec,
      topicOf: (type) => ingest.topicOf(documentTypes.find((t) => t.id === type)!),
      namespace: db.schema,
      logger: quietLogger,
      progressIntervalMs: 200,
    });
    expect(result?.switched).toBe(true);
    const versions = await call('GET', '/ops/rebuild/order-status');
    const states = versions.body.versions.map((v: Json) => [v.version, v.state]);
    expect(states).toEqual([
      [1, 'retired'],
      [2, 'live'],
    ]);
    expect(versions.body.versions[1].progress).toMatchObject({
      state: 'switched',
      remainingLag: 0,
      recordsApplied: expect.any(Number),
    });
    const orders = await query('/open/info/enterprise/purchase-orders', {
      enterpriseId: owner,
      beginDate: '2024-01-01',
      endDate: '2024-12-31',
    });
    expect(orders.body.freshness.version).toBe(2);
    expect(orders.body.dataList).toHaveLength(1);
    expect((await call('DELETE', '/ops/versions/order-status/2')).status).toBe(409);
    expect((await call('DELETE', '/ops/versions/order-status/1')).body).toMatchObject({
      flag: 'success',
      dropped: true,
    });
    const letters = await call('GET', '/ops/dead-letters');
    expect(letters.body.dataList).toEqual([]);
  });

  it('never says recordsBehind 0 while an accepted document is unapplied, and ?after= answers with it', async () => {
    const submitPurchase = async (financingOrderNo: string) => {
      const purchase = ingest.interfaces.find((intf) => intf.id === 'purchase')!;
      const response = await fetch(`${ingest.url}${purchase.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
        body: JSON.stringify({ ...examples.purchase, entOrderNo: uniqueName('PO'), financingOrderNo }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { documentId: string; position: string };
    };
    const chainOf = (financingOrderNo: string, after = '') =>
      query(`/open/info/link/node${after}`, {
        customerCode: owner,
        documentsType: '10',
        documentsNo: financingOrderNo,
      });

    // Asked at once and again until it shows: every answer without it says records are behind.
    const first = uniqueName('F');
    const accepted = await submitPurchase(first);
    expect(accepted.position).toMatch(
      new RegExp(`^${ingest.topicOf(documentTypes.find((t) => t.id === 'purchase')!)}:\\d+:\\d+$`),
    );
    const missing: number[] = [];
    await waitFor(
      async () => {
        const { status, body } = await chainOf(first);
        if (status === 200) return true;
        expect(status, JSON.stringify(body)).toBe(404);
        missing.push(body.freshness.recordsBehind);
        return false;
      },
      { what: 'the financing in its chain', intervalMs: 5 },
    );
    for (const behind of missing) expect(behind).toBeGreaterThan(0);

    // With ?after=, the first answer holds the document: by its id, and by its log position.
    for (const form of ['documentId', 'position'] as const) {
      const financing = uniqueName('F');
      const submitted = await submitPurchase(financing);
      const { status, body } = await chainOf(financing, `?after=${encodeURIComponent(submitted[form])}`);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.financingInfo).toEqual(
        expect.arrayContaining([expect.objectContaining({ businessKey: financing })]),
      );
    }
    const malformed = await chainOf(first, '?after=not%20a%20position');
    expect(malformed).toMatchObject({ status: 400, body: { code: 'AFTER_INVALID' } });
    // An id no submission has, asked once the index holds the whole log: said so, not a
    // retriable NOT_YET_APPLIED after the wait.
    const unknown = await chainOf(first, `?after=${randomUUID()}`);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'AFTER_NOT_FOUND' } });
    const [topic, partition] = accepted.position.split(':');
    const pastTheEnd = await chainOf(
      first,
      `?after=${encodeURIComponent(`${topic}:${partition}:999999999`)}`,
    );
    expect(pastTheEnd).toMatchObject({ status: 404, body: { code: 'AFTER_NOT_FOUND' } });
  });

  it('shows operators the records per topic and every live projection caught up', async () => {
    const get = async (key: string) => {
      const response = await fetch(`${queryUrl}/ops/pipeline`, {
        headers: { authorization: `Bearer ${key}` },
      });
      return { status: response.status, body: (await response.json()) as Record<string, Json> };
    };
    expect((await get(keys.lender)).status).toBe(403);
    const pipeline = await waitFor(
      async () => {
        const { body } = await get(keys.operator);
        return body.projections.every((p: Json) => p.lag === 0) ? body : undefined;
      },
      { what: 'every projection caught up' },
    );
    // One document per interface went through ingest in the first test.
    expect(pipeline.topics).toHaveLength(documentTypes.length);
    for (const topic of pipeline.topics) expect(topic.records).toBeGreaterThanOrEqual(1);
    const recordsOf = new Map(pipeline.topics.map((t: Json) => [t.topic, t.records]));
    for (const projection of pipeline.projections) {
      expect(projection).toMatchObject({ lag: 0, version: expect.any(Number) });
      // Each projection applied exactly the records of the topics its declaration reads.
      const read = projectionDeclaration(projection.projection).reads.map((type) =>
        ingest.topicOf(documentTypes.find((t) => t.id === type)!),
      );
      expect(projection.applied).toBe(read.reduce((sum, topic) => sum + Number(recordsOf.get(topic)), 0));
    }
  });
});
