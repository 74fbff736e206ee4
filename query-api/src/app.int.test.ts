import type { AddressInfo } from 'node:net';
import { migrate } from '@tradelog/projections/migrate';
import { createLogger, TradelogError } from '@tradelog/schemas';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, testServices } from '../../tests/harness/index.ts';
import { createApp } from './app.ts';

describe('query-api app', () => {
  let base = '';
  let healthy = true;
  let close = () => {};
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    const logger = createLogger({ service: 'test' }, { write: () => {} });
    schema = await createTestSchema(testServices().databaseUrl, 'qapp');
    await migrate(schema.databaseUrl, { schema: schema.schema, logger });
    pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
    const app = createApp({
      logger,
      content: {
        pool,
        clock: { now: () => 0 },
        logger,
        product: 'tradelog',
        sendSms: async () => {
          throw new TradelogError('SMS_UNAVAILABLE', 'no gateway', { status: 503 });
        },
      },
      ready: async () => healthy,
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(async () => {
    close();
    await pool?.end();
    await schema?.drop();
  });

  it('is alive regardless of the probe and ready only while it answers (README "Observability")', async () => {
    expect((await fetch(`${base}/ready`)).status).toBe(200);
    healthy = false;
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const ready = await fetch(`${base}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', code: 'DATABASE_UNAVAILABLE' });
    healthy = true;
  });

  it('serves the content API under /portal-api', async () => {
    const answer = await fetch(`${base}/portal-api/api/front/expert/index.do`, { method: 'POST' });
    expect(((await answer.json()) as { result: number }).result).toBe(1);
  });

  it('answers an SMS failure with 503 and the §8-style text, not a stack', async () => {
    const answer = await fetch(`${base}/portal-api/api/front/other/sms.do`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone: '13812345678', lang: 'en' }),
    });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      result: 0,
      msg: 'The SMS service is unavailable; please try again later',
    });
  });

  it('answers a path it serves, asked with a method it does not take there, 405 with Allow', async () => {
    const read = await fetch(`${base}/open/info/link/node`, { headers: { 'Accept-Language': 'en' } });
    expect(read.status).toBe(405);
    expect(read.headers.get('allow')).toBe('POST');
    expect(await read.json()).toEqual({
      flag: 'failure',
      code: 'METHOD_NOT_ALLOWED',
      message: 'This interface takes POST, not GET',
    });
    const written = await fetch(`${base}/documents/01a22975-9aaa-74d9-989d-48a42c16a399`, { method: 'POST' });
    expect(written.status).toBe(405);
    expect(written.headers.get('allow')).toBe('GET');
    expect(((await written.json()) as { message: string }).message).toBe(
      '该接口只接受 GET 请求，不接受 POST',
    );
    // A path of no interface stays 404, whatever the method.
    expect((await fetch(`${base}/open/info/nothing`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses a body that is not JSON (or the portal’s form) by its type, 415, as ingest does', async () => {
    const sent = (headers: Record<string, string>) =>
      fetch(`${base}/open/info/link/node`, {
        method: 'POST',
        headers: { 'Accept-Language': 'en', ...headers },
        body: '{"customerCode":"E1"}',
      });
    for (const contentType of ['text/plain', 'application/xml', 'application/json; charset=gbk']) {
      const refused = await sent({ 'Content-Type': contentType });
      expect(refused.status, contentType).toBe(415);
      expect(await refused.json()).toEqual({
        flag: 'failure',
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The Content-Type header must be application/json (UTF-8)',
      });
    }
    expect((await sent({ 'Content-Type': 'application/json', 'Content-Encoding': 'compress' })).status).toBe(
      415,
    );
    // A call without a body needs no type: it gets past the body checks (this app mounts no
    // lender routes, so to not-found).
    const bare = await fetch(`${base}/open/info/link/node`, { method: 'POST' });
    expect(bare.status).toBe(404);
  });

  it('maps unknown paths and malformed JSON to the envelope in the caller’s language', async () => {
    const missing = await fetch(`${base}/nope`, { headers: { 'Accept-Language': 'en' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      flag: 'failure',
      code: 'NOT_FOUND',
      message: 'No such interface',
    });
    const broken = await fetch(`${base}/nope`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      flag: 'failure',
      code: 'VALIDATION_FAILED',
      message: "请求体不是合法的 JSON：第 1 行第 2 列：此处应为用双引号括起的字段名或 '}'",
    });
  });
});
