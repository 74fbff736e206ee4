import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readCheckpoints, readOutbox } from '@tradelog/projections';
import { migrate } from '@tradelog/projections/migrate';
import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import type express from 'express';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushService, type PushService } from '../../processors/src/push/service.ts';
import { pushSettings } from '../../processors/src/push/settings.ts';
import { verifyPush } from '../../processors/src/push/signature.ts';
import { createApp } from '../../query-api/src/app.ts';
import { noSmsSender } from '../../query-api/src/content/smsSenders.ts';
import { createSubscriptionRoutes } from '../../query-api/src/subscriptions/routes.ts';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName, waitFor } from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';
import { dropPipelineState } from '../harness/pipelineTeardown.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { type ProjectionsUnderTest, startProjectionsUnderTest } from '../harness/projectionsUnderTest.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers and push bodies, checked field by field
type Json = any;

interface Push {
  headers: IncomingHttpHeaders;
  body: string;
  receivedAtSeconds: number;
}

/** The lender's callback: a real HTTP server on loopback that answers every push with `{ok: true}`. */
async function startReceiver() {
  const pushes: Push[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      pushes.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        receivedAtSeconds: Math.floor(Date.now() / 1000),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tradelog/changes?token=lender-token`,
    pushes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const signedHeaders = (headers: IncomingHttpHeaders) => ({
  'webhook-id': headers['webhook-id'] as string | undefined,
  'webhook-timestamp': headers['webhook-timestamp'] as string | undefined,
  'webhook-signature': headers['webhook-signature'] as string | undefined,
});

// A lender subscribes through query-api; a partner's purchase goes through ingest, the log, the
// order-status projection, its outbox and the changes topic to the push service, which calls the
// lender back, signed (query spec §3, §5, §8; processors/src/push/README.md).
describe('lender push: subscribe, submit, get pushed', () => {
  const services = testServices();
  const enterprise = examples.purchase.customerCode as string;
  const purchaseNo = examples.purchase.entOrderNo as string;
  const changesTopic = uniqueName('lp-changes');
  const settings = pushSettings({
    consumerGroup: uniqueName('lp-push'),
    bossSchema: uniqueName('lp_boss'),
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
  const followed = ['order-status', 'link-node', 'enterprise-feeds'] as const;

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'lp');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 10 });
    keys.partner = (await createTestApiKey(pool, 'partner', { ownerId: 'partner-lp' })).key;
    keys.lender = (
      await createTestApiKey(pool, 'lender', { ownerId: 'lender-lp', enterprises: [enterprise] })
    ).key;
    ingest = await startIngestUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      keysDatabaseUrl: db.databaseUrl,
      topicSuffix: uniqueName('lp'),
      logger: quietLogger,
    });
    documentTopics = documentTypes.map((type) => ingest.topicOf(type));
    // Projections that publish change events of an enterprise, as processors' main runs them: a
    // subscription to order-status must not be pushed link-node's chain events.
    running = await startProjectionsUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      pool,
      namespace: db.schema,
      topicOf: (type) => ingest.topicOf(documentTypes.find((t) => t.id === type)!),
      logger: quietLogger,
      clientId: 'lp-processors',
      only: [...followed],
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
      routers: [createSubscriptionRoutes({ pool, callbackAllowlist: settings.allowlist })],
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

  const submitPurchase = async (orderStatus: string) => {
    const purchase = ingest.interfaces.find((intf) => intf.id === 'purchase');
    const response = await fetch(`${ingest.url}${purchase!.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
      body: JSON.stringify({ ...examples.purchase, orderStatus }),
    });
    expect(response.status).toBe(200);
  };

  /**
   * Everything submitted so far has had every consequence it will have: the projections applied
   * it (checkpoints past the document topics' ends), published its change events (outboxes empty),
   * the push service matched them (its checkpoint past the changes topic's end: deliveries and
   * jobs commit with it), and no delivery is still open.
   */
  const waitForQuiet = async (subscriptionId: string) => {
    await waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, documentTopics), {
      projections: followed,
      topicOf: (type) => ingest.topicOf(documentTypes.find((t) => t.id === type)!),
    });
    await waitFor(
      async () => {
        for (const projection of followed)
          if ((await readOutbox(pool, projection, 1)).length > 0) return false;
        return true;
      },
      { what: 'change events published' },
    );
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

  const expectSigned = (push: Push, secret: string) => {
    const headers = signedHeaders(push.headers);
    expect(verifyPush(secret, headers, push.body, push.receivedAtSeconds)).toBe(true);
    // The signature covers the body: one changed byte and it no longer verifies.
    expect(verifyPush(secret, headers, `${push.body} `, push.receivedAtSeconds)).toBe(false);
    return JSON.parse(push.body) as Json;
  };

  it('pushes one signed order-status change per status, none for a resubmission, with growing sequences', async () => {
    const created = await call('POST', '/subscriptions/changes', {
      enterprise,
      projections: ['order-status'],
      callbackUrl: receiver.url,
    });
    expect(created.status).toBe(200);
    const { id: subscriptionId, secret } = created.body.subscription;
    expect(secret).toMatch(/^whsec_/);

    // A new purchase: the order appears with its status, one push.
    await submitPurchase('10');
    const [first] = await waitFor(() => (receiver.pushes.length >= 1 ? receiver.pushes : undefined), {
      what: 'the first push',
    });
    const created_ = expectSigned(first!, secret);
    expect(created_).toMatchObject({
      eventId: first!.headers['webhook-id'],
      type: 'order.created',
      projection: 'order-status',
      enterprise,
      subject: `purchase/${purchaseNo}`,
      data: { kind: 'purchase', orderNo: purchaseNo, status: '10' },
    });
    expect(first!.headers['retry-count']).toBe('0');
    expect(first!.headers['tradelog-sequence']).toBe(String(created_.sequence));

    // The same purchase again: no status change, so once everything it causes has happened,
    // still one push (and one delivery: link-node's chain events matched nothing).
    await submitPurchase('10');
    const settled = await waitForQuiet(subscriptionId);
    expect(settled).toHaveLength(1);
    expect(receiver.pushes).toHaveLength(1);

    // Completed: a second push, for the same subject, with a higher sequence.
    await submitPurchase('20');
    const [, second] = await waitFor(() => (receiver.pushes.length >= 2 ? receiver.pushes : undefined), {
      what: 'the second push',
    });
    const changed = expectSigned(second!, secret);
    expect(changed).toMatchObject({
      type: 'order.status-changed',
      projection: 'order-status',
      enterprise,
      subject: `purchase/${purchaseNo}`,
      data: { kind: 'purchase', orderNo: purchaseNo, from: '10', to: '20' },
    });
    expect(changed.eventId).not.toBe(created_.eventId);
    expect(changed.sequence).toBeGreaterThan(created_.sequence);
    expect(Number(second!.headers['tradelog-sequence'])).toBe(changed.sequence);

    const deliveries = await waitForQuiet(subscriptionId);
    expect(deliveries.map((d: Json) => [d.eventKind, d.sequence]).sort()).toEqual(
      [
        ['order.created', created_.sequence],
        ['order.status-changed', changed.sequence],
      ].sort(),
    );
    expect(receiver.pushes).toHaveLength(2);
  });

  // The sources a subscription may name are the change contract's (schemas/src/changes/contract.ts):
  // enterprise feeds can be named, and a subscription naming none follows them too.
  it('accepts enterprise-feeds by name and pushes a tax report to it, and to a subscription naming no source', async () => {
    const feeds = await startReceiver();
    const every = await startReceiver();
    try {
      const named = await call('POST', '/subscriptions/changes', {
        enterprise,
        projections: ['enterprise-feeds'],
        callbackUrl: feeds.url,
      });
      expect(named.status).toBe(200);
      const unnamed = await call('POST', '/subscriptions/changes', { enterprise, callbackUrl: every.url });
      expect(unnamed.status).toBe(200);

      const tax = documentTypes.find((type) => type.id === 'taxInformation')!;
      const submitted = await fetch(`${ingest.url}${tax.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
        body: JSON.stringify({ ...examples.taxInformation, nsrsbh: enterprise }),
      });
      expect(submitted.status).toBe(200);

      for (const [receiver, subscription] of [
        [feeds, named],
        [every, unnamed],
      ] as const) {
        const [push] = await waitFor(() => (receiver.pushes.length >= 1 ? receiver.pushes : undefined), {
          what: 'an enterprise-feeds push',
        });
        expect(expectSigned(push!, subscription.body.subscription.secret)).toMatchObject({
          type: 'tax.reported',
          projection: 'enterprise-feeds',
          enterprise,
        });
      }
      await waitForQuiet(named.body.subscription.id);
      expect(feeds.pushes).toHaveLength(1);
    } finally {
      await feeds.close();
      await every.close();
    }
  });
});
