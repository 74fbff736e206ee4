import { createVersionTables, insertNextVersion } from '@tradelog/projections';
import { migrate } from '@tradelog/projections/migrate';
import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { expressSubject } from '@tradelog/projections/push/families';
import { upsertItems } from '@tradelog/projections/tracking/tables';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../../../tests/harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName } from '../../../tests/harness/index.ts';
import { startQueryAppUnderTest } from '../../../tests/harness/queryAppUnderTest.ts';
import { createSubscriptionRoutes } from '../subscriptions/routes.ts';
import type { CheckValueRules } from './checkValueAttempts.ts';
import { createTrackingRouter } from './router.ts';

/**
 * Wrong customerName values counted in Postgres per key, parcel and account (README
 * "Check-value attempts"), on the instant queries, the express subscriptions and the timeline.
 */
describe('express check-value attempts', () => {
  const services = testServices();
  const rules: CheckValueRules = {
    'check-value-failures-key': { limit: 4, windowMs: 3_600_000 },
    'check-value-failures-parcel': { limit: 3, windowMs: 86_400_000 },
    'check-value-failures-account': { limit: 6, windowMs: 3_600_000 },
  };
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let queryApp: Awaited<ReturnType<typeof startQueryAppUnderTest>> | undefined;
  let schemaName = '';

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'chkval');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 8 });
    const version = await insertNextVersion(pool, db.schema, 'tracking', 'live', new Date());
    await createVersionTables(pool, 'tracking', version.schemaName);
    schemaName = version.schemaName;
    queryApp = await startQueryAppUnderTest(pool, [
      createSubscriptionRoutes({
        pool,
        callbackAllowlist: parseAllowlist(['127.0.0.1/32']),
        checkValueRules: rules,
      }),
      createTrackingRouter({ pool, checkValueRules: rules }),
    ]);
  });
  afterAll(async () => {
    await queryApp?.close();
    await pool?.end();
    await db?.drop();
  });

  /** A known SF parcel whose receiver's phone ends in 5678. */
  async function parcel(): Promise<{ shipperCode: string; logisticCode: string }> {
    const logisticCode = uniqueName('SF')
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 30);
    const at = '2026-03-01T00:00:00.000Z';
    await upsertItems(pool, schemaName, [
      {
        family: 'express',
        subject: expressSubject({ shipperCode: 'SF', logisticCode }),
        aliases: [],
        facts: { shipperCode: 'SF', logisticCode, receiverPhoneTail: '5678' },
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
    return { shipperCode: 'SF', logisticCode };
  }

  const post = async (key: string, path: string, body: unknown) => {
    const response = await fetch(`${queryApp!.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${key}`,
        'accept-language': 'en',
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  const instant = (key: string, body: unknown) =>
    post(key, '/open/logistics/express/bird/instantQuery', body);
  const map = (key: string, body: unknown) =>
    post(key, '/open/logistics/express/bird/instantQuery/route/map', body);
  const timeline = (key: string, request: unknown) =>
    post(key, '/open/tracking/timeline', { family: 'express', request });
  const subscribe = (key: string, body: Record<string, unknown>) =>
    post(key, '/logistics/kdn/track/subscription', { ...body, callbackUrl: 'http://127.0.0.1:9/hook' });
  const windowsOf = async (kind: string) =>
    (
      await pool.query<{ subject: string; count: number }>(
        'SELECT subject, count FROM portal_attempts WHERE kind = $1',
        [kind],
      )
    ).rows;

  it('counts wrong values on every express call, refuses with 429 and Retry-After once a parcel is locked, and then the right value too', async () => {
    const { key } = await createTestApiKey(pool, 'subscriber', { ownerId: uniqueName('chk-one') });
    const asked = await parcel();
    expect((await instant(key, { ...asked, customerName: '0001' })).body).toMatchObject({
      success: false,
      code: 'CUSTOMER_NAME_MISMATCH',
    });
    expect((await timeline(key, { ...asked, customerName: '0002' })).body).toMatchObject({
      code: 'CUSTOMER_NAME_MISMATCH',
    });
    // The third wrong value fills the parcel's window (limit 3): it already answers the lock.
    const third = await subscribe(key, { ...asked, customerName: '0003' });
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({
      success: false,
      code: 'CHECK_VALUE_LOCKED',
      lockedFor: 'parcel',
      reason: 'Too many wrong customerName; retry in 24 hours',
    });
    expect(Number(third.retryAfter)).toBeGreaterThan(86_000);
    // Locked: the right value is refused as a wrong one would be, on every call, and not counted.
    for (const answer of [
      await instant(key, { ...asked, customerName: '5678' }),
      await map(key, { ...asked, customerName: '5678' }),
      await timeline(key, { ...asked, customerName: '5678' }),
      await subscribe(key, { ...asked, customerName: '5678' }),
    ]) {
      expect(answer.status).toBe(429);
      expect(answer.body.code).toBe('CHECK_VALUE_LOCKED');
      expect(answer.retryAfter).not.toBeNull();
    }
    const parcels = await windowsOf('check-value-failures-parcel');
    expect(parcels.find((row) => row.subject.endsWith(asked.logisticCode))?.count).toBe(3);
    // Chinese too.
    const cn = await fetch(`${queryApp!.url}/open/tracking/timeline`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${key}`,
        'accept-language': 'zh',
      },
      body: JSON.stringify({ family: 'express', request: { ...asked, customerName: '5678' } }),
    });
    expect(((await cn.json()) as { message: string }).message).toBe(
      'customerName 错误次数过多，请 24 小时后再试',
    );
  });

  it('holds a key that sprays wrong values over many parcels, and the other keys of its account', async () => {
    const owner = uniqueName('chk-spray');
    const { key } = await createTestApiKey(pool, 'subscriber', { ownerId: owner });
    const { key: sibling } = await createTestApiKey(pool, 'subscriber', { ownerId: owner });
    const answers = [];
    for (let index = 0; index < 4; index++)
      answers.push(await instant(key, { ...(await parcel()), customerName: '0000' }));
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 429]);
    expect(answers[3]!.body).toMatchObject({ lockedFor: 'key' });
    // A fresh parcel, the right value: the key is still held.
    const fresh = await parcel();
    expect((await instant(key, { ...fresh, customerName: '5678' })).status).toBe(429);
    // The account's other key may still try, until the account's six are spent.
    expect((await instant(sibling, { ...fresh, customerName: '5678' })).body).toMatchObject({
      success: true,
    });
    expect((await instant(sibling, { ...(await parcel()), customerName: '0000' })).status).toBe(400);
    const sixth = await instant(sibling, { ...(await parcel()), customerName: '0000' });
    expect(sixth).toMatchObject({ status: 429, body: { lockedFor: 'account' } });
    // Another account is not held by them.
    const { key: stranger } = await createTestApiKey(pool, 'subscriber', {
      ownerId: uniqueName('chk-other'),
    });
    expect((await instant(stranger, { ...fresh, customerName: '5678' })).body).toMatchObject({
      success: true,
    });
  });

  it('holds a parcel guessed at by many accounts, and counts concurrent guesses exactly', async () => {
    const asked = await parcel();
    const keys = await Promise.all(
      Array.from(
        { length: 8 },
        async () => (await createTestApiKey(pool, 'subscriber', { ownerId: uniqueName('chk-many') })).key,
      ),
    );
    const answers = await Promise.all(
      keys.map((key, index) => instant(key, { ...asked, customerName: String(1000 + index) })),
    );
    // Of eight at once, three were judged (the third locking), five refused before judging.
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(6);
    const parcels = await windowsOf('check-value-failures-parcel');
    expect(parcels.find((row) => row.subject.endsWith(asked.logisticCode))?.count).toBe(3);
    expect((await instant(keys[0]!, { ...asked, customerName: '5678' })).status).toBe(429);
  });

  it('counts neither a malformed value nor a parcel not yet known, and answers a right value as before', async () => {
    const { key } = await createTestApiKey(pool, 'subscriber', { ownerId: uniqueName('chk-form') });
    const asked = await parcel();
    for (let index = 0; index < 5; index++)
      expect((await instant(key, { ...asked, customerName: 'abcd' })).body.code).toBe(
        'CUSTOMER_NAME_REQUIRED',
      );
    for (let index = 0; index < 5; index++)
      expect(
        (
          await instant(key, {
            shipperCode: 'SF',
            logisticCode: uniqueName('SFX').slice(0, 30),
            customerName: '0000',
          })
        ).body.code,
      ).toBe('NO_DATA');
    expect((await instant(key, { ...asked, customerName: '5678' })).body).toMatchObject({ success: true });
    const parcels = await windowsOf('check-value-failures-parcel');
    expect(parcels.find((row) => row.subject.endsWith(asked.logisticCode))?.count).toBe(0);
  });
});
