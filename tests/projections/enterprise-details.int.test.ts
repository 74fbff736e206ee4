import { documentType, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServices, uniqueName } from '../harness/index.ts';
import type { IngestUnderTest } from '../harness/ingestUnderTest.ts';
import { type PipelineUnderTest, startPipelineUnderTest } from '../harness/pipelineUnderTest.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field with expect
type Json = any;

// Inbound and outbound details in the shape of query spec §3 (one row per line), and the paging
// rule of §7 (keep asking until a page is short) holding while documents keep arriving.
describe('inbound and outbound details through ingest and enterprise-data', () => {
  const services = testServices();
  const owner = examples.pod.customerCode as string;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let queryUrl: string;
  let pipeline: PipelineUnderTest;
  const keys = { partner: '', lender: '' };
  const topicOf = (type: Parameters<typeof documentType>[0]) => ingest.topicOf(documentType(type));

  beforeAll(async () => {
    pipeline = await startPipelineUnderTest({
      prefix: 'ed',
      projections: ['enterprise-data', 'enterprise-feeds'],
      keys: {
        partner: { kind: 'partner', enterprises: [owner] },
        lender: { kind: 'lender', enterprises: [owner] },
      },
    });
    ({ pool, ingest, queryUrl } = pipeline);
    Object.assign(keys, pipeline.keys);
  });

  afterAll(async () => {
    await pipeline?.close();
  });

  const submit = async (
    type: 'inbound' | 'outbound' | 'goods' | 'synchronizeGoods' | 'warehouseStock',
    document: Record<string, unknown>,
  ) => {
    const path = ingest.interfaces.find((intf) => intf.id === type)!.path;
    const response = await fetch(`${ingest.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
      body: JSON.stringify({ customerCode: owner, ...document }),
    });
    expect(response.status, type).toBe(200);
  };

  const applied = async () => {
    const topics = documentTypes.map((t) => ingest.topicOf(t));
    await waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, topics), {
      projections: ['enterprise-data', 'enterprise-feeds'],
      topicOf,
    });
  };

  const details = async (direction: 'inbound' | 'outbound', body: Record<string, unknown>) => {
    const response = await fetch(`${queryUrl}/open/info/enterprise/history/${direction}-details`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.lender}` },
      body: JSON.stringify({ enterpriseId: owner, ...body }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Json;
  };

  it('answers one row per line with the fields of §3, completed from the article', async () => {
    await submit('goods', examples.goods as unknown as Record<string, unknown>);
    await submit('inbound', examples.inbound as unknown as Record<string, unknown>);
    await submit('outbound', examples.outbound as unknown as Record<string, unknown>);
    await applied();

    const inbound = await details('inbound', { period: '2024-03' });
    expect(inbound.dataList).toHaveLength(examples.inbound.goodsList!.length);
    expect(inbound.dataList[0]).toEqual({
      entOrderNo: examples.inbound.entOrderNo,
      warehouseId: 'QHBW0001',
      warehouseTime: '2024-03-05 15:30:00',
      goodsId: 'SKII-FTE-230',
      barCode: '4979006070262',
      goodsName: '护肤精华露',
      inputSkuNum: 1200,
      lotNo: 'L2402A1',
      productionTime: null,
      expireTime: null,
      price: 612.5,
      brand: 'SK-II',
      categoryLevel1: '美妆个护',
    });

    const outbound = await details('outbound', { period: '2024-03' });
    expect(outbound.dataList).toEqual([
      expect.objectContaining({
        entOrderNo: examples.outbound.entOrderNo,
        // The goods left the warehouse at deliverTime.
        warehouseTime: '2024-03-18 16:10:00',
        goodsId: 'SKII-FTE-230',
        outputSkuNum: 240,
        lotNo: 'L2402A1',
        price: 612.5,
        brand: 'SK-II',
        categoryLevel1: '美妆个护',
      }),
    ]);
    expect(outbound.dataList[0].inputSkuNum).toBeUndefined();
    expect((await details('outbound', { period: '2024-02' })).dataList).toEqual([]);
  });

  it('pages without missing or repeating a line while documents keep arriving', async () => {
    const period = '2025-06';
    const inboundOf = (n: number, day: number) => ({
      ...(examples.inbound as unknown as Record<string, unknown>),
      entOrderNo: `PG-${n}-${uniqueName('in').slice(-8)}`,
      commitTime: `2025-06-${String(day).padStart(2, '0')} 10:00:00`,
    });
    for (let n = 0; n < 3; n++) await submit('inbound', inboundOf(n, 20 - n));
    await applied();
    const seen: string[] = [];
    const pageSize = 2;
    for (let page = 1; ; page++) {
      const answer = await details('inbound', { period, page, pageSize });
      seen.push(...answer.dataList.map((row: Json) => `${row.entOrderNo}/${row.goodsId}`));
      // After the first page, an earlier-dated inbound arrives: it must not shift the pages.
      if (page === 1) {
        await submit('inbound', inboundOf(9, 1));
        await applied();
      }
      if (answer.dataList.length < pageSize) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(4 * examples.inbound.goodsList!.length);
    expect(seen.at(-1)).toMatch(/^PG-9-/);
  });

  const inventory = async (body: Record<string, unknown>) => {
    const response = await fetch(`${queryUrl}/open/inventory/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.lender}` },
      body: JSON.stringify({
        customerCode: owner,
        customerName: '深圳前海优品供应链有限公司',
        warehouseId: '*',
        goodsId: '*',
        pageNo: 1,
        pageSize: 50,
        ...body,
      }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('answers inventory from the documents (capital from the article, frozen and locked unknown) or from the warehouse report', async () => {
    await submit('synchronizeGoods', {
      ...(examples.synchronizeGoods as unknown as Record<string, unknown>),
      recordInfo: { entGoodsNo: 'SKII-FTE-230' },
      capital: '招商银行深圳分行',
    });
    await submit('warehouseStock', examples.warehouseStock as unknown as Record<string, unknown>);
    await applied();

    const fromDocuments = await inventory({ dataSource: '10', goodsId: 'SKII-FTE-230' });
    expect(fromDocuments.status).toBe(200);
    expect(fromDocuments.body.goodsList.length).toBeGreaterThan(0);
    for (const line of fromDocuments.body.goodsList) {
      expect(line).toMatchObject({
        customerCode: owner,
        goodsId: 'SKII-FTE-230',
        capital: '招商银行深圳分行',
        realFrozenStockNum: null,
        lockStockNum: null,
      });
    }

    const fromWarehouse = await inventory({ dataSource: '20', warehouseId: 'QHBW0001' });
    expect(fromWarehouse.body).toMatchObject({
      totalCount: 2,
      pageNo: 1,
      pageSize: 50,
      pageCount: 1,
      dataSource: '20',
    });
    expect(fromWarehouse.body.goodsList[0]).toEqual({
      warehouseId: 'QHBW0001',
      customerCode: owner,
      capital: '招商银行深圳分行',
      goodsId: 'SKII-FTE-230',
      goodsName: '护肤精华露',
      barCode: '4979006070262',
      batchCode: 'L2402A1',
      warehouseTime: '2024-03-05 18:20:00',
      productionTime: '2024-01-12',
      expireTime: '2027-01-11',
      realStockNum: 960,
      realFrozenStockNum: 300,
      lockStockNum: 120,
      stockType: '0',
      snapshotTime: '2024-03-31 23:59:59',
    });
    expect(
      (await inventory({ dataSource: '20', goodsId: 'MJ-A2-900' })).body.goodsList.map(
        (l: Json) => l.stockType,
      ),
    ).toEqual(['1']);

    const wrongName = await inventory({ dataSource: '20', customerName: '别的公司' });
    expect(wrongName.status).toBe(409);
    expect(wrongName.body.code).toBe('CUSTOMER_NAME_MISMATCH');
    const unknownSource = await inventory({ dataSource: 'WMS' });
    expect(unknownSource.status).toBe(400);
    expect(unknownSource.body.errors.map((e: Json) => e.path)).toEqual(['dataSource']);
  });
});
