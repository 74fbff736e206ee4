import type { AddressInfo } from 'node:net';
import { migrate } from '@tradelog/projections/migrate';
import { createLogger } from '@tradelog/schemas';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../../../tests/harness/apiKeys.ts';
import { createTestSchema, testServices } from '../../../tests/harness/index.ts';
import { createApp } from '../app.ts';
import { purgePortal } from './portalStore.ts';
import { createPortalRoleRoutes } from './roleRoutes.ts';

/** The portal content API over HTTP, with its state in real Postgres (own schema). */
describe('content router over HTTP (real Postgres)', () => {
  const quiet = createLogger({ service: 'test' }, { write: () => {} });
  const sent: { phone: string; code: string }[] = [];
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let base = '';
  let operatorKey = '';
  let close: () => void = () => {};
  let now = Date.UTC(2026, 5, 1);

  beforeAll(async () => {
    schema = await createTestSchema(testServices().databaseUrl, 'portal');
    await migrate(schema.databaseUrl, { schema: schema.schema, logger: quiet });
    pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 3 });
    const app = createApp({
      logger: quiet,
      content: {
        pool,
        clock: { now: () => now },
        logger: quiet,
        product: 'tradelog',
        sendSms: async (phone, code) => void sent.push({ phone, code }),
        smsMaxAttempts: 3,
      },
      routers: [createPortalRoleRoutes({ pool })],
    });
    operatorKey = (await createTestApiKey(pool, 'operator', { ownerId: 'portal-ops' })).key;
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/portal-api`;
    close = () => server.close();
  });
  afterAll(async () => {
    close();
    await pool?.end();
    await schema?.drop();
  });

  const form = (body: Record<string, string>) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  const person = (phone: string) => ({
    name: '李明',
    companyName: '深圳前海数贸科技有限公司',
    phone,
    password: 'abc12345',
    email: 'li@example.com',
  });

  it('answers form-encoded menu calls in the payload language', async () => {
    const response = await fetch(`${base}/helpAndRuleCenter/index`, form({ columnId: '4218', lang: 'en' }));
    const body = (await response.json()) as { result: number; data: { name: string }[] };
    expect(body.result).toBe(1);
    expect(body.data[0]!.name).toBe('Getting started');
  });

  it('filters finance products by query parameters and 404s unknown articles', async () => {
    const all = (await (await fetch(`${base}/api/front/confront/products.do?lang=cn`)).json()) as {
      data: unknown[];
    };
    const some = (await (
      await fetch(`${base}/api/front/confront/products.do?dataType=patents&lang=cn`)
    ).json()) as { data: unknown[] };
    expect(some.data.length).toBeLessThan(all.data.length);
    const missing = await fetch(
      `${base}/api/front/meet/articleDetails.do`,
      form({ id: '999999', lang: 'en' }),
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ result: 0, msg: 'This page could not be found' });
  });

  it('registers with a sent code, rejects a wrong one, and knows the session', async () => {
    const phone = '13912345678';
    expect((await fetch(`${base}/api/front/other/sms.do`, form({ phone, lang: 'cn' }))).status).toBe(200);
    expect(sent.at(-1)?.phone).toBe(phone);
    const again = await fetch(`${base}/api/front/other/sms.do`, form({ phone, lang: 'en' }));
    expect(again.status).toBe(429);
    const wrong = await fetch(
      `${base}/api/front/other/registered.do`,
      form({ ...person(phone), code: '000000', lang: 'en' }),
    );
    expect(await wrong.json()).toEqual({ result: 0, msg: 'Verification code error' });
    const right = await fetch(
      `${base}/api/front/other/registered.do`,
      form({ ...person(phone), code: sent.at(-1)!.code, lang: 'cn' }),
    );
    const registered = (await right.json()) as { result: number; data: { session: string } };
    expect(registered.result).toBe(1);
    const info = await fetch(`${base}/api/front/user/info.do`, form({ session: registered.data.session }));
    expect(await info.json()).toMatchObject({ result: 1, data: { name: '李明' } });
    const stale = await fetch(`${base}/api/front/user/info.do`, form({ session: 'nope' }));
    expect(await stale.json()).toMatchObject({ result: 0 });
    // Nothing of it is kept in plain text.
    const stored = await pool.query('SELECT * FROM portal_sessions, portal_accounts');
    expect(JSON.stringify(stored.rows)).not.toContain(registered.data.session);
    expect(JSON.stringify(stored.rows)).not.toContain('abc12345');
  });

  it('burns a code after too many wrong guesses: even the right code then fails', async () => {
    const phone = '13912340000';
    expect((await fetch(`${base}/api/front/other/sms.do`, form({ phone }))).status).toBe(200);
    const code = sent.at(-1)!.code;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const guess = (value: string) =>
      fetch(
        `${base}/api/front/other/registered.do`,
        form({ ...person(phone), code: value, lang: 'en' }),
      ).then((r) => r.json() as Promise<{ result: number; msg: string }>);
    expect(await guess(wrongCode)).toEqual({ result: 0, msg: 'Verification code error' });
    expect(await guess(wrongCode)).toEqual({ result: 0, msg: 'Verification code error' });
    const third = await guess(wrongCode);
    expect(third.msg).toMatch(/no longer works/);
    expect(await guess(code)).toMatchObject({ result: 0, msg: expect.stringMatching(/no longer works/) });
    const row = await pool.query('SELECT failed_attempts, burned_at FROM portal_codes WHERE phone = $1', [
      phone,
    ]);
    expect(row.rows[0]).toMatchObject({ failed_attempts: 3, burned_at: expect.any(Date) });
    // A new code, a minute later, works again.
    now += 61_000;
    expect((await fetch(`${base}/api/front/other/sms.do`, form({ phone }))).status).toBe(200);
    expect(await guess(sent.at(-1)!.code)).toMatchObject({ result: 1 });
  });

  it('expires a code after five minutes', async () => {
    const phone = '13912341111';
    expect((await fetch(`${base}/api/front/other/sms.do`, form({ phone }))).status).toBe(200);
    now += 5 * 60_000 + 1;
    const late = await fetch(
      `${base}/api/front/other/registered.do`,
      form({ ...person(phone), code: sent.at(-1)!.code, lang: 'en' }),
    );
    expect(((await late.json()) as { msg: string }).msg).toMatch(/expired/);
  });

  it('saves the forms of §3 as JSON in Postgres and validates their phone numbers and sizes', async () => {
    const save = (body: unknown) =>
      fetch(`${base}/tradelog-order/customerDemand/save`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const lead = {
      form: 'contact',
      name: '王芳',
      phone: '020-87654321',
      industry: '110',
      demand: '保税仓储',
      lang: 'cn',
    };
    const good = await save(lead);
    expect(await good.json()).toEqual({ result: 1, msg: 'success', data: null });
    const stored = await pool.query('SELECT form, fields FROM portal_leads ORDER BY id DESC LIMIT 1');
    expect(stored.rows[0]).toEqual({
      form: 'contact',
      fields: { name: '王芳', phone: '020-87654321', industry: '110', demand: '保税仓储' },
    });
    const bad = await save({ ...lead, phone: '12' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ result: 0, msg: '请输入正确电话号码' });
    const huge = await save({ ...lead, demand: 'x'.repeat(1001), lang: 'en' });
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { msg: string }).msg).toMatch(/1000/);
    const many = await save({
      ...lead,
      ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'v'])),
    });
    expect(many.status).toBe(400);
  });

  it('forgets leads past their retention, ended sessions and long-expired codes', async () => {
    await pool.query(
      `INSERT INTO portal_leads (form, fields, lang, created_at) VALUES ('message', '{"content":"old"}', 'cn', $1)`,
      [new Date(now - 400 * 86_400_000)],
    );
    const purged = await purgePortal(pool, {
      now: new Date(now + 31 * 86_400_000),
      leadsBefore: new Date(now - 365 * 86_400_000),
    });
    expect(purged.leads).toBe(1);
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    expect(purged.codes).toBeGreaterThanOrEqual(1);
    const old = await pool.query(`SELECT id FROM portal_leads WHERE fields->>'content' = 'old'`);
    expect(old.rows).toEqual([]);
    expect((await pool.query('SELECT count(*)::int AS n FROM portal_leads')).rows[0].n).toBeGreaterThan(0);
  });

  it('grants no role a visitor applied for: the request waits for an operator, and only a grant reaches the session', async () => {
    const phone = '13912349999';
    expect((await fetch(`${base}/api/front/other/sms.do`, form({ phone }))).status).toBe(200);
    const registered = (await (
      await fetch(
        `${base}/api/front/other/registered.do`,
        form({ ...person(phone), role: '150', code: sent.at(-1)!.code }),
      )
    ).json()) as { result: number; data: { session: string } };
    expect(registered.result).toBe(1);
    const info = async () =>
      (await (
        await fetch(`${base}/api/front/user/info.do`, form({ session: registered.data.session }))
      ).json()) as { result: number; data: { serverFlag: number } };
    // Applied for 150: no server-side access for it.
    expect((await info()).data.serverFlag).toBe(0);

    const ops = base.replace(/\/portal-api$/, '/ops');
    const operator = (method: string, path: string, body?: unknown, key = operatorKey) =>
      fetch(`${ops}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'accept-language': 'en',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    // The request is listed for an operator.
    const pending = (await (await operator('GET', '/portal/role-requests')).json()) as {
      dataList: { phone: string; requestedRole: string; grantedRole: string | null }[];
    };
    expect(pending.dataList).toContainEqual(
      expect.objectContaining({ phone, requestedRole: '150', grantedRole: null }),
    );
    // Only an operator key may grant, and only a role of the portal's list.
    expect(
      (await operator('PUT', `/portal/accounts/${phone}/role`, { role: '150' }, 'no-such-key')).status,
    ).toBe(401);
    expect((await operator('PUT', `/portal/accounts/${phone}/role`, { role: '999' })).status).toBe(400);
    expect((await operator('PUT', '/portal/accounts/13900000000/role', { role: '150' })).status).toBe(404);

    expect((await operator('PUT', `/portal/accounts/${phone}/role`, { role: '150' })).status).toBe(200);
    expect((await info()).data.serverFlag).toBe(3);
    const all = (await (await operator('GET', '/portal/role-requests?all=true')).json()) as {
      dataList: { phone: string; grantedRole: string | null; grantedBy: string | null }[];
    };
    expect(all.dataList).toContainEqual(
      expect.objectContaining({ phone, grantedRole: '150', grantedBy: 'portal-ops' }),
    );
    const stillPending = (await (await operator('GET', '/portal/role-requests')).json()) as {
      dataList: { phone: string }[];
    };
    expect(stillPending.dataList.map((row) => row.phone)).not.toContain(phone);

    expect((await operator('DELETE', `/portal/accounts/${phone}/role`)).status).toBe(200);
    expect((await info()).data.serverFlag).toBe(0);
  });
});
