import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServices } from '../harness/index.ts';
import type { IngestUnderTest } from '../harness/ingestUnderTest.ts';
import { type PipelineUnderTest, startPipelineUnderTest } from '../harness/pipelineUnderTest.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field with expect
type Json = any;

// Sales to business and to consumer in the shape of query spec §3, every submitted field
// included, orders without a status visible, and §7 paging holding while orders keep arriving.
describe('sales queries through ingest and order-status', () => {
  const services = testServices();
  const owner = examples.saleOrderToB.customerCode as string;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let queryUrl: string;
  let pipeline: PipelineUnderTest;
  const keys = { partner: '', lender: '' };
  const topicOf = (type: string) => ingest.topicOf(documentTypes.find((t) => t.id === type)!);

  beforeAll(async () => {
    pipeline = await startPipelineUnderTest({
      prefix: 'so',
      projections: ['order-status'],
      keys: {
        // Granted the declaring firm its consumer orders name too (ingest/README.md "Partner grants").
        partner: {
          kind: 'partner',
          enterprises: [owner, examples.saleOrderToC.orderList[0]!.declareCode as string],
        },
        lender: { kind: 'lender', enterprises: [owner] },
      },
    });
    ({ pool, ingest, queryUrl } = pipeline);
    Object.assign(keys, pipeline.keys);
  });

  afterAll(async () => {
    await pipeline?.close();
  });

  const submit = async (type: 'saleOrderToB' | 'saleOrderToC', document: unknown) => {
    const path = ingest.interfaces.find((intf) => intf.id === type)!.path;
    const response = await fetch(`${ingest.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
      body: JSON.stringify(document),
    });
    expect(response.status, type).toBe(200);
  };

  const applied = async () => {
    const topics = ['saleOrderToB', 'saleOrderToC'].map(topicOf);
    await waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, topics), {
      projections: ['order-status'],
      topicOf: (type) => topicOf(type),
    });
  };

  const query = async (path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${queryUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.lender}` },
      body: JSON.stringify({ enterpriseId: owner, ...body }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Json;
  };

  const consumerOrder = (entOrderNo: string, extra: Record<string, unknown> = {}) => ({
    ...examples.saleOrderToC.orderList[0],
    entOrderNo,
    ...extra,
  });

  it('answers every submitted field, priceTax and price of each line, shop, and orders without a status', async () => {
    await submit('saleOrderToB', {
      ...examples.saleOrderToB,
      goodsList: [{ ...examples.saleOrderToB.goodsList![0], priceTax: 243.8, price: 215 }],
    });
    const { orderStatus: _status, ...statusless } = consumerOrder('TM-NOSTATUS-1');
    await submit('saleOrderToC', {
      customerCode: owner,
      orderList: [consumerOrder('TM-SHOP-1', { shop: '优品海外旗舰店' }), statusless],
    });
    await applied();

    const toB = await query('/open/info/enterprise/sales-to-business', {
      beginDate: '2024-03-01',
      endDate: '2024-03-31',
    });
    expect(toB.dataList).toHaveLength(1);
    expect(toB.dataList[0]).toMatchObject({
      entOrderNo: examples.saleOrderToB.entOrderNo,
      contractNo: 'YP-HZ-2024-006',
      poOrderNo: 'HZBL-PO-240320-77',
      wmsOrderNo: 'WMS-QH-240321-044',
      salesQty: 300,
      salesAmount: 64500,
      currency: 'CNY',
      orderStatus: '10',
      orderState: 'AWAITING_SHIPMENT',
    });
    expect(toB.dataList[0].goodsList).toEqual([
      {
        goodsName: 'a2 至初婴儿配方奶粉 1段 900g',
        barCode: '9421902960017',
        qty: 300,
        priceTax: 243.8,
        price: 215,
      },
    ]);

    const toC = await query('/open/info/enterprise/sales-to-consumer', {
      beginDate: '2024-03-18',
      endDate: '2024-03-18',
    });
    const byNo = new Map(toC.dataList.map((order: Json) => [order.entOrderNo, order]));
    expect(byNo.get('TM-SHOP-1')).toMatchObject({
      platformOrderNo: '3786215549021873',
      shop: '优品海外旗舰店',
      logisticsName: '中通快递',
      shippingFee: 0,
      taxFee: 71.85,
      totalAmount: 861.85,
      orderStatus: '20',
      orderState: 'SHIPPED',
    });
    expect((byNo.get('TM-SHOP-1') as Json).goodsList).toEqual([
      { barCode: '4979006070262', goodsName: 'SK-II 护肤精华露 230ml', qty: 1, priceTax: 861.85, price: 790 },
    ]);
    // Without a shop of its own, the platform it was sold on; without a status, visible with null.
    expect(byNo.get('TM-NOSTATUS-1')).toMatchObject({
      shop: '天猫国际',
      orderStatus: null,
      orderState: null,
    });
  });

  it('pages until a short page without missing or repeating an order while orders keep arriving', async () => {
    const day = '2025-05-05';
    const at = (hour: number) => `${day} ${String(hour).padStart(2, '0')}:00:00`;
    const batch = (prefix: string, hours: number[]) => ({
      customerCode: owner,
      orderList: hours.map((hour, i) => consumerOrder(`${prefix}-${i}`, { orderTime: at(hour) })),
    });
    await submit('saleOrderToC', batch('PG-A', [20, 21, 22]));
    await applied();
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const answer = await query('/open/info/enterprise/sales-to-consumer', {
        beginDate: day,
        endDate: day,
        page,
        pageSize: 2,
      });
      seen.push(...answer.dataList.map((order: Json) => order.entOrderNo));
      if (page === 1) {
        // Earlier in the day than everything read so far.
        await submit('saleOrderToC', batch('PG-B', [1, 2]));
        await applied();
      }
      if (answer.dataList.length < 2) break;
    }
    expect(seen).toEqual(['PG-A-0', 'PG-A-1', 'PG-A-2', 'PG-B-0', 'PG-B-1']);
  });
});
