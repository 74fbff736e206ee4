import { migrate } from '@tradelog/projections/migrate';
import { emptyAllowlist } from '@tradelog/projections/push/callbackTarget';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../../../tests/harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices } from '../../../tests/harness/index.ts';
import { startQueryAppUnderTest } from '../../../tests/harness/queryAppUnderTest.ts';
import { createProjectionRoutes } from '../lenders/routes.ts';
import { attachReadCache, createReadCache } from '../reads/readCache.ts';
import { queryApiRouters } from '../routers.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field with expect
type Json = any;

// Accounts and keys through /ops on real Postgres: the command line's rules, answered in both
// languages; a key made here works at once and stops at its revoke; the audit names who did each.
describe('/ops/accounts', () => {
  const services = testServices();
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let queryApp: Awaited<ReturnType<typeof startQueryAppUnderTest>> | undefined;
  let base = '';
  let operatorKey = '';

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'accts');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 4 });
    operatorKey = (await createTestApiKey(pool, 'operator', { ownerId: 'ops-accounts' })).key;
    // The whole API as main.ts mounts it: the listings' parameters are checked on every router.
    queryApp = await startQueryAppUnderTest(
      pool,
      queryApiRouters({ pool, namespace: db.schema, callbackAllowlist: emptyAllowlist }),
    );
    base = queryApp.url;
  });

  afterAll(async () => {
    await queryApp?.close();
    await pool?.end();
    await db?.drop();
  });

  const call = async (path: string, body?: unknown, options: { key?: string; lang?: string } = {}) => {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${options.key ?? operatorKey}`,
        'content-type': 'application/json',
        'accept-language': options.lang ?? 'en',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('creates, grants, adds and revokes keys under the command line’s rules, and audits each', async () => {
    // The command line's rules, in both languages.
    const noEnterprise = await call('/ops/accounts', { kind: 'lender', name: 'Bank' });
    expect(noEnterprise).toMatchObject({ status: 400, body: { code: 'ACCOUNT_RULE' } });
    expect(noEnterprise.body.message).toMatch(/at least one --enterprise CODE/);
    const inChinese = await call('/ops/accounts', { kind: 'lender', name: 'Bank' }, { lang: 'zh-CN' });
    expect(inChinese.body.message).toBe('资金方密钥至少需要一个可查询的企业代码');
    expect(
      (await call('/ops/accounts', { kind: 'lender', name: 'Bank', enterprises: ['*'] })).body.message,
    ).toMatch(/cannot read any enterprise/);
    expect(
      (await call('/ops/accounts', { kind: 'subscriber', name: 'S', feeds: ['tracking.express'] })).status,
    ).toBe(400);

    const created = await call('/ops/accounts', {
      kind: 'lender',
      name: 'Bank of Tests',
      enterprises: ['E1'],
    });
    expect(created.status).toBe(201);
    expect(created.body.apiKey).toMatch(/^tlk_/);
    const account = created.body.account;
    expect(account).toMatchObject({ kind: 'lender', code: expect.any(String), enterprises: ['E1'] });
    // The same name again is another organisation: refused, never merged.
    expect(
      (await call('/ops/accounts', { kind: 'lender', name: 'Bank of Tests', enterprises: ['E2'] })).status,
    ).toBe(409);

    // The new key works at once: a lender key is let in and refused /ops (403, not 401).
    expect((await call('/ops/accounts', undefined, { key: created.body.apiKey })).status).toBe(403);

    expect((await call(`/ops/accounts/${account.id}/grant`, { enterprises: ['*'] })).status).toBe(400);
    const granted = await call(`/ops/accounts/${account.code}/grant`, { enterprises: ['E2'] });
    expect(granted.body.account.enterprises).toEqual(['E1', 'E2']);
    const withdrawn = await call(`/ops/accounts/${account.id}/withdraw`, { enterprises: ['E1'] });
    expect(withdrawn.body.account.enterprises).toEqual(['E2']);

    const second = await call(`/ops/accounts/${account.id}/keys`, { kind: 'lender' });
    expect(second.status).toBe(201);
    const listed = await call('/ops/accounts');
    const keys = listed.body.dataList.find((row: Json) => row.id === account.id).keys;
    expect(keys).toHaveLength(2);
    // Secrets are answered once, never listed.
    expect(JSON.stringify(listed.body)).not.toContain(created.body.apiKey);

    const revoked = await call(`/ops/keys/${keys[0].id}/revoke`, {});
    expect(revoked.body.key.revokedAt).toEqual(expect.any(String));
    expect((await call(`/ops/keys/00000000-0000-4000-8000-000000000000/revoke`, {})).status).toBe(404);

    const audit = await call('/ops/audit');
    expect(audit.body.dataList.map((entry: Json) => [entry.action, entry.actor]).reverse()).toEqual([
      ['account.created', 'ops-accounts'],
      ['key.created', 'ops-accounts'],
      ['grants.added', 'ops-accounts'],
      ['grants.withdrawn', 'ops-accounts'],
      ['key.created', 'ops-accounts'],
      ['key.revoked', 'ops-accounts'],
    ]);
    // Any enterprise is granted only when confirmed, and the account is then flagged as wide
    // (README "Upgrading: narrowing standing wildcards").
    const unconfirmed = await call('/ops/accounts', { kind: 'partner', name: 'Port', enterprises: ['*'] });
    expect(unconfirmed).toMatchObject({ status: 400, body: { code: 'ACCOUNT_RULE' } });
    expect(unconfirmed.body.message).toMatch(/add --confirm \(console: confirm any enterprise\)/);
    const wide = await call('/ops/accounts', {
      kind: 'partner',
      name: 'Port',
      enterprises: ['*'],
      confirmAnyEnterprise: true,
    });
    expect(wide.status).toBe(201);
    const flagged = (await call('/ops/accounts')).body.dataList.find(
      (row: Json) => row.id === wide.body.account.id,
    );
    expect(flagged.standingWildcard).toEqual({ anyEnterprise: true, everyFeed: false });
    expect(listed.body.dataList.find((row: Json) => row.id === account.id).standingWildcard).toBeNull();
  });

  it("answers a listing's parameter that is not what it takes 400, naming it (never a 500, never unfiltered)", async () => {
    const refused = {
      '/ops/dead-letters?after=abc': 'after must be a dead-letter id (decimal digits)',
      '/ops/dead-letters?after=99999999999999999999': 'after must be a dead-letter id (decimal digits)',
      '/ops/dead-letters?limit=-1': 'limit must be a whole number from 1 to 500',
      '/ops/dead-letters?projection=colateral': expect.stringMatching(
        /^projection must be one of document-index, /,
      ),
      '/ops/dead-letters?state=gone': 'state must be one of open, retrying, resolved, superseded, discarded',
      '/ops/audit?limit=-5': 'limit must be a whole number from 1 to 500',
      '/ops/audit?limit=501': 'limit must be a whole number from 1 to 500',
      '/ops/audit?before=yesterday': 'before must be an audit entry id (decimal digits)',
      '/ops/audit?action=key.stolen': expect.stringMatching(
        /^action must be one of rebuild.requested, .*key.revoked/,
      ),
      '/ops/leads?limit=0': 'limit must be a whole number from 1 to 200',
      '/documents?limit=1000': 'limit must be a whole number from 1 to 200',
      '/subscriptions?limit=abc': 'limit must be a whole number from 1 to 500',
      '/ops/unattributed/collateral?page=abc': 'page must be a whole number from 1 to 1000000000',
      '/usage/tracking?from=2030-01-01&to=2029-01-01': 'from must not be later than to',
    };
    for (const [path, message] of Object.entries(refused)) {
      expect(await call(path), path).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED', message },
      });
    }
    for (const path of [
      '/ops/dead-letters?projection=collateral&state=open&after=0&limit=5',
      '/ops/dead-letters?state=',
      '/ops/audit?action=key.created&before=999&limit=500',
      '/documents?before=&limit=5',
    ]) {
      expect((await call(path)).status, path).toBe(200);
    }
  });

  it('refuses a revoked key at once on the instance that revoked it, without waiting for the notification', async () => {
    // An instance with a long key TTL whose listener hears another database: it trusts its cache
    // and no notification of this schema's commits ever reaches it.
    const deaf = new URL(db.databaseUrl);
    deaf.pathname = '/postgres';
    const cachedPool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
    const cache = await createReadCache({
      pool: cachedPool,
      connectionString: deaf.toString(),
      logger: quietLogger,
      keyTtlMs: 600_000,
    });
    attachReadCache(cachedPool, cache);
    const instance = await startQueryAppUnderTest(cachedPool, [
      createProjectionRoutes({ pool: cachedPool, namespace: db.schema }),
    ]);
    try {
      const { url } = instance;
      const asKey = (key: string, path: string, method = 'GET') =>
        fetch(`${url}${path}`, {
          method,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          ...(method === 'POST' ? { body: '{}' } : {}),
        });
      const second = await createTestApiKey(pool, 'operator', { ownerId: 'ops-accounts-second' });
      // Cached by this instance.
      expect((await asKey(second.key, '/ops/accounts')).status).toBe(200);
      expect((await asKey(operatorKey, `/ops/keys/${second.id}/revoke`, 'POST')).status).toBe(200);
      expect((await asKey(second.key, '/ops/accounts')).status).toBe(401);
    } finally {
      await instance.close();
      await cache.close();
      await cachedPool.end();
    }
  });
});
