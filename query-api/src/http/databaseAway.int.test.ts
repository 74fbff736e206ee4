import { migrate } from '@tradelog/projections/migrate';
import { emptyAllowlist } from '@tradelog/projections/push/callbackTarget';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../../../tests/harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices } from '../../../tests/harness/index.ts';
import { startQueryAppUnderTest } from '../../../tests/harness/queryAppUnderTest.ts';
import { startTcpProxy, type TcpProxy } from '../../../tests/harness/tcpProxy.ts';
import { queryApiRouters } from '../routers.ts';

// Postgres cut off from the query API (a real one, through a proxy that drops its connections):
// a caller is told to come back, 503 in its language with Retry-After, never a 500 "internal
// error"; once Postgres answers again, so does the API.
describe('the query API while Postgres is away', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let direct: pg.Pool;
  let proxied: pg.Pool;
  let proxy: TcpProxy;
  let app: Awaited<ReturnType<typeof startQueryAppUnderTest>>;
  let lenderKey = '';

  beforeAll(async () => {
    schema = await createTestSchema(testServices().databaseUrl, 'dbaway');
    await migrate(schema.databaseUrl, { schema: schema.schema, logger: quietLogger });
    direct = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
    lenderKey = (await createTestApiKey(direct, 'lender', { ownerId: 'bank-away', enterprises: ['E1'] })).key;
    const database = new URL(schema.databaseUrl);
    proxy = await startTcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
    database.host = proxy.address;
    proxied = new pg.Pool({ connectionString: database.toString(), max: 4 });
    proxied.on('error', () => undefined);
    app = await startQueryAppUnderTest(
      proxied,
      queryApiRouters({ pool: proxied, namespace: schema.schema, callbackAllowlist: emptyAllowlist }),
    );
  });
  afterAll(async () => {
    await app?.close();
    await proxied?.end();
    await proxy?.close();
    await direct?.end();
    await schema?.drop();
  });

  const subscriptions = (lang = 'zh-CN') =>
    fetch(`${app.url}/subscriptions`, {
      headers: { authorization: `Bearer ${lenderKey}`, 'accept-language': lang },
    });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After while it is cut off, and serves again after', async () => {
    expect((await subscriptions()).status).toBe(200);
    proxy.cut();
    for (const [lang, message] of [
      ['zh-CN', '数据库暂不可用，请稍后重试'],
      ['en', 'The database is unavailable right now; retry shortly'],
    ]) {
      const away = await subscriptions(lang);
      expect(away.status).toBe(503);
      expect(away.headers.get('retry-after')).toBe('5');
      expect(await away.json()).toEqual({ flag: 'failure', code: 'DATABASE_UNAVAILABLE', message });
    }
    proxy.open();
    expect((await subscriptions()).status).toBe(200);
  });
});
