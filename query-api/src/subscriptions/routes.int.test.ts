import { randomUUID } from 'node:crypto';
import { createVersionTables, insertNextVersion } from '@tradelog/projections';
import { generateApiKey } from '@tradelog/projections/access/apiKey';
import { createApiKey } from '@tradelog/projections/access/store';
import { migrate } from '@tradelog/projections/migrate';
import { insertAttempt, settleAttempt } from '@tradelog/projections/push/attempts';
import { emptyAllowlist, parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { insertDelivery } from '@tradelog/projections/push/insertDeliveries';
import { upsertItems } from '@tradelog/projections/tracking/tables';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, quietLogger, testServices } from '../../../tests/harness/index.ts';
import { startQueryAppUnderTest } from '../../../tests/harness/queryAppUnderTest.ts';
import { createSubscriptionRoutes } from './routes.ts';

describe('subscription routes', () => {
  const services = testServices();
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  const queryApps: Awaited<ReturnType<typeof startQueryAppUnderTest>>[] = [];
  let base = '';
  let strictBase = '';
  const keys: Record<'lender' | 'other' | 'partner' | 'operator', string> = {
    lender: '',
    other: '',
    partner: '',
    operator: '',
  };

  async function listen(allowlist = parseAllowlist(['127.0.0.1/32']), testWaitMs?: number) {
    // The real app: bounded bodies, one error middleware.
    const queryApp = await startQueryAppUnderTest(pool, [
      createSubscriptionRoutes({
        pool,
        callbackAllowlist: allowlist,
        ...(testWaitMs ? { testWaitMs } : {}),
      }),
    ]);
    queryApps.push(queryApp);
    return queryApp.url;
  }

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'subs');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 4 });
    const make = async (kind: 'lender' | 'partner' | 'operator', ownerId: string, enterprises: string[]) => {
      const generated = generateApiKey();
      await createApiKey(pool, {
        id: randomUUID(),
        kind,
        ownerId,
        ownerName: ownerId,
        enterprises,
        keyPrefix: generated.prefix,
        keyHash: generated.hash,
        createdAt: new Date(),
      });
      return generated.key;
    };
    keys.lender = await make('lender', 'bank-a', ['ENT1']);
    keys.other = await make('lender', 'bank-b', ['ENT2']);
    keys.partner = await make('partner', 'forwarder', []);
    keys.operator = await make('operator', 'ops', []);
    base = await listen();
    strictBase = await listen(emptyAllowlist);
  });

  afterAll(async () => {
    for (const queryApp of queryApps) await queryApp.close();
    await pool?.end();
    await db?.drop();
  });

  const call = async (method: string, url: string, key: string | undefined, body?: unknown) => {
    const response = await fetch(url, {
      method,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      // biome-ignore lint/suspicious/noExplicitAny: the test reads JSON replies field by field
      body: (await response.json().catch(() => null)) as Record<string, any>,
    };
  };

  it('subscribes to express tracking and shows the secret once', async () => {
    const request = {
      shipperCode: 'SF',
      logisticCode: 'SF1234567',
      callbackUrl: 'https://erp.example.com/hooks/express?token=7f3c9a',
    };
    // SF needs the last four digits of a phone as customerName (§3), for subscriptions too.
    const withoutPhone = await call(
      'POST',
      `${base}/logistics/kdn/track/subscription`,
      keys.partner,
      request,
    );
    expect(withoutPhone).toMatchObject({
      status: 400,
      body: { success: false, code: 'CUSTOMER_NAME_REQUIRED' },
    });
    const created = await call('POST', `${base}/logistics/kdn/track/subscription`, keys.partner, {
      ...request,
      customerName: '5821',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ success: true, shipperCode: 'SF', logisticCode: 'SF1234567' });
    expect(created.body.subscription.secret).toMatch(/^whsec_/);
    expect(created.body.subscription.callbackUrl).toBe('https://erp.example.com/hooks/express?token=***');
    const { rows } = await pool.query(
      'SELECT family, match_key, callback_url FROM push_subscriptions WHERE id = $1',
      [created.body.subscription.id],
    );
    expect(rows[0]).toEqual({
      family: 'express',
      match_key: 'express/SF/SF1234567',
      callback_url: 'https://erp.example.com/hooks/express?token=7f3c9a',
    });
    const listed = await call('GET', `${base}/subscriptions`, keys.partner);
    expect(listed.body.dataList.map((s: { id: string }) => s.id)).toContain(created.body.subscription.id);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
    expect(JSON.stringify(listed.body)).not.toContain('7f3c9a');
  });

  it('answers the same subscription asked again by its key with that subscription, once, resumed if paused', async () => {
    const path = `${base}/logistics/kdn/track/subscription`;
    const request = {
      shipperCode: 'YTO',
      logisticCode: 'YT-TWICE-1',
      callbackUrl: 'https://erp.example.com/hooks/twice',
    };
    // A retry racing its first try, five times over: one subscription, one secret.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', path, keys.partner, request)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((answer) => answer.body.subscription.id));
    const secrets = new Set(answers.map((answer) => answer.body.subscription.secret));
    expect([ids.size, secrets.size]).toEqual([1, 1]);
    // One made it; the others are told it was there already.
    expect(answers.map((answer) => answer.body.subscription.existing ?? false).sort()).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
    const id = [...ids][0] as string;
    const rowsOf = async () =>
      (
        await pool.query(
          `SELECT id FROM push_subscriptions WHERE match_key = 'express/YTO/YT-TWICE-1' AND state <> 'deleted'`,
        )
      ).rows.map((row) => row.id);
    expect(await rowsOf()).toEqual([id]);

    // Paused by its subscriber, then asked for again: the same one, pushing again.
    expect((await call('POST', `${base}/subscriptions/${id}/pause`, keys.partner)).status).toBe(200);
    const held = randomUUID();
    await insertDelivery(pool, {
      id: held,
      subscriptionId: id,
      family: 'express',
      eventId: randomUUID(),
      eventKind: 'tracking.updated',
      subject: 'express/YTO/YT-TWICE-1',
      payload: { a: 1 },
      state: 'held',
      createdAt: new Date(),
    });
    const again = await call('POST', path, keys.partner, { ...request });
    expect(again.body.subscription).toMatchObject({ id, state: 'active', existing: true });
    expect(again.body.subscription.secret).toBe([...secrets][0]);
    expect(again.body.firstPushQueued ?? false).toBe(false);
    const { rows: released } = await pool.query('SELECT state FROM push_deliveries WHERE id = $1', [held]);
    expect(released[0]!.state).toBe('requested');

    // Anything different is another subscription: another callback, or another key.
    const elsewhere = await call('POST', path, keys.partner, {
      ...request,
      callbackUrl: 'https://erp.example.com/hooks/b',
    });
    const byOperator = await call('POST', path, keys.operator, request);
    expect(new Set([id, elsewhere.body.subscription.id, byOperator.body.subscription.id]).size).toBe(3);
    // Deleted, it is gone: asked for again, a new one.
    expect((await call('DELETE', `${base}/subscriptions/${id}`, keys.partner)).status).toBe(200);
    const renewed = await call('POST', path, keys.partner, request);
    expect(renewed.body.subscription.id).not.toBe(id);
    expect(renewed.body.subscription.secret).not.toBe([...secrets][0]);
  });

  it('validates the request with the schema and the callback with the guard', async () => {
    const tooLong = await call(
      'POST',
      `${base}/open/logistics/kdn/track/subscription/route/map`,
      keys.lender,
      {
        shipperCode: 'SF',
        logisticCode: 'X1',
        callbackUrl: `https://example.com/${'a'.repeat(250)}`,
      },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const ftp = await call('POST', `${base}/open/freightower/trace/ocean`, keys.lender, {
      callbackUrl: 'ftp://example.com/x',
      params: { billNo: 'B1', carrierCode: 'AUTO' },
    });
    expect(ftp).toMatchObject({ status: 400, body: { flag: 'failure', code: 'VALIDATION_FAILED' } });
    const loopback = {
      callbackUrl: 'http://127.0.0.1:9/hook',
      params: { billNo: 'B1', carrierCode: 'AUTO' },
    };
    const refused = await call('POST', `${strictBase}/open/freightower/trace/ocean`, keys.lender, loopback);
    expect(refused).toMatchObject({ status: 400, body: { code: 'CALLBACK_TARGET_REFUSED' } });
    const metadata = await call('POST', `${base}/open/freightower/trace/shipment`, keys.lender, {
      callbackUrl: 'http://169.254.169.254/latest',
      params: { businessNumber: 'B1', portCode: 'CNSHA', ieid: 'E' },
    });
    expect(metadata).toMatchObject({
      status: 400,
      body: {
        code: 'CALLBACK_TARGET_REFUSED',
        message: 'callbackUrl refused: 169.254.169.254 is a link-local (cloud metadata) address',
      },
    });
    // The reason in the caller's language, not the English one inside a Chinese answer.
    const inChinese = await fetch(`${base}/open/freightower/trace/shipment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.lender}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        callbackUrl: 'http://169.254.169.254/latest',
        params: { businessNumber: 'B1', portCode: 'CNSHA', ieid: 'E' },
      }),
    });
    expect(((await inChinese.json()) as { message: string }).message).toBe(
      '回调地址不可用：169.254.169.254 是链路本地（云元数据）地址',
    );
    const allowed = await call('POST', `${base}/open/freightower/trace/ocean`, keys.lender, loopback);
    // Subscribe and query: nothing is known about the bill yet, so its result says START (fetching).
    expect(allowed).toMatchObject({
      status: 200,
      body: {
        flag: 'success',
        data: { result: { billNo: 'B1', statusCategory: 'START' } },
        firstPushQueued: false,
      },
    });
    expect(allowed.body.subscription).toMatchObject({
      family: 'ocean',
      criteria: { billNo: 'B1', carrierCode: 'AUTO' },
    });
  });

  it('leaves ocean and terminal requests without a callback to the tracking query', async () => {
    const query = await call('POST', `${base}/open/freightower/trace/ocean`, keys.lender, {
      params: { billNo: 'B1', carrierCode: 'AUTO' },
    });
    expect(query.status).toBe(404);
  });

  it('lets lenders subscribe to changes of their enterprises only', async () => {
    const mine = await call('POST', `${base}/subscriptions/changes`, keys.lender, {
      enterprise: 'ENT1',
      projections: ['order-status'],
      callbackUrl: 'https://bank-a.example.com/hooks',
    });
    expect(mine).toMatchObject({
      status: 200,
      body: { subscription: { family: 'changes', projections: ['order-status'] } },
    });
    const theirs = await call('POST', `${base}/subscriptions/changes`, keys.lender, {
      enterprise: 'ENT2',
      callbackUrl: 'https://bank-a.example.com/hooks',
    });
    expect(theirs).toMatchObject({ status: 403, body: { code: 'ENTERPRISE_NOT_GRANTED' } });
    const partner = await call('POST', `${base}/subscriptions/changes`, keys.partner, {
      enterprise: 'ENT1',
      callbackUrl: 'https://x.example.com/',
    });
    expect(partner.status).toBe(403);
    const bad = await call('POST', `${base}/subscriptions/changes`, keys.lender, {
      enterprise: 'ENT1',
      projections: ['enterprise-data'],
      callbackUrl: 'https://bank-a.example.com/hooks',
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('pauses, resumes and deletes; lists deliveries and attempts; redelivers; only for the owner or an operator', async () => {
    const created = await call('POST', `${base}/subscriptions/changes`, keys.lender, {
      enterprise: 'ENT1',
      callbackUrl: 'https://bank-a.example.com/hooks?token=abc',
    });
    const id = created.body.subscription.id as string;
    const url = `${base}/subscriptions/${id}`;
    expect((await call('POST', `${url}/pause`, keys.other)).status).toBe(404);
    expect((await call('POST', `${url}/pause`, keys.lender)).body.subscription.state).toBe('paused');

    // A delivery held while paused, and one that was dead-lettered after an attempt.
    const at = new Date();
    const held = randomUUID();
    await insertDelivery(pool, {
      id: held,
      subscriptionId: id,
      family: 'changes',
      eventId: randomUUID(),
      eventKind: 'order.created',
      subject: 'purchase/P1',
      payload: { a: 1 },
      state: 'held',
      createdAt: at,
    });
    const dead = randomUUID();
    await insertDelivery(pool, {
      id: dead,
      subscriptionId: id,
      family: 'changes',
      eventId: randomUUID(),
      eventKind: 'order.created',
      subject: 'purchase/P2',
      payload: { a: 2 },
      state: 'pending',
      createdAt: at,
    });
    await settleAttempt(pool, {
      id: dead,
      attempt: 1,
      state: 'dead',
      nextAttemptAt: null,
      errorCode: 'HTTP_500',
      now: at,
    });
    await insertAttempt(pool, {
      deliveryId: dead,
      attempt: 1,
      retryCount: 0,
      startedAt: at,
      latencyMs: 12,
      httpStatus: 500,
      outcome: 'failed',
      errorCode: 'HTTP_500',
      replyExcerpt: 'down',
      callbackUrl: 'https://bank-a.example.com/hooks?token=***',
    });

    const resumed = await call('POST', `${url}/resume`, keys.lender);
    expect(resumed.body).toMatchObject({ subscription: { state: 'active' }, released: 1 });
    const deliveries = await call('GET', `${url}/deliveries`, keys.lender);
    expect(
      Object.fromEntries(deliveries.body.dataList.map((d: { id: string; state: string }) => [d.id, d.state])),
    ).toEqual({
      [held]: 'requested',
      [dead]: 'dead',
    });
    const attempts = await call('GET', `${url}/deliveries/${dead}/attempts`, keys.operator);
    expect(attempts.body.dataList).toMatchObject([
      { attempt: 1, httpStatus: 500, errorCode: 'HTTP_500', replyExcerpt: 'down' },
    ]);
    expect((await call('GET', `${url}/deliveries/${dead}/attempts`, keys.other)).status).toBe(404);

    const redelivered = await call('POST', `${url}/redeliver`, keys.lender, { states: ['dead'] });
    expect(redelivered.body.redelivered).toEqual([dead]);
    const { rows } = await pool.query(
      'SELECT state, round_start, forced FROM push_deliveries WHERE id = $1',
      [dead],
    );
    expect(rows[0]).toEqual({ state: 'requested', round_start: 1, forced: true });
    expect((await call('POST', `${url}/redeliver`, keys.lender, {})).status).toBe(400);

    const deleted = await call('DELETE', url, keys.lender);
    expect(deleted.body).toMatchObject({ state: 'deleted', cancelledDeliveries: 2 });
    expect((await call('GET', url, keys.lender)).status).toBe(404);
    expect((await call('GET', `${base}/subscriptions`, undefined)).status).toBe(401);
  });

  it('shows a parcel’s timeline without check values, and nothing to a subscription its customerName does not verify', async () => {
    const subscribe = (customerName: string) =>
      call('POST', `${base}/logistics/kdn/track/subscription`, keys.partner, {
        shipperCode: 'SF',
        logisticCode: 'SFLEAK001',
        customerName,
        callbackUrl: 'https://erp.example.com/hooks/express',
      });
    // The parcel is unknown: only the form of the guess can be checked, and it subscribes.
    const guess = await subscribe('0000');
    expect(guess.status).toBe(200);

    // Then the carrier's feed arrives, with the parcel's check values.
    const version = await insertNextVersion(pool, db.schema, 'tracking', 'live', new Date());
    await createVersionTables(pool, 'tracking', version.schemaName);
    const at = '2026-03-01T00:00:00.000Z';
    await upsertItems(pool, version.schemaName, [
      {
        family: 'express',
        subject: 'express/SF/SFLEAK001',
        aliases: [],
        facts: {
          shipperCode: 'SF',
          logisticCode: 'SFLEAK001',
          receiverPhoneTail: '5678',
          senderPhoneTail: '1234',
          shipperAccount: 'SHIPPER-ACCT-9',
          deliveryManTel: '13800000000',
        },
        events: [],
        derived: { status: '2' },
        reports: [
          {
            documentId: 'doc-1',
            position: 'feed/0/0',
            partnerId: 'carrier',
            receivedAt: at,
            contentSha256: 'x',
          },
        ],
        lastEventId: null,
        firstReceivedAt: at,
        lastReceivedAt: at,
      },
    ]);

    // The guess did not become verified when the data arrived: nothing is shown to it.
    const guessed = await call(
      'GET',
      `${base}/subscriptions/${guess.body.subscription.id}/tracking`,
      keys.partner,
    );
    expect(guessed.status).toBe(200);
    expect(guessed.body).toMatchObject({ item: null, withheld: 'CUSTOMER_NAME_MISMATCH' });
    expect(JSON.stringify(guessed.body)).not.toMatch(/5678|1234|SHIPPER-ACCT-9/);

    // Now known, the parcel takes only a matching customerName, and its timeline has no check value.
    expect((await subscribe('0000')).body).toMatchObject({ success: false, code: 'CUSTOMER_NAME_MISMATCH' });
    const matching = await subscribe('5678');
    expect(matching.status).toBe(200);
    const timeline = await call(
      'GET',
      `${base}/subscriptions/${matching.body.subscription.id}/tracking`,
      keys.partner,
    );
    expect(timeline.body.item).toMatchObject({
      subject: 'express/SF/SFLEAK001',
      facts: { shipperCode: 'SF', logisticCode: 'SFLEAK001', deliveryManTel: '13800000000' },
    });
    expect(JSON.stringify(timeline.body)).not.toMatch(/5678|1234|SHIPPER-ACCT-9/);
    // The operator's view of the same subscription shows no check value either.
    const operatorView = await call(
      'GET',
      `${base}/subscriptions/${matching.body.subscription.id}/tracking`,
      keys.operator,
    );
    expect(JSON.stringify(operatorView.body)).not.toMatch(/5678|1234|SHIPPER-ACCT-9/);
  });

  it('answers a test push 202 with the delivery to follow when no push service made the attempt in time', async () => {
    const impatient = await listen(parseAllowlist(['127.0.0.1/32']), 300);
    const created = await call('POST', `${impatient}/subscriptions/changes`, keys.lender, {
      enterprise: 'ENT1',
      callbackUrl: 'http://127.0.0.1:9/hooks',
    });
    const id = created.body.subscription.id;
    const tested = await call('POST', `${impatient}/subscriptions/${id}/test`, keys.lender);
    expect(tested.status).toBe(202);
    expect(tested.body).toMatchObject({
      attempt: null,
      delivery: { state: 'requested', subject: 'test', eventKind: 'test.example' },
      payload: { subject: 'test', type: 'order.status-changed' },
    });
    const listed = await call('GET', `${impatient}/subscriptions/${id}/deliveries`, keys.lender);
    expect(listed.body.dataList.map((d: { id: string }) => d.id)).toEqual([tested.body.delivery.id]);
  });
});
