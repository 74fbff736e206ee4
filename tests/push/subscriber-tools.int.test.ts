import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedPush, signedHeaders } from '../harness/callbackReceiver.ts';
import { waitFor } from '../harness/index.ts';
import { type PushPipeline, startPushPipeline } from '../harness/pushPipeline.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field
type Json = any;

/** Verified by the Standard Webhooks reference library; false when it refuses. */
const verifies = (secret: string, push: ReceivedPush) => {
  try {
    new Webhook(secret).verify(push.body, signedHeaders(push));
    return true;
  } catch {
    return false;
  }
};

// Subscriber tools (query-api README "Subscriber tools") against the real push service: query-api
// writes, the push service delivers through its claim, signature, guard and record.
describe('subscriber tools: update, test push, secret rotation, recovery, stats', () => {
  const enterprise = '91310000MA1FL0001X';
  let id = '';
  let secret = '';
  /** While set, the receiver answers 500 (no `retriable`: pushed once, dead). */
  let failing = false;
  let pipeline: PushPipeline<'lender' | 'other'>;

  beforeAll(async () => {
    pipeline = await startPushPipeline({
      prefix: 'st',
      keys: {
        lender: { kind: 'lender', ownerId: 'bank-st', enterprises: [enterprise] },
        other: { kind: 'lender', ownerId: 'bank-other', enterprises: [enterprise] },
      },
      poolSize: 8,
      settings: { requestPollMs: 100 },
      receiver: {
        reply: () => (failing ? { status: 500, body: 'receiver down' } : { status: 200, body: { ok: true } }),
      },
    });
  });

  afterAll(() => pipeline?.stop());

  const call = async (method: string, path: string, body?: unknown, key = pipeline.keys.lender) => {
    const response = await fetch(`${pipeline.queryUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        authorization: `Bearer ${key}`,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('changes the callback through the creation guard, pauses and resumes; owner only', async () => {
    const created = await call('POST', '/subscriptions/changes', {
      enterprise,
      callbackUrl: pipeline.receiver.url('/hooks/first'),
    });
    expect(created.status).toBe(200);
    id = created.body.subscription.id;
    secret = created.body.subscription.secret;

    const metadata = await call('PATCH', `/subscriptions/${id}`, {
      callbackUrl: 'http://169.254.169.254/latest',
    });
    expect(metadata).toMatchObject({ status: 400, body: { code: 'CALLBACK_TARGET_REFUSED' } });
    expect((await call('PATCH', `/subscriptions/${id}`, {})).status).toBe(400);
    expect((await call('PATCH', `/subscriptions/${id}`, { state: 'deleted' })).status).toBe(400);
    const stranger = await call('PATCH', `/subscriptions/${id}`, { state: 'paused' }, pipeline.keys.other);
    expect(stranger).toMatchObject({ status: 404, body: { code: 'SUBSCRIPTION_NOT_FOUND' } });

    const moved = await call('PATCH', `/subscriptions/${id}`, {
      callbackUrl: pipeline.receiver.url('/hooks/second?token=abc123'),
      state: 'paused',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.subscription).toMatchObject({ state: 'paused' });
    expect(moved.body.subscription.callbackUrl).toBe(pipeline.receiver.url('/hooks/second?token=***'));
    expect(await call('POST', `/subscriptions/${id}/test`)).toMatchObject({
      status: 409,
      body: { code: 'SUBSCRIPTION_PAUSED' },
    });
    const resumed = await call('PATCH', `/subscriptions/${id}`, { state: 'active' });
    expect(resumed.body).toMatchObject({ subscription: { state: 'active' }, released: 0 });
  });

  it('sends a signed example push now and shows the attempt and the reply', async () => {
    const tested = await call('POST', `/subscriptions/${id}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body.attempt).toMatchObject({
      attempt: 1,
      outcome: 'delivered',
      httpStatus: 200,
      replyExcerpt: '{"ok":true}',
      callbackUrl: pipeline.receiver.url('/hooks/second?token=***'),
    });
    expect(tested.body.delivery).toMatchObject({
      state: 'delivered',
      subject: 'test',
      eventKind: 'test.example',
    });
    const received = pipeline.receiver.pushes.at(-1)!;
    expect(received.path).toBe('/hooks/second?token=abc123');
    // The reference library verifies it with the subscription's secret.
    const body = new Webhook(secret).verify(received.body, signedHeaders(received)) as Json;
    expect(body).toMatchObject({ type: 'order.status-changed', subject: 'test', sequence: 1 });
    expect(body.eventId).toBe(received.headers['webhook-id']);
    expect(received.headers['tradelog-subject']).toBe('test');
  });

  it('rotates the secret: during the overlap pushes verify with either secret, after it with the new one only', async () => {
    const rotated = await call('POST', `/subscriptions/${id}/rotate-secret`, { overlapMinutes: 60 });
    expect(rotated.status).toBe(200);
    const next: string = rotated.body.subscription.secret;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    expect(Date.parse(rotated.body.previousSecretUntil) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect((await call('GET', `/subscriptions/${id}`)).body.subscription).not.toHaveProperty('secret');

    expect((await call('POST', `/subscriptions/${id}/test`)).body.attempt.outcome).toBe('delivered');
    const during = pipeline.receiver.pushes.at(-1)!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(next, during)).toBe(true);
    expect(verifies(secret, during)).toBe(true);

    // Sent as curl sends it, without a body: the default overlap (it was a 500).
    const bare = await fetch(`${pipeline.queryUrl}/subscriptions/${id}/rotate-secret`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pipeline.keys.lender}` },
    });
    const bareBody = (await bare.json()) as Json;
    expect(bare.status, JSON.stringify(bareBody)).toBe(200);
    expect(bareBody.subscription.secret).toMatch(/^whsec_/);
    expect(Date.parse(bareBody.previousSecretUntil) - Date.now()).toBeGreaterThan(0);

    // A leaked secret: overlap 0 ends the old one's signing at once.
    const again = await call('POST', `/subscriptions/${id}/rotate-secret`, { overlapMinutes: 0 });
    const newest: string = again.body.subscription.secret;
    expect(again.body.subscription.previousSecretUntil).toBeNull();
    expect((await call('POST', `/subscriptions/${id}/test`)).body.attempt.outcome).toBe('delivered');
    const after = pipeline.receiver.pushes.at(-1)!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(newest, after)).toBe(true);
    expect(verifies(next, after)).toBe(false);
    expect(verifies(secret, after)).toBe(false);
    secret = newest;
  });

  it('redelivers what failed since a time, and counts success rate and latency', async () => {
    const before = (await call('GET', `/subscriptions/${id}/deliveries`)).body.dataList as Json[];
    const since = new Date().toISOString();
    failing = true;
    const failed = await call('POST', `/subscriptions/${id}/test`);
    expect(failed.body.attempt).toMatchObject({ outcome: 'failed', httpStatus: 500, errorCode: 'HTTP_500' });
    // §8: a failure whose reply does not ask for a retry is pushed once.
    expect(failed.body.delivery.state).toBe('dead');
    failing = false;

    const redelivered = await call('POST', `/subscriptions/${id}/redeliver`, { since });
    expect(redelivered.body).toMatchObject({ redelivered: [failed.body.delivery.id], more: false });
    await waitFor(
      async () =>
        (await call('GET', `/subscriptions/${id}/deliveries?state=delivered`)).body.dataList.length ===
        before.length + 1,
      { what: 'the redelivered push delivered' },
    );
    expect(verifies(secret, pipeline.receiver.pushes.at(-1)!)).toBe(true);

    const { body } = await call('GET', `/subscriptions/${id}/stats`);
    expect(body.stats).toMatchObject({
      attempts: 5,
      delivered: 4,
      failed: 1,
      successRate: 0.8,
      errors: { HTTP_500: 1 },
      deliveries: { delivered: 4 },
      capped: false,
    });
    expect(body.stats.latencyMs.p50).toBeGreaterThanOrEqual(0);
    expect(body.stats.latencyMs.p95).toBeGreaterThanOrEqual(body.stats.latencyMs.p50);
    const later = await call(
      'GET',
      `/subscriptions/${id}/stats?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(later.body.stats).toMatchObject({ attempts: 0, successRate: null });
    expect((await call('GET', `/subscriptions/${id}/stats?since=yesterday`)).status).toBe(400);
    expect((await call('GET', `/subscriptions/${id}/stats`, undefined, pipeline.keys.other)).status).toBe(
      404,
    );
  });

  it('lets an account wait for two test pushes at once, and refuses a third with 429 until one is answered', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/subscriptions/${id}/test`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    expect(answers.find((answer) => answer.status === 429)!.body.code).toBe('TEST_PUSH_BUSY');
    // Once answered, the account may test again.
    expect((await call('POST', `/subscriptions/${id}/test`)).status).toBe(200);
  });

  it('redelivers at most a page per call, oldest first, and says when more are left', async () => {
    const { redeliveryPageSize } = await import('@tradelog/projections/push/redelivery');
    expect(redeliveryPageSize).toBe(1000);
    const { requestRedelivery } = await import('@tradelog/projections/push/redelivery');
    const finished = (await call('GET', `/subscriptions/${id}/deliveries?state=delivered`)).body
      .dataList as Json[];
    expect(finished.length).toBeGreaterThanOrEqual(3);
    const first = await requestRedelivery(pipeline.pool, id, { states: ['delivered'] }, new Date(), 2);
    expect(first.ids).toHaveLength(2);
    expect(first.more).toBe(true);
    const oldestFirst = [...finished].sort(
      (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
    );
    expect(first.ids).toEqual(oldestFirst.slice(0, 2).map((d) => d.id));
  });
});
