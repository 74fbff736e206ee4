import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readCheckpoints, readOutbox } from '@tradelog/projections';
import { migrate } from '@tradelog/projections/migrate';
import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import type express from 'express';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../../processors/src/projections.ts';
import { createPushService, type PushService } from '../../processors/src/push/service.ts';
import { pushSettings } from '../../processors/src/push/settings.ts';
import { verifyPush } from '../../processors/src/push/signature.ts';
import { rebuildProjection } from '../../processors/src/rebuild/rebuild.ts';
import { createApp } from '../../query-api/src/app.ts';
import { noSmsSender } from '../../query-api/src/content/smsSenders.ts';
import { createProjectionRoutes } from '../../query-api/src/lenders/routes.ts';
import { createSubscriptionRoutes } from '../../query-api/src/subscriptions/routes.ts';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName, waitFor } from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';
import { dropPipelineState } from '../harness/pipelineTeardown.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { type ProjectionsUnderTest, startProjectionsUnderTest } from '../harness/projectionsUnderTest.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers and push bodies, checked field by field
type Json = any;

/** The lender's callback: a real HTTP server on loopback answering every push `{ok: true}`. */
async function startReceiver() {
  const pushes: { headers: Record<string, string | undefined>; body: string; at: number }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      pushes.push({
        headers: {
          'webhook-id': req.headers['webhook-id'] as string,
          'webhook-timestamp': req.headers['webhook-timestamp'] as string,
          'webhook-signature': req.headers['webhook-signature'] as string,
        },
        body: Buffer.concat(chunks).toString(),
        at: Math.floor(Date.now() / 1000),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/collateral`,
    pushes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Ingest → log → collateral projection (its own link-node chains) → outbox → changes → push, and
// the exposure query over it (processors/README.md "Collateral rules").
describe('collateral: double financing caught as it happens', () => {
  const services = testServices();
  const enterpriseA = examples.purchase.customerCode as string;
  const enterpriseB = '91330100MA2CX7L21K';
  const changesTopic = uniqueName('co-changes');
  const settings = pushSettings({
    consumerGroup: uniqueName('co-push'),
    bossSchema: uniqueName('co_boss'),
    allowlist: parseAllowlist(['127.0.0.1/32']),
    requestPollMs: 200,
  });
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let running: ProjectionsUnderTest | undefined;
  let push: PushService;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: ReturnType<express.Express['listen']>;
  let queryUrl: string;
  let documentTopics: string[] = [];
  const keys = { partner: '', lender: '' };
  const topicOf = (type: (typeof documentTypes)[number]['id']) =>
    ingest.topicOf(documentTypes.find((t) => t.id === type)!);

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'co');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 10 });
    keys.partner = (
      await createTestApiKey(pool, 'partner', {
        ownerId: 'partner-co',
        enterprises: [enterpriseA, enterpriseB],
      })
    ).key;
    // The lender finances enterprise A only.
    keys.lender = (
      await createTestApiKey(pool, 'lender', { ownerId: 'lender-co', enterprises: [enterpriseA] })
    ).key;
    ingest = await startIngestUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      keysDatabaseUrl: db.databaseUrl,
      topicSuffix: uniqueName('co'),
      logger: quietLogger,
    });
    documentTopics = documentTypes.map((type) => ingest.topicOf(type));
    running = await startProjectionsUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      pool,
      namespace: db.schema,
      topicOf,
      logger: quietLogger,
      clientId: 'co-processors',
      only: ['collateral'],
      changesTopic,
    });
    push = createPushService({
      brokers: services.kafkaBrokers,
      pool,
      databaseUrl: db.databaseUrl,
      changesTopic,
      settings,
      logger: quietLogger,
    });
    await push.start();
    receiver = await startReceiver();
    const app = createApp({
      logger: quietLogger,
      content: {
        pool,
        clock: { now: () => Date.now() },
        logger: quietLogger,
        product: 'tradelog',
        sendSms: noSmsSender,
      },
      routers: [
        createProjectionRoutes({ pool, namespace: db.schema }),
        createSubscriptionRoutes({ pool, callbackAllowlist: settings.allowlist }),
      ],
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    queryUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await push?.stop();
    await running?.stop();
    await ingest?.close();
    await receiver?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await dropPipelineState({
      kafkaBrokers: services.kafkaBrokers,
      changesTopic,
      pool,
      db,
      bossSchema: settings.bossSchema,
    });
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${queryUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.lender}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, Json> };
  };

  const submit = async (type: 'purchase' | 'inbound', document: Record<string, unknown>) => {
    const found = ingest.interfaces.find((intf) => intf.id === type);
    const response = await fetch(`${ingest.url}${found!.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
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
    await waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, documentTopics), {
      projections: ['collateral'],
      topicOf,
    });
    await waitFor(async () => (await readOutbox(pool, 'collateral', 1)).length === 0, {
      what: 'change events published',
    });
    const changesEnd = (await endOffsetsOf(services.kafkaBrokers, [changesTopic])).get(changesTopic) ?? [];
    await waitFor(
      async () => {
        const stored = new Map(
          (await readCheckpoints(pool, settings.consumerGroup)).map((c) => [
            c.partition,
            BigInt(c.nextOffset),
          ]),
        );
        return changesEnd.every((p) => (stored.get(p.partition) ?? BigInt(p.start)) >= BigInt(p.end));
      },
      { what: 'push processor past the end of the changes topic' },
    );
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
      callbackUrl: receiver.url,
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
    // Nothing of enterprise B is named to a lender of A.
    expect(JSON.stringify(answer)).not.toMatch(new RegExp(`${enterpriseB}|"FB"|POB|INB`));

    // Pushed to A's lender, signed, once per pairing: F1–F2 on the receipt and on the bill, and
    // each of F1 and F2 with B's financing on the bill (B not named).
    const subjects = receiver.pushes.map((p) => {
      const headers = p.headers;
      expect(verifyPush(secret, headers, p.body, p.at)).toBe(true);
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
    expect(receiver.pushes.map((p) => p.body).join()).not.toMatch(new RegExp(`${enterpriseB}|"FB"`));

    // The same documents again make no new pairing: still four pushes.
    await purchase(enterpriseA, 'PO2', 'F2', 'IN1');
    await inbound(enterpriseB, 'INB', 'W9', 'bl 77');
    expect(await waitForQuiet(subscriptionId)).toHaveLength(4);
    expect(receiver.pushes).toHaveLength(4);

    const alerts = await call('GET', '/open/info/collateral/alerts');
    expect(alerts.status).toBe(200);
    expect(alerts.body.alerts).toHaveLength(4);

    // A rebuild from the log compares equal, switches, and answers the same.
    const rebuilt = await rebuildProjection({
      brokers: services.kafkaBrokers,
      pool,
      codec: running!.codec,
      projection: projections.collateral,
      topicOf,
      namespace: db.schema,
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
    expect(receiver.pushes).toHaveLength(4);
  });
});
