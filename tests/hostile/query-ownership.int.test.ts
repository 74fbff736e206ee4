import { revokeApiKey } from '@tradelog/projections/access/store';
import { migrate, migrationsDir } from '@tradelog/projections/migrate';
import { settleAttempt } from '@tradelog/projections/push/attempts';
import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { findDeliveryForAttempt } from '@tradelog/projections/push/deliveries';
import { expressSubject } from '@tradelog/projections/push/families';
import { insertDelivery } from '@tradelog/projections/push/insertDeliveries';
import { matchSubscriptions } from '@tradelog/projections/push/subscriptions';
import { createSubscriptionRoutes } from '@tradelog/query-api/subscriptions/routes';
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices } from '../harness/index.ts';
import { startQueryAppUnderTest } from '../harness/queryAppUnderTest.ts';

/**
 * Ownership by account, not by name (query-api README "Accounts"): "Bank A" and "BANK-A" were
 * one owner once their names were normalised; as two accounts they never see, redeliver or
 * delete each other's subscriptions. Revoking a key stops the pushes of what it made.
 */
describe('subscriptions belong to accounts', () => {
  const services = testServices();
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let queryApp: Awaited<ReturnType<typeof startQueryAppUnderTest>> | undefined;
  let base = '';
  const keys = { a: '', aSecond: '', b: '', operator: '' };
  let aKeyId = '';

  beforeAll(async () => {
    schema = await createTestSchema(services.databaseUrl, 'owners');
    await migrate(schema.databaseUrl, { schema: schema.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 4 });
    const a = await createTestApiKey(pool, 'subscriber', { ownerId: 'bank-a', ownerName: 'Bank A' });
    keys.a = a.key;
    aKeyId = a.id;
    // A second key of the same account (the operator's `create … --account bank-a`).
    keys.aSecond = (
      await createTestApiKey(pool, 'subscriber', { ownerId: 'bank-a', ownerName: 'Bank A' })
    ).key;
    keys.b = (await createTestApiKey(pool, 'subscriber', { ownerId: 'bank-a-hk', ownerName: 'BANK-A' })).key;
    keys.operator = (await createTestApiKey(pool, 'operator', { ownerId: 'ops' })).key;
    queryApp = await startQueryAppUnderTest(pool, [
      createSubscriptionRoutes({ pool, callbackAllowlist: parseAllowlist(['127.0.0.1/32']) }),
    ]);
    base = queryApp.url;
  });
  afterAll(async () => {
    await queryApp?.close();
    await pool?.end();
    await schema?.drop();
  });

  const call = async (method: string, path: string, key: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${key}`,
        'accept-language': 'en',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the test reads JSON replies field by field
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const subscribe = (key: string) =>
    call('POST', '/logistics/kdn/track/subscription', key, {
      shipperCode: 'SF',
      logisticCode: 'SF-SAME-PARCEL',
      // SF answers only with the last four digits of a phone on the parcel (query spec §3).
      customerName: '1234',
      callbackUrl: 'http://127.0.0.1:9/hook',
    });

  it('reads the key by the rule ingest uses and answers its codes (README "Authentication")', async () => {
    const list = async (headers: Record<string, string>) => {
      const response = await fetch(`${base}/subscriptions`, { headers });
      return { status: response.status, code: ((await response.json()) as { code?: string }).code };
    };
    expect(await list({ 'x-api-key': keys.a })).toMatchObject({ status: 200 });
    expect(await list({ authorization: `Bearer ${keys.a}`, 'x-api-key': keys.a })).toMatchObject({
      status: 200,
    });
    // Two different keys were once settled by preferring Bearer; now refused, as at ingest.
    expect(await list({ authorization: `Bearer ${keys.a}`, 'x-api-key': keys.b })).toEqual({
      status: 401,
      code: 'API_KEY_AMBIGUOUS',
    });
    expect(await list({ authorization: 'Basic dXNlcjpwYXNz', 'x-api-key': keys.a })).toEqual({
      status: 401,
      code: 'API_KEY_MISSING',
    });
    expect(await list({ authorization: `Bearer ${keys.a}x` })).toEqual({
      status: 401,
      code: 'API_KEY_INVALID',
    });
  });

  it('keeps two accounts with colliding names apart: list, read, deliveries, redeliver, pause, delete', async () => {
    const mine = (await subscribe(keys.a)).body.subscription.id as string;
    // The same parcel, followed by the other account: tracking subscriptions are per account.
    const theirs = (await subscribe(keys.b)).body.subscription.id as string;
    const delivery = '01937a00-0000-7000-8000-0000000000d1';
    await insertDelivery(pool, {
      id: delivery,
      subscriptionId: mine,
      family: 'express',
      eventId: 'evt-1',
      eventKind: 'express.trace',
      subject: 'SF:SF-SAME-PARCEL',
      payload: {},
      state: 'pending',
      createdAt: new Date(),
    });
    await settleAttempt(pool, {
      id: delivery,
      attempt: 1,
      state: 'dead',
      nextAttemptAt: null,
      errorCode: 'HTTP_500',
      now: new Date(),
    });

    const listedByA = (await call('GET', '/subscriptions', keys.a)).body.dataList.map(
      (s: { id: string }) => s.id,
    );
    const listedByB = (await call('GET', '/subscriptions', keys.b)).body.dataList.map(
      (s: { id: string }) => s.id,
    );
    expect(listedByA).toEqual([mine]);
    expect(listedByB).toEqual([theirs]);
    // Every key of the account sees the account's subscriptions.
    expect((await call('GET', '/subscriptions', keys.aSecond)).body.dataList).toHaveLength(1);

    for (const [method, path, body] of [
      ['GET', `/subscriptions/${mine}`, undefined],
      ['GET', `/subscriptions/${mine}/deliveries`, undefined],
      ['GET', `/subscriptions/${mine}/deliveries/${delivery}/attempts`, undefined],
      ['POST', `/subscriptions/${mine}/redeliver`, { states: ['dead'] }],
      ['POST', `/subscriptions/${mine}/pause`, undefined],
      ['DELETE', `/subscriptions/${mine}`, undefined],
    ] as const) {
      const answer = await call(method, path, keys.b, body);
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 404,
        body: { code: 'SUBSCRIPTION_NOT_FOUND' },
      });
    }
    const redelivered = await call('POST', `/subscriptions/${mine}/redeliver`, keys.a, { states: ['dead'] });
    expect(redelivered.body.redelivered).toEqual([delivery]);
    // The operator sees both.
    expect((await call('GET', '/subscriptions', keys.operator)).body.dataList).toHaveLength(2);
    expect((await call('DELETE', `/subscriptions/${theirs}`, keys.b)).status).toBe(200);
    expect((await call('GET', `/subscriptions/${mine}`, keys.a)).body.subscription.state).toBe('active');
  });

  it('refuses a malformed management body by its schema, naming the field, in both languages', async () => {
    const id = (await call('GET', '/subscriptions', keys.a)).body.dataList[0].id;
    const answer = await call('POST', `/subscriptions/${id}/redeliver`, keys.a, { states: ['exploded'] });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: expect.stringContaining('states') }],
    });
    const changes = await call('POST', '/subscriptions/changes', keys.operator, {
      enterprise: 'x'.repeat(21),
      callbackUrl: 'http://127.0.0.1:9/',
    });
    expect(changes.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'enterprise' }] });
  });

  it('revoking a key: it cannot act, its subscriptions match no more, and queued pushes are cancelled', async () => {
    const id = (await call('GET', '/subscriptions', keys.a)).body.dataList[0].id as string;
    const queued = '01937a00-0000-7000-8000-0000000000d2';
    await insertDelivery(pool, {
      id: queued,
      subscriptionId: id,
      family: 'express',
      eventId: 'evt-2',
      eventKind: 'express.trace',
      subject: 'SF:SF-SAME-PARCEL',
      payload: {},
      state: 'pending',
      createdAt: new Date(),
    });
    const lookup = {
      families: ['express'] as const,
      keys: [expressSubject({ shipperCode: 'SF', logisticCode: 'SF-SAME-PARCEL' })],
      projection: 'express',
    };
    const before = await matchSubscriptions(pool, { ...lookup, families: [...lookup.families] });
    expect(before.map((match) => match.id)).toContain(id);
    expect((await findDeliveryForAttempt(pool, queued))?.subscriptionState).toBe('active');

    await revokeApiKey(pool, aKeyId, new Date());
    expect(await call('GET', '/subscriptions', keys.a)).toMatchObject({
      status: 401,
      body: { code: 'API_KEY_REVOKED' },
    });
    const after = await matchSubscriptions(pool, { ...lookup, families: [...lookup.families] });
    expect(after.map((match) => match.id)).not.toContain(id);
    // The delivery worker reads the subscription as gone and cancels instead of sending.
    expect((await findDeliveryForAttempt(pool, queued))?.subscriptionState).toBe('deleted');
    // The account's other key still manages (and can delete) what the account owns.
    expect((await call('GET', `/subscriptions/${id}`, keys.aSecond)).status).toBe(200);
  });
});

describe('existing keys and subscriptions migrate to accounts', () => {
  it("groups keys by their former owner id, keeps lenders' enterprises, lets partners submit anywhere, and owns subscriptions", async () => {
    const services = testServices();
    const schema = await createTestSchema(services.databaseUrl, 'ownmig');
    const pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
    try {
      // The schema as it was before accounts: the first three migrations.
      await runner({
        databaseUrl: schema.databaseUrl,
        dir: migrationsDir,
        direction: 'up',
        count: 3,
        migrationsTable: 'pgmigrations',
        schema: schema.schema,
        checkOrder: true,
        singleTransaction: true,
        logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      });
      const key = (id: string, kind: string, owner: string, name: string, enterprises: string[]) =>
        pool.query(
          `INSERT INTO api_keys (id, kind, owner_id, owner_name, enterprises, key_prefix, key_hash) VALUES ($1, $2, $3, $4, $5, 'tlk_x', $6)`,
          [id, kind, owner, name, enterprises, `hash-${id}`],
        );
      await key('01937a00-0000-7000-8000-000000000a01', 'lender', 'bank-a', 'Bank A', ['E1']);
      await key('01937a00-0000-7000-8000-000000000a02', 'lender', 'bank-a', 'BANK-A', ['E2']);
      await key('01937a00-0000-7000-8000-000000000a03', 'partner', 'acme', 'Acme', []);
      await pool.query(
        `INSERT INTO push_subscriptions (id, family, owner_kind, owner_id, key_id, callback_url, criteria, match_key, secret, created_at, updated_at)
         VALUES ('01937a00-0000-7000-8000-000000000b01', 'changes', 'lender', 'bank-a', '01937a00-0000-7000-8000-000000000a02',
           'http://x/', '{}', 'E2', 's', now(), now())`,
      );
      await migrate(schema.databaseUrl, { schema: schema.schema, logger: quietLogger });
      const accounts = await pool.query('SELECT id, kind, code, enterprises FROM accounts ORDER BY kind');
      expect(accounts.rows).toMatchObject([
        { kind: 'lender', code: 'bank-a', enterprises: ['E1', 'E2'] },
        { kind: 'partner', code: 'acme', enterprises: ['*'] },
      ]);
      const owned = await pool.query('SELECT account_id FROM push_subscriptions');
      expect(owned.rows[0].account_id).toBe(accounts.rows[0].id);
    } finally {
      await pool.end();
      await schema.drop();
    }
  });
});
