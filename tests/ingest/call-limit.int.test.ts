import { migrate } from '@tradelog/projections/migrate';
import { examples } from '@tradelog/schemas/documents/examples';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestLimits } from '../../ingest/src/limits/callLimit.ts';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName } from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';

/** Ingest's default per-key call limit, counted in Postgres, answered 429 with the standard headers. */
describe('ingest default per-key call limit', () => {
  const services = testServices();
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let key = '';

  beforeAll(async () => {
    schema = await createTestSchema(services.databaseUrl, 'ilimit');
    await migrate(services.databaseUrl, { schema: schema.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
    key = (await createTestApiKey(pool, 'partner', { ownerId: 'busy-partner' })).key;
    ingest = await startIngestUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      keysDatabaseUrl: schema.databaseUrl,
      topicSuffix: uniqueName('ilimit'),
      logger: quietLogger,
      keyLimit: { points: 5, windowSeconds: 60, per: 'caller' },
    });
  });
  afterAll(async () => {
    await ingest?.close();
    await pool?.end();
    await schema?.drop();
  });

  it('admits the configured number of submissions per key and window, then answers 429', async () => {
    const intf = ingest.interfaces.find((candidate) => candidate.id === 'purchase')!;
    const answers = [];
    for (let i = 0; i < 7; i++) {
      const response = await fetch(`${ingest.url}${intf.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${key}`,
          'accept-language': 'en',
        },
        body: JSON.stringify(examples.purchase),
      });
      answers.push({ status: response.status, headers: response.headers, body: await response.json() });
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(answers[5]!.body).toMatchObject({
      flag: 'failure',
      code: 'CALL_LIMIT_EXCEEDED',
      message: expect.stringMatching(/^Call limit exceeded: at most 5 calls per 60 s/),
    });
    expect(answers[5]!.headers.get('ratelimit-policy')).toBe('"partner-default";q=5;w=60');
    expect(Number(answers[5]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answers[0]!.headers.get('ratelimit')).toBe('"partner-default";r=4;t=60');
  });

  it('counts in Postgres in blocks, admitting exactly the limit to concurrent calls', async () => {
    // 100 a minute: blocks of 5 (leaseBlock); 30 calls at once, six times over.
    const limits = createIngestLimits({ points: 100, windowSeconds: 60, per: 'caller' }, pool);
    const subject = `k:${uniqueName('blocks')}`;
    let admitted = 0;
    for (let round = 0; round < 6; round++) {
      const verdicts = await Promise.all(
        Array.from({ length: 30 }, () => limits.consume('partner-default', subject)),
      );
      admitted += verdicts.filter((verdict) => verdict.allowed).length;
    }
    expect(admitted).toBe(100);
    const { rows } = await pool.query<{ points: number }>('SELECT points FROM call_limits WHERE key = $1', [
      `ingest:partner-default:${subject}`,
    ]);
    // Blocks taken while within the limit, plus the refused ones the store still counted.
    expect(rows[0]!.points).toBeGreaterThanOrEqual(100);
  });
});
