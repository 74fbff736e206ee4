import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { migrate } from '@tradelog/projections/migrate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, waitFor } from '../harness/index.ts';
import { type QueryApiProcess, startQueryApi } from './queryApiProcess.ts';

/**
 * Nothing a visitor gives us lives only in memory: the real query-api process is stopped
 * (SIGTERM then SIGINT: it stops once, finishing the request in flight) and started again;
 * the account, its session and the saved forms are still there, and an operator lists the
 * leads. Codes go out through the HTTP SMS sender to a gateway on loopback.
 */
describe('portal state survives a query-api restart', () => {
  const services = testServices();
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let gateway: Server;
  const texted: { phone: string; code: string }[] = [];
  let env: Record<string, string> = {};
  let running: QueryApiProcess | undefined;

  beforeAll(async () => {
    schema = await createTestSchema(services.databaseUrl, 'portalrs');
    await migrate(schema.databaseUrl, { schema: schema.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
    gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        texted.push(JSON.parse(body));
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    env = {
      DATABASE_URL: schema.databaseUrl,
      PORTAL_SMS_SENDER: 'http',
      PORTAL_SMS_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`,
    };
  });
  afterAll(async () => {
    await running?.stop('SIGKILL');
    gateway?.close();
    await pool?.end();
    await schema?.drop();
  });

  // Portal writes are JSON (query-api/src/content/README.md "Writes"); the session is a cookie.
  const post = (url: string, body: Record<string, string>, cookie?: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const form = (url: string, body: Record<string, string>, cookie?: string) =>
    post(url, body, cookie).then(
      (r) => r.json() as Promise<{ result: number; msg: string; data: { name?: string } | null }>,
    );

  it('keeps accounts, sessions and leads across a restart, finishes the request in flight, and lists leads for an operator', async () => {
    running = await startQueryApi(env);
    const api = `${running.url}/portal-api`;
    const phone = '13700001111';
    expect((await form(`${api}/api/front/other/sms.do`, { phone })).result).toBe(1);
    expect(texted).toEqual([{ phone, code: expect.stringMatching(/^\d{6}$/) }]);
    const registeredAnswer = await post(`${api}/api/front/other/registered.do`, {
      name: '陈静',
      companyName: '宁波保税物流有限公司',
      phone,
      password: 'pass1234',
      email: 'chen@example.com',
      acceptTerms: 'true',
      code: texted[0]!.code,
    });
    expect(((await registeredAnswer.json()) as { result: number }).result).toBe(1);
    const cookie = registeredAnswer.headers
      .getSetCookie()
      .find((line) => line.startsWith('SESSION='))!
      .split(';')[0]!;
    const save = (body: Record<string, string>) =>
      fetch(`${api}/tradelog-order/customerDemand/save`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    expect(
      await save({
        form: 'contact',
        name: '陈静',
        phone: '13700001111',
        industry: '110',
        demand: '保税仓储',
      }),
    ).toMatchObject({ result: 1 });

    // A form still being uploaded when SIGTERM (and then SIGINT) arrives is finished and stored.
    const url = new URL(`${api}/tradelog-order/customerDemand/save`);
    const body = JSON.stringify({ form: 'message', content: '请联系我们：在途请求' });
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            // A requirement message needs a logged-in sender.
            cookie,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 300);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const first = running;
    const exit = first.stop('SIGTERM', 'SIGINT');
    expect(await inFlight).toMatchObject({ status: 200 });
    expect(await exit).toBe(0);
    expect(first.output()).not.toMatch(/more than once|stop failed/);
    expect(first.output()).toMatch(/"msg":"stopped"|stopped/);

    running = await startQueryApi(env);
    const again = `${running.url}/portal-api`;
    expect(await form(`${again}/api/front/user/info.do`, {}, cookie)).toMatchObject({
      result: 1,
      data: { name: '陈静' },
    });
    const operator = await createTestApiKey(pool, 'operator', { ownerId: 'ops-portal' });
    const leads = await waitFor(async () => {
      const answer = await fetch(`${running!.url}/ops/leads`, {
        headers: { authorization: `Bearer ${operator.key}` },
      });
      return answer.ok
        ? ((await answer.json()) as { dataList: { form: string; fields: Record<string, string> }[] })
        : undefined;
    });
    expect(leads.dataList.map((lead) => lead.form)).toEqual(['message', 'contact']);
    expect(leads.dataList[0]!.fields).toEqual({ content: '请联系我们：在途请求' });
    const lender = await createTestApiKey(pool, 'lender', { ownerId: 'bank-portal', enterprises: ['E1'] });
    expect(
      (await fetch(`${running.url}/ops/leads`, { headers: { authorization: `Bearer ${lender.key}` } }))
        .status,
    ).toBe(403);
    expect(await running.stop('SIGINT')).toBe(0);
    running = undefined;
  });
});
