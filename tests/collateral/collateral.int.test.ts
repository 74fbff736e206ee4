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

// Ingest → log → collateral projection (its own link-node chains) → outbox → changes → push, and
// the exposure query over it (processors/README.md "Collateral rules").
describe('collateral: double financing caught as it happens', () => {
  const services = testServices();
  const enterpriseA = examples.purchase.customerCode as string;
  const enterpriseB = '91330100MA2CX7L21K';
  let pipeline: FedPushPipeline<'partner' | 'lender'>;

  beforeAll(async () => {
    pipeline = await startPushPipeline({
      prefix: 'co',
      keys: {
        partner: { kind: 'partner', ownerId: 'partner-co', enterprises: [enterpriseA, enterpriseB] },
        // The lender finances enterprise A only.
        lender: { kind: 'lender', ownerId: 'lender-co', enterprises: [enterpriseA] },
      },
      projections: ['collateral'],
      routers: ({ pool, namespace }) => [createProjectionRoutes({ pool, namespace })],
      receiver: { path: '/collateral' },
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

  const submit = async (type: 'purchase' | 'inbound', document: Record<string, unknown>) => {
    const found = pipeline.ingest.interfaces.find((intf) => intf.id === type);
    const response = await fetch(`${pipeline.ingest.url}${found!.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pipeline.keys.partner}` },
      body: JSON.stringify(document),
    });
    expect(response.status, await response.text()).toBe(200);
  };
  // Without the example's contract number: every purchase here would otherwise pledge the same contract.
  const { contractNo: _contractNo, ...purchaseExample } = examples.purchase;
  const purchase = (customerCode: string, entOrderNo: string, financingOrderNo: string, wmsOrderNo: string) =>
    submit('purchase', {
      ...purchaseExample,
      customerCode,
      entOrderNo,
      financingOrderNo,
      wmsOrderNo,
      orderStatus: '10',
    });
  const inbound = (customerCode: string, entOrderNo: string, warehouseId: string, billNo: string) =>
    submit('inbound', { ...examples.inbound, customerCode, entOrderNo, warehouseId, billNo });

  /** Everything submitted has been applied, published, matched and delivered. */
  const waitForQuiet = async (subscriptionId: string) => {
    await pipeline.waitForChangesMatched(['collateral']);
    return waitFor(
      async () => {
        const { body } = await call('GET', `/subscriptions/${subscriptionId}/deliveries`);
        return body.dataList.every((d: Json) => d.state === 'delivered') ? body.dataList : undefined;
      },
      { what: 'every delivery settled' },
    );
  };

  const exposure = async (documentsNo: string) => {
    const { status, body } = await call('POST', '/open/info/collateral/exposure', {
      customerCode: enterpriseA,
      documentsType: '10',
      documentsNo,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const { freshness: _freshness, ...answer } = body;
    return answer;
  };

  it('reports a warehouse order and a bill of lading behind two financings, pushes each pairing once, and a rebuild answers the same', async () => {
    const created = await call('POST', '/subscriptions/changes', {
      enterprise: enterpriseA,
      projections: ['collateral'],
      callbackUrl: pipeline.receiver.url(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id: subscriptionId, secret } = created.body.subscription;

    // A finances purchase PO1 (F1) against warehouse order IN1, whose inbound carries bill BL-77.
    await purchase(enterpriseA, 'PO1', 'F1', 'IN1');
    await inbound(enterpriseA, 'IN1', 'W1', 'BL-77');
    // A second purchase names the same warehouse order under another financing (F2).
    await purchase(enterpriseA, 'PO2', 'F2', 'IN1');
    // Another enterprise's inbound carries the same bill (written differently), under its financing FB.
    await purchase(enterpriseB, 'POB', 'FB', 'INB');
    await inbound(enterpriseB, 'INB', 'W9', 'bl 77');
    const settled = await waitForQuiet(subscriptionId);

    const answer = await exposure('F2');
    expect(answer.financing).toMatchObject({ customerCode: enterpriseA, financingOrderNo: 'F2', open: true });
    const byKind = Object.fromEntries(answer.collateral.map((piece: Json) => [piece.kind, piece]));
    expect(byKind.warehouseReceipt).toMatchObject({
      number: 'IN1',
      warehouse: 'W1',
      otherFinancings: 1,
      grantedFinancings: [{ customerCode: enterpriseA, financingOrderNo: 'F1' }],
      undisclosedFinancings: 0,
    });
    expect(byKind.billOfLading).toMatchObject({
      number: 'BL77',
      otherFinancings: 2,
      grantedFinancings: [{ customerCode: enterpriseA, financingOrderNo: 'F1' }],
      undisclosedFinancings: 1,
    });
    expect(byKind.billOfLading.provenance.documentType).toBe('inbound');
    // In pages of pieces (query-api README "Collateral exposure"): the counts are the chain's,
    // whatever the page; pages of one piece hold the same pieces in the same order.
    const reused = answer.collateral.filter((piece: Json) => piece.otherFinancings > 0);
    expect(reused.length).toBeGreaterThanOrEqual(2);
    expect(answer).toMatchObject({
      page: 1,
      pageSize: 1000,
      totalCount: answer.collateral.length,
      reusedCount: reused.length,
    });
    const onePerPage: Json[] = [];
    for (let page = 1; page <= answer.collateral.length + 1; page++) {
      const paged = await call('POST', '/open/info/collateral/exposure', {
        customerCode: enterpriseA,
        documentsType: '10',
        documentsNo: 'F2',
        page,
        pageSize: 1,
      });
      expect(paged.status).toBe(200);
      expect(paged.body).toMatchObject({
        page,
        pageSize: 1,
        totalCount: answer.totalCount,
        reusedCount: reused.length,
      });
      onePerPage.push(...paged.body.collateral);
    }
    expect(onePerPage).toEqual(answer.collateral);
    // Nothing of enterprise B is named to a lender of A.
    expect(JSON.stringify(answer)).not.toMatch(new RegExp(`${enterpriseB}|"FB"|POB|INB`));

    // Pushed to A's lender, signed, once per pairing: F1–F2 on the receipt and on the bill, and
    // each of F1 and F2 with B's financing on the bill (B not named).
    const subjects = pipeline.receiver.pushes.map((p) => {
      const headers = signedHeaders(p);
      expect(verifyPush(secret, headers, p.body, p.atSeconds)).toBe(true);
      return JSON.parse(p.body) as Json;
    });
    expect(
      subjects.every((body) => body.type === 'collateral.reused' && body.enterprise === enterpriseA),
    ).toBe(true);
    expect(subjects.map((body) => body.subject).sort()).toEqual([
      'financing/F1/billOfLading/BL77/other-enterprise',
      'financing/F1/billOfLading/BL77/with/F2',
      'financing/F1/warehouseReceipt/W1/IN1/with/F2',
      'financing/F2/billOfLading/BL77/other-enterprise',
    ]);
    expect(settled).toHaveLength(4);
    expect(pipeline.receiver.pushes.map((p) => p.body).join()).not.toMatch(new RegExp(`${enterpriseB}|"FB"`));

    // The same documents again make no new pairing: still four pushes.
    await purchase(enterpriseA, 'PO2', 'F2', 'IN1');
    await inbound(enterpriseB, 'INB', 'W9', 'bl 77');
    expect(await waitForQuiet(subscriptionId)).toHaveLength(4);
    expect(pipeline.receiver.pushes).toHaveLength(4);

    const alerts = await call('GET', '/open/info/collateral/alerts');
    expect(alerts.status).toBe(200);
    expect(alerts.body.alerts).toHaveLength(4);

    // A rebuild from the log compares equal, switches, and answers the same.
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
    await waitFor(
      async () =>
        (
          await call('POST', '/open/info/collateral/exposure', {
            customerCode: enterpriseA,
            documentsType: '10',
            documentsNo: 'F2',
          })
        ).body.freshness?.version === rebuilt.version.version,
      { what: 'readers on the rebuilt version' },
    );
    expect(await exposure('F2')).toEqual(answer);
    expect(pipeline.receiver.pushes).toHaveLength(4);
  });
});
