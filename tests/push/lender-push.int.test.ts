import { verifyPush } from '@tradelog/projections/push/signature';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedPush, signedHeaders, startCallbackReceiver } from '../harness/callbackReceiver.ts';
import { waitFor } from '../harness/index.ts';
import { type FedPushPipeline, startPushPipeline } from '../harness/pushPipeline.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers and push bodies, checked field by field
type Json = any;

// A lender subscribes through query-api; a partner's purchase goes through ingest, the log, the
// order-status projection, its outbox and the changes topic to the push service, which calls the
// lender back, signed (query spec §3, §5, §8; projections/src/push/README.md).
describe('lender push: subscribe, submit, get pushed', () => {
  const enterprise = examples.purchase.customerCode as string;
  const purchaseNo = examples.purchase.entOrderNo as string;
  const followed = ['order-status', 'link-node', 'enterprise-feeds'] as const;
  let pipeline: FedPushPipeline<'partner' | 'lender'>;

  beforeAll(async () => {
    pipeline = await startPushPipeline({
      prefix: 'lp',
      keys: {
        partner: { kind: 'partner', ownerId: 'partner-lp' },
        lender: { kind: 'lender', ownerId: 'lender-lp', enterprises: [enterprise] },
      },
      // Projections that publish change events of an enterprise, as processors' main runs them: a
      // subscription to order-status must not be pushed link-node's chain events.
      projections: followed,
      receiver: { path: '/tradelog/changes?token=lender-token' },
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

  const submitPurchase = async (orderStatus: string) => {
    const purchase = pipeline.ingest.interfaces.find((intf) => intf.id === 'purchase');
    const response = await fetch(`${pipeline.ingest.url}${purchase!.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pipeline.keys.partner}` },
      body: JSON.stringify({ ...examples.purchase, orderStatus }),
    });
    expect(response.status).toBe(200);
  };

  /** Everything submitted so far has had every consequence it will have: matched, and no delivery still open. */
  const waitForQuiet = async (subscriptionId: string) => {
    await pipeline.waitForChangesMatched(followed);
    return waitFor(
      async () => {
        const { body } = await call('GET', `/subscriptions/${subscriptionId}/deliveries`);
        return body.dataList.every((d: Json) => d.state === 'delivered') ? body.dataList : undefined;
      },
      { what: 'every delivery settled' },
    );
  };

  const expectSigned = (push: ReceivedPush, secret: string) => {
    const headers = signedHeaders(push);
    expect(verifyPush(secret, headers, push.body, push.atSeconds)).toBe(true);
    // The signature covers the body: one changed byte and it no longer verifies.
    expect(verifyPush(secret, headers, `${push.body} `, push.atSeconds)).toBe(false);
    return JSON.parse(push.body) as Json;
  };

  it('pushes one signed order-status change per status, none for a resubmission, with growing sequences', async () => {
    const created = await call('POST', '/subscriptions/changes', {
      enterprise,
      projections: ['order-status'],
      callbackUrl: pipeline.receiver.url(),
    });
    expect(created.status).toBe(200);
    const { id: subscriptionId, secret } = created.body.subscription;
    expect(secret).toMatch(/^whsec_/);

    // A new purchase: the order appears with its status, one push.
    await submitPurchase('10');
    const [first] = await waitFor(
      () => (pipeline.receiver.pushes.length >= 1 ? pipeline.receiver.pushes : undefined),
      {
        what: 'the first push',
      },
    );
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
    expect(pipeline.receiver.pushes).toHaveLength(1);

    // Completed: a second push, for the same subject, with a higher sequence.
    await submitPurchase('20');
    const [, second] = await waitFor(
      () => (pipeline.receiver.pushes.length >= 2 ? pipeline.receiver.pushes : undefined),
      {
        what: 'the second push',
      },
    );
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
    expect(pipeline.receiver.pushes).toHaveLength(2);
  });

  // The sources a subscription may name are the change contract's (schemas/src/changes/contract.ts):
  // enterprise feeds can be named, and a subscription naming none follows them too.
  it('accepts enterprise-feeds by name and pushes a tax report to it, and to a subscription naming no source', async () => {
    const feeds = await startCallbackReceiver({ path: '/tradelog/changes?token=lender-token' });
    const every = await startCallbackReceiver({ path: '/tradelog/changes?token=lender-token' });
    try {
      const named = await call('POST', '/subscriptions/changes', {
        enterprise,
        projections: ['enterprise-feeds'],
        callbackUrl: feeds.url(),
      });
      expect(named.status).toBe(200);
      const unnamed = await call('POST', '/subscriptions/changes', { enterprise, callbackUrl: every.url() });
      expect(unnamed.status).toBe(200);

      const tax = documentTypes.find((type) => type.id === 'taxInformation')!;
      const submitted = await fetch(`${pipeline.ingest.url}${tax.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${pipeline.keys.partner}` },
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
