import { migrate } from '@tradelog/projections/migrate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices } from '../harness/index.ts';
import { stallOn } from '../harness/slowClient.ts';
import { type QueryApiProcess, startQueryApi } from './queryApiProcess.ts';

/**
 * Slow clients against the real query-api process, as tests/hostile/ingest.int.test.ts holds
 * ingest to them: the one service shell (schemas/src/kit/runtime/server.ts) cuts a client that never
 * finishes its headers, and answers 408 to one that never finishes its body, each within its
 * configured timeout (query-api/README.md "Configuration").
 */
const headersTimeoutMs = 1_000;
const requestTimeoutMs = 2_000;

describe('query-api and slow clients', () => {
  const services = testServices();
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let api: QueryApiProcess;
  let key = '';

  beforeAll(async () => {
    schema = await createTestSchema(services.databaseUrl, 'slowq');
    await migrate(schema.databaseUrl, { schema: schema.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
    key = (await createTestApiKey(pool, 'lender', { ownerId: 'slow-bank', enterprises: ['E1'] })).key;
    api = await startQueryApi({
      DATABASE_URL: schema.databaseUrl,
      LOG_LEVEL: 'warn',
      QUERY_API_HEADERS_TIMEOUT_MS: String(headersTimeoutMs),
      QUERY_API_REQUEST_TIMEOUT_MS: String(requestTimeoutMs),
    });
  });

  afterAll(async () => {
    await api?.stop('SIGTERM');
    await pool?.end();
    await schema?.drop();
  });

  it('cuts a client that never finishes its headers', async () => {
    const { closedAfterMs } = await stallOn(
      api.url,
      'POST /subscriptions/changes HTTP/1.1\r\nHost: x\r\nContent-Type: app',
    );
    expect(closedAfterMs).toBeLessThan(headersTimeoutMs + 2_000);
  });

  it('answers 408 to a client that never finishes its body, and keeps serving', async () => {
    const { answer, closedAfterMs } = await stallOn(
      api.url,
      `POST /subscriptions/changes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"enterprise":`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(requestTimeoutMs + 2_000);
    expect((await fetch(`${api.url}/health`)).status).toBe(200);
  });
});
