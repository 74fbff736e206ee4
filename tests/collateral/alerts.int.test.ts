import { verifyPush } from '@tradelog/projections/push/signature';
import { examples } from '@tradelog/schemas/documents/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../../processors/src/projections.ts';
import { rebuildProjection } from '../../processors/src/rebuild/rebuild.ts';
import { createProjectionRoutes } from '../../query-api/src/lenders/routes.ts';
import { signedHeaders } from '../harness/callbackReceiver.ts';
import { quietLogger, testServices, waitFor } from '../harness/index.ts';
import { type FedPushPipeline, startPushPipeline } from '../harness/pushPipeline.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers and push bodies, checked field by field
type Json = any;

// Ingest → log → collateral projection (receipts, stock, releases, coverage) → outbox → changes →
// push to the subscriptions that asked, and the portfolio listing the open alerts
// (processors/README.md "Release and coverage alerts").
describe('release and low-coverage alerts, end to end', () => {
  const services = testServices();
  const enterprise = examples.purchase.customerCode as string;
  let pipeline: FedPushPipeline<'partner' | 'lender'>;

  beforeAll(async () => {
    pipeline = await startPushPipeline({
      prefix: 'al',
      keys: {
        partner: { kind: 'partner', ownerId: 'partner-al', enterprises: [enterprise] },
        lender: { kind: 'lender', ownerId: 'lender-al', enterprises: [enterprise] },
      },
      // The portfolio reads the stock behind receipts from enterprise data.
      projections: ['collateral', 'enterprise-data'],
      routers: ({ pool, namespace }) => [createProjectionRoutes({ pool, namespace })],
      receiver: { path: '/alerts' },
    });
  });

  afterAll(() => pipeline?.stop());

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${pipeline.queryUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pipeline.keys.lender}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, Json> };
  };

  const submit = async (type: 'purchase' | 'inbound' | 'outbound', document: Record<string, unknown>) => {
    const found = pipeline.ingest.interfaces.find((intf) => intf.id === type);
    const response = await fetch(`${pipeline.ingest.url}${found!.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pipeline.keys.partner}` },
      body: JSON.stringify(document),
    });
    expect(response.status, await response.text()).toBe(200);
  };
  const { contractNo: _contractNo, ...purchaseExample } = examples.purchase;
  const purchase = (orderStatus: '10' | '20') =>
    submit('purchase', {
      ...purchaseExample,
      customerCode: enterprise,
      entOrderNo: 'PO-AL-1',
      financingOrderNo: 'F-AL-1',
      wmsOrderNo: 'IN-AL-1',
      purchaseAmount: 1000,
      orderStatus,
    });
  // One line of goods G1, lot L1: 100 at 10 each, worth the purchase amount.
  const goods = (qty: number, extra: Record<string, unknown> = {}) => [
    {
      ...(examples.inbound.goodsList as unknown as Record<string, unknown>[])[0],
      entGoodsNo: 'G-AL-1',
      lotNo: 'L-AL-1',
      declareQty: qty,
      declareUnitPrice: 10,
      declareTotalPrice: qty * 10,
      ...extra,
    },
  ];
  const inbound = () =>
    submit('inbound', {
      ...examples.inbound,
      customerCode: enterprise,
      entOrderNo: 'IN-AL-1',
      warehouseId: 'W-AL',
      goodsList: goods(100),
    });
  const outbound = (entOrderNo: string, qty: number) =>
    submit('outbound', {
      ...examples.outbound,
      customerCode: enterprise,
      entOrderNo,
      warehouseId: 'W-AL',
      goodsList: goods(qty, { actualQty: qty }),
    });

  /**
   * Each document is applied before the next is sent, as documents minutes apart are: which
   * document a release names depends on the order the projection reads them in
   * (processors/README.md "Release and coverage alerts": order of reading).
   */
  const applied = () => pipeline.waitForChangesMatched(['collateral']);

  /** Everything submitted has been applied, published, matched and delivered. */
  const settled = async (subscriptionId: string) => {
    await pipeline.waitForChangesMatched(['collateral']);
    return waitFor(
      async () => {
        const { body } = await call('GET', `/subscriptions/${subscriptionId}/deliveries`);
        return body.dataList.every((d: Json) => d.state === 'delivered') ? body.dataList : undefined;
      },
      { what: 'every delivery settled' },
    );
  };
  const pushed = () => pipeline.receiver.pushesTo('/alerts').map((p) => JSON.parse(p.body) as Json);
  const portfolioRow = async () => {
    const { status, body } = await call('GET', '/open/portfolio');
    expect(status, JSON.stringify(body)).toBe(200);
    return body.dataList.find((row: Json) => row.financingOrderNo === 'F-AL-1');
  };

  it('an outbound from a pledged receipt while the financing is open is released once and listed; coverage.low fires once under the lender’s threshold; nothing once repaid; a rebuild agrees', async () => {
    // The lender sets its own threshold for the enterprise (kept in Postgres).
    const set = await call('PUT', '/open/portfolio/coverage-thresholds', {
      customerCode: enterprise,
      threshold: 0.8,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.thresholds).toMatchObject([{ enterprise, threshold: 0.8 }]);
    expect(
      (
        await call('PUT', '/open/portfolio/coverage-thresholds', {
          customerCode: 'NOT-GRANTED',
          threshold: 1,
        })
      ).status,
    ).toBe(403);

    const asks = await call('POST', '/subscriptions/changes', {
      enterprise,
      projections: ['collateral'],
      kinds: ['collateral.released', 'coverage.low'],
      callbackUrl: pipeline.receiver.url('/alerts'),
    });
    expect(asks.status, JSON.stringify(asks.body)).toBe(200);
    const { id: subscriptionId, secret } = asks.body.subscription;
    // A subscription to collateral that names no kinds: reuse only, no alert kinds.
    const reuseOnly = await call('POST', '/subscriptions/changes', {
      enterprise,
      projections: ['collateral'],
      callbackUrl: pipeline.receiver.url('/reuse'),
    });
    expect(reuseOnly.status).toBe(200);

    await purchase('10');
    await applied();
    await inbound();
    await applied();
    await outbound('OUT-AL-1', 30); // 100 → 70 left: coverage 1 → 0.7, under 0.8
    await settled(subscriptionId);

    const first = pushed();
    for (const push of pipeline.receiver.pushesTo('/alerts'))
      expect(verifyPush(secret, signedHeaders(push), push.body, push.atSeconds)).toBe(true);
    expect(first.map((body) => body.type).sort()).toEqual(['collateral.released', 'coverage.low']);
    const released = first.find((body) => body.type === 'collateral.released');
    expect(released).toMatchObject({
      projection: 'collateral',
      enterprise,
      subject: 'receipt/WAL/INAL1',
      data: {
        collateral: { kind: 'warehouseReceipt', warehouse: 'WAL', number: 'INAL1' },
        financingOrderNos: ['F-AL-1'],
        cause: { kind: 'outbound', documentType: 'outbound', orderNo: 'OUT-AL-1' },
        stockLeft: { before: { qty: 100, value: 1000 }, after: { qty: 70, value: 700 } },
      },
    });
    expect(first.find((body) => body.type === 'coverage.low')).toMatchObject({
      data: {
        financingOrderNo: 'F-AL-1',
        threshold: 0.8,
        coverage: { before: 1, after: 0.7 },
        stockValue: 700,
      },
    });

    // The same outbound again (a partner's resubmission) and a second one while still low: the
    // first releases nothing, the second releases once, and coverage.low does not fire again.
    await outbound('OUT-AL-1', 30);
    await applied();
    await outbound('OUT-AL-2', 10);
    await settled(subscriptionId);
    const second = pushed();
    expect(second.map((body) => [body.type, body.data.cause?.orderNo]).sort()).toEqual([
      ['collateral.released', 'OUT-AL-1'],
      ['collateral.released', 'OUT-AL-2'],
      ['coverage.low', 'OUT-AL-1'],
    ]);
    expect(pipeline.receiver.pushesTo('/reuse')).toEqual([]);

    // The portfolio lists both releases and the low coverage, against the lender's threshold.
    const row = await portfolioRow();
    expect(row.alerts.map((alert: Json) => [alert.kind, alert.document.documentType]).sort()).toEqual([
      ['collateral.released', 'outbound'],
      ['collateral.released', 'outbound'],
      ['coverage.low', 'outbound'],
    ]);
    expect(row.alerts.find((alert: Json) => alert.kind === 'coverage.low')).toMatchObject({
      threshold: 0.8,
      coverage: 0.6,
    });
    expect(row.coverage).toBe(0.6);

    // A rebuild from the log compares equal, switches, and publishes nothing again.
    const rebuilt = await rebuildProjection({
      brokers: services.kafkaBrokers,
      pool: pipeline.pool,
      codec: pipeline.projections.codec,
      projection: projections.collateral,
      topicOf: pipeline.topicOf,
      namespace: pipeline.db.schema,
      logger: quietLogger,
      progressIntervalMs: 300,
    });
    expect(
      rebuilt.progress.comparison?.filter((t) => t.rowsA !== t.rowsB || t.differingKeys.length > 0),
    ).toEqual([]);
    expect(rebuilt.switched).toBe(true);

    // Repaid: the financing no longer holds the receipt; an outbound releases nothing.
    await purchase('20');
    await applied();
    await outbound('OUT-AL-3', 10);
    await settled(subscriptionId);
    expect(pushed().slice(3)).toEqual([]);
    expect(await portfolioRow()).toBeUndefined();
  });
});
