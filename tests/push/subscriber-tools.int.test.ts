import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { migrate } from '@tradelog/projections/migrate';
import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { ensureTopics } from '@tradelog/schemas/log/topics';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushService, type PushService } from '../../processors/src/push/service.ts';
import { pushSettings } from '../../processors/src/push/settings.ts';
import { createApp } from '../../query-api/src/app.ts';
import { noSmsSender } from '../../query-api/src/content/smsSenders.ts';
import { createSubscriptionRoutes } from '../../query-api/src/subscriptions/routes.ts';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName, waitFor } from '../harness/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field
type Json = any;

interface Push {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A subscriber's receiver on loopback; `failing` makes it answer 500 (no `retriable`: pushed once, dead). */
async function startReceiver() {
  const pushes: Push[] = [];
  const state = { failing: false };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      pushes.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      if (state.failing) res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver down');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    pushes,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const signed = (push: Push) => ({
  'webhook-id': push.headers['webhook-id'] as string,
  'webhook-timestamp': push.headers['webhook-timestamp'] as string,
  'webhook-signature': push.headers['webhook-signature'] as string,
});

/** Verified by the Standard Webhooks reference library; false when it refuses. */
const verifies = (secret: string, push: Push) => {
  try {
    new Webhook(secret).verify(push.body, signed(push));
    return true;
  } catch {
    return false;
  }
};

// Subscriber tools (query-api README "Subscriber tools") against the real push service: query-api
// writes, the push service delivers through its claim, signature, guard and record.
describe('subscriber tools: update, test push, secret rotation, recovery, stats', () => {
  const services = testServices();
  const changesTopic = uniqueName('st-changes');
  const settings = pushSettings({
    consumerGroup: uniqueName('st-push'),
    bossSchema: uniqueName('st_boss'),
    allowlist: parseAllowlist(['127.0.0.1/32']),
    requestPollMs: 100,
  });
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let push: PushService;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: Server;
  let queryUrl = '';
  const keys = { lender: '', other: '' };
  const enterprise = '91310000MA1FL0001X';
  let id = '';
  let secret = '';

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'st');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 8 });
    keys.lender = (
      await createTestApiKey(pool, 'lender', { ownerId: 'bank-st', enterprises: [enterprise] })
    ).key;
    keys.other = (
      await createTestApiKey(pool, 'lender', { ownerId: 'bank-other', enterprises: [enterprise] })
    ).key;
    await ensureTopics({
      brokers: services.kafkaBrokers,
      topics: [{ topic: changesTopic, partitions: 1 }],
      logger: quietLogger,
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
    await receiver?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await pool?.query(`DROP SCHEMA IF EXISTS "${settings.bossSchema}" CASCADE`);
    await pool?.end();
    await db?.drop();
  });

  const call = async (method: string, path: string, body?: unknown, key = keys.lender) => {
    const response = await fetch(`${queryUrl}${path}`, {
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
      callbackUrl: receiver.url('/hooks/first'),
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
    const stranger = await call('PATCH', `/subscriptions/${id}`, { state: 'paused' }, keys.other);
    expect(stranger).toMatchObject({ status: 404, body: { code: 'SUBSCRIPTION_NOT_FOUND' } });

    const moved = await call('PATCH', `/subscriptions/${id}`, {
      callbackUrl: receiver.url('/hooks/second?token=abc123'),
      state: 'paused',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.subscription).toMatchObject({ state: 'paused' });
    expect(moved.body.subscription.callbackUrl).toBe(receiver.url('/hooks/second?token=***'));
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
      callbackUrl: receiver.url('/hooks/second?token=***'),
    });
    expect(tested.body.delivery).toMatchObject({
      state: 'delivered',
      subject: 'test',
      eventKind: 'test.example',
    });
    const received = receiver.pushes.at(-1)!;
    expect(received.path).toBe('/hooks/second?token=abc123');
    // The reference library verifies it with the subscription's secret.
    const body = new Webhook(secret).verify(received.body, signed(received)) as Json;
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
    const during = receiver.pushes.at(-1)!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(next, during)).toBe(true);
    expect(verifies(secret, during)).toBe(true);

    // A leaked secret: overlap 0 ends the old one's signing at once.
    const again = await call('POST', `/subscriptions/${id}/rotate-secret`, { overlapMinutes: 0 });
    const newest: string = again.body.subscription.secret;
    expect(again.body.subscription.previousSecretUntil).toBeNull();
    expect((await call('POST', `/subscriptions/${id}/test`)).body.attempt.outcome).toBe('delivered');
    const after = receiver.pushes.at(-1)!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(newest, after)).toBe(true);
    expect(verifies(next, after)).toBe(false);
    expect(verifies(secret, after)).toBe(false);
    secret = newest;
  });

  it('redelivers what failed since a time, and counts success rate and latency', async () => {
    const before = (await call('GET', `/subscriptions/${id}/deliveries`)).body.dataList as Json[];
    const since = new Date().toISOString();
    receiver.state.failing = true;
    const failed = await call('POST', `/subscriptions/${id}/test`);
    expect(failed.body.attempt).toMatchObject({ outcome: 'failed', httpStatus: 500, errorCode: 'HTTP_500' });
    // §8: a failure whose reply does not ask for a retry is pushed once.
    expect(failed.body.delivery.state).toBe('dead');
    receiver.state.failing = false;

    const redelivered = await call('POST', `/subscriptions/${id}/redeliver`, { since });
    expect(redelivered.body.redelivered).toEqual([failed.body.delivery.id]);
    await waitFor(
      async () =>
        (await call('GET', `/subscriptions/${id}/deliveries?state=delivered`)).body.dataList.length ===
        before.length + 1,
      { what: 'the redelivered push delivered' },
    );
    expect(verifies(secret, receiver.pushes.at(-1)!)).toBe(true);

    const { body } = await call('GET', `/subscriptions/${id}/stats`);
    expect(body.stats).toMatchObject({
      attempts: 5,
      delivered: 4,
      failed: 1,
      successRate: 0.8,
      errors: { HTTP_500: 1 },
      deliveries: { delivered: 4 },
    });
    expect(body.stats.latencyMs.p50).toBeGreaterThanOrEqual(0);
    expect(body.stats.latencyMs.p95).toBeGreaterThanOrEqual(body.stats.latencyMs.p50);
    const later = await call(
      'GET',
      `/subscriptions/${id}/stats?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(later.body.stats).toMatchObject({ attempts: 0, successRate: null });
    expect((await call('GET', `/subscriptions/${id}/stats?since=yesterday`)).status).toBe(400);
    expect((await call('GET', `/subscriptions/${id}/stats`, undefined, keys.other)).status).toBe(404);
  });
});
