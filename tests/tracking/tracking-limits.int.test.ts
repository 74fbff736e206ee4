import { migrate } from '@tradelog/projections/migrate';
import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { parseQueryApiConfig } from '@tradelog/query-api/config';
import { createCallLimit } from '@tradelog/query-api/http/callLimit';
import { createSubscriptionRoutes } from '@tradelog/query-api/subscriptions/routes';
import { createTrackingRouter } from '@tradelog/query-api/tracking/router';
import { createCallLimits } from '@tradelog/schemas/kit/runtime/callLimits';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices } from '../harness/index.ts';
import { startQueryAppUnderTest } from '../harness/queryAppUnderTest.ts';

/**
 * §9's limits on the real tracking routes, each refusal in its family's convention: express
 * `{success: false, reason, code}`, air `{statusCode: 42900, …}`, ocean and terminal the envelope.
 * Windows are widened to a minute here so that the count, not the machine's speed, decides; the
 * production table (10/s instant query, 30/s subscription) is asserted from the config.
 */
describe('tracking call limits (query spec §9)', () => {
  const services = testServices();
  const config = parseQueryApiConfig({
    DATABASE_URL: services.databaseUrl,
    LIMIT_EXPRESS_QUERY_WINDOW_S: '60',
    LIMIT_SUBSCRIPTION_POINTS: '2',
    LIMIT_SUBSCRIPTION_WINDOW_S: '60',
    LIMIT_DEFAULT_KEY_POINTS: '3',
  });
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let queryApp: Awaited<ReturnType<typeof startQueryAppUnderTest>> | undefined;
  let base = '';

  beforeAll(async () => {
    schema = await createTestSchema(services.databaseUrl, 'trlim');
    await migrate(schema.databaseUrl, { schema: schema.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 6 });
    const callLimit = createCallLimit({
      keyed: createCallLimits({ table: config.callLimits, store: pool, prefix: 'query' }),
      public: createCallLimits({ table: config.callLimits, store: pool, prefix: 'query' }),
    });
    queryApp = await startQueryAppUnderTest(
      pool,
      [
        createSubscriptionRoutes({ pool, callbackAllowlist: parseAllowlist([]), callLimit }),
        createTrackingRouter({ pool, callLimit }),
      ],
      { callLimit },
    );
    base = queryApp.url;
  });
  afterAll(async () => {
    await queryApp?.close();
    await pool?.end();
    await schema?.drop();
  });

  const calls = async (key: string, path: string, body: unknown, count: number) => {
    const answers = [];
    for (let index = 0; index < count; index++) {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${key}`,
          'accept-language': 'en',
        },
        body: JSON.stringify(body),
      });
      answers.push({ status: response.status, body: (await response.json()) as Record<string, unknown> });
    }
    return answers;
  };

  it('keeps the spec’s table: instant query 10 per second, subscription 30 per second, per caller', () => {
    const production = parseQueryApiConfig({ DATABASE_URL: services.databaseUrl }).callLimits;
    expect(production['express-instant-query']).toMatchObject({
      points: 10,
      windowSeconds: 1,
      per: 'caller',
    });
    expect(production.subscription).toMatchObject({ points: 30, windowSeconds: 1, per: 'caller' });
  });

  it('refuses the 11th instant query in the express convention, per caller', async () => {
    const { key } = await createTestApiKey(pool, 'subscriber', { ownerId: 'trlim-express' });
    const answers = await calls(
      key,
      '/open/logistics/express/bird/instantQuery',
      { shipperCode: 'YTO', logisticCode: 'Y1' },
      11,
    );
    expect(answers.slice(0, 10).map((answer) => answer.body.code)).toEqual(Array(10).fill('NO_DATA'));
    expect(answers[10]).toMatchObject({
      status: 429,
      body: {
        success: false,
        code: 'CALL_LIMIT_EXCEEDED',
        reason: expect.stringMatching(/^Call limit exceeded/),
      },
    });
    const { key: other } = await createTestApiKey(pool, 'subscriber', { ownerId: 'trlim-other' });
    expect(
      (
        await calls(
          other,
          '/open/logistics/express/bird/instantQuery',
          { shipperCode: 'YTO', logisticCode: 'Y1' },
          1,
        )
      )[0]!.status,
    ).toBe(200);
  });

  it('refuses air queries and subscriptions with statusCode 42900, ocean queries in the envelope', async () => {
    const { key } = await createTestApiKey(pool, 'subscriber', { ownerId: 'trlim-air' });
    const air = await calls(key, '/open/freightower/trace/air', { businessNumber: '78412345675' }, 4);
    expect(air.map((answer) => answer.body.statusCode)).toEqual([20001, 20001, 20001, 42900]);
    expect(air[3]).toMatchObject({ status: 429, body: { status: 429, reason: 'CALL_LIMIT_EXCEEDED' } });
    const subscribe = { businessNumber: '78412345675', callbackUrl: 'https://hooks.example.com/air' };
    const subscriptions = await calls(key, '/open/freightower/trace/air', subscribe, 3);
    expect(subscriptions.map((answer) => answer.body.statusCode)).toEqual([20001, 20001, 42900]);
    const { key: oceanKey } = await createTestApiKey(pool, 'subscriber', { ownerId: 'trlim-ocean' });
    const ocean = await calls(
      oceanKey,
      '/open/freightower/trace/ocean',
      { params: { billNo: 'B1', carrierCode: 'AUTO' } },
      4,
    );
    expect(ocean.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(ocean[3]!.body).toMatchObject({ flag: 'failure', code: 'CALL_LIMIT_EXCEEDED' });
  });
});
