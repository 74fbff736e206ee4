import type { AddressInfo } from 'node:net';
import { migrate } from '@tradelog/projections/migrate';
import { createLogger } from '@tradelog/schemas';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../../../tests/harness/apiKeys.ts';
import { createTestSchema, testServices } from '../../../tests/harness/index.ts';
import { createApp } from '../app.ts';
import { createIpLocator } from './ipLocation.ts';
import { createLeadRoutes } from './leadRoutes.ts';
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
        locateIp: createIpLocator(),
      },
      routers: [createPortalRoleRoutes({ pool }), createLeadRoutes({ pool })],
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
  // Portal writes are JSON (README "Writes"); `cookie` carries a session as the browser would.
  const json = (body: Record<string, string>, cookie?: string) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  /** The `SESSION=…` pair of an answer's Set-Cookie, as the browser would send it back. */
  const cookieOf = (response: Response) => {
    const set = response.headers.getSetCookie().find((line) => line.startsWith('SESSION='));
    return set?.split(';')[0];
  };
  const userInfo = async (cookie: string | undefined) =>
    (await (await fetch(`${base}/api/front/user/info.do`, json({}, cookie))).json()) as {
      result: number;
      data?: { name: string; serverFlag: number };
    };
  const ops = () => base.replace(/\/portal-api$/, '/ops');
  const person = (phone: string) => ({
    name: '李明',
    companyName: '深圳前海数贸科技有限公司',
    phone,
    password: 'abc12345',
    email: 'li@example.com',
    acceptTerms: 'true',
  });

  it('answers form-encoded menu calls in the payload language', async () => {
    const response = await fetch(`${base}/helpAndRuleCenter/index`, form({ columnId: '4218', lang: 'en' }));
    const body = (await response.json()) as { result: number; data: { name: string }[] };
    expect(body.result).toBe(1);
    expect(body.data[0]!.name).toBe('Getting started');
  });

  it('serves the operator content marked as sample, the site settings, keywords and settle roles', async () => {
    const call = async <T>(path: string, body: Record<string, string> = { lang: 'en' }) =>
      ((await (await fetch(`${base}/${path}`, form(body))).json()) as { result: number; data: T }).data;
    const site = await call<{
      sample: boolean;
      contact: { hotline: string };
      site: { regionalSites: unknown[] };
    }>('api/front/home/bottom.do');
    expect(site).toMatchObject({ sample: true, contact: { hotline: '400-000-0000' } });
    expect(site.site.regionalSites).toHaveLength(3);
    const home = await call<{ sample: boolean; partners: string[]; figures: unknown[] }>(
      'api/front/home/index.do',
    );
    expect(home.sample).toBe(true);
    expect(home.partners[0]).toMatch(/^Sample partner/);
    expect((await call<Record<string, string>>('api/front/meet/keyword.do', { lang: 'cn' })).home).toContain(
      '数字贸易',
    );
    expect(await call<{ value: string }[]>('api/front/joinus/settleRoles.do')).toEqual(
      ['100', '110', '120', '130', '140', '150', '160', '170', '180', '190'].map((value) => ({ value })),
    );
  });

  it('looks up the visitor’s city in the IP database, through the trusted proxy’s forwarded address', async () => {
    const cityFor = async (forwardedFor?: string) =>
      (
        (await (
          await fetch(`${base}/tradelog-official/ip2region/search`, {
            headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {},
          })
        ).json()) as { data: [string, { cityName: string }] }
      ).data;
    expect(await cityFor('222.75.0.1')).toEqual(['222.75.0.1', { cityName: '银川市' }]);
    expect((await cityFor())[1]).toEqual({ cityName: '' });
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
    expect((await fetch(`${base}/api/front/other/sms.do`, json({ phone, lang: 'cn' }))).status).toBe(200);
    expect(sent.at(-1)?.phone).toBe(phone);
    const again = await fetch(`${base}/api/front/other/sms.do`, json({ phone, lang: 'en' }));
    expect(again.status).toBe(429);
    const wrong = await fetch(
      `${base}/api/front/other/registered.do`,
      json({ ...person(phone), code: '000000', lang: 'en' }),
    );
    expect(await wrong.json()).toEqual({ result: 0, msg: 'Verification code error' });
    const right = await fetch(
      `${base}/api/front/other/registered.do`,
      json({ ...person(phone), code: sent.at(-1)!.code, lang: 'cn' }),
    );
    expect(await right.json()).toMatchObject({ result: 1 });
    // The session is the server's HttpOnly cookie, never in the body (README "Sessions").
    const setCookie = right.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/^SESSION=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/m);
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = cookieOf(right)!;
    expect(await userInfo(cookie)).toMatchObject({ result: 1, data: { name: '李明' } });
    const stale = await fetch(`${base}/api/front/user/info.do`, json({}, 'SESSION=nope'));
    expect(await stale.json()).toMatchObject({ result: 0 });
    expect(stale.headers.getSetCookie().join()).toMatch(/SESSION=; Max-Age=0/);
    // Nothing of it is kept in plain text.
    const stored = await pool.query('SELECT * FROM portal_sessions, portal_accounts');
    expect(JSON.stringify(stored.rows)).not.toContain(cookie.slice('SESSION='.length));
    expect(JSON.stringify(stored.rows)).not.toContain('abc12345');
  });

  it('serves the terms and privacy texts and records their acceptance with the registration', async () => {
    const terms = (await (
      await fetch(`${base}/api/front/home/registrationTerms`, form({ lang: 'en' }))
    ).json()) as { result: number; data: { version: string; title: string; body: unknown[] } };
    expect(terms).toMatchObject({ result: 1, data: { title: expect.stringMatching(/Terms/) } });
    const privacy = (await (await fetch(`${base}/api/front/home/legalSecrecy.do`, form({}))).json()) as {
      data: { version: string; title: string };
    };
    expect(privacy.data.title).toMatch(/隐私政策/);

    const phone = '13912345676';
    await fetch(`${base}/api/front/other/sms.do`, json({ phone }));
    const { acceptTerms: _accepted, ...refusing } = person(phone);
    const unaccepted = await fetch(
      `${base}/api/front/other/registered.do`,
      json({ ...refusing, code: sent.at(-1)!.code, lang: 'en' }),
    );
    expect(await unaccepted.json()).toEqual({ result: 0, msg: 'I accept the Terms and Conditions' });
    const accepted = await fetch(
      `${base}/api/front/other/registered.do`,
      json({ ...person(phone), code: sent.at(-1)!.code }),
    );
    expect(await accepted.json()).toMatchObject({ result: 1 });
    const row = await pool.query(
      'SELECT terms_version, privacy_version, terms_accepted_at FROM portal_accounts WHERE phone = $1',
      [phone],
    );
    expect(row.rows[0]).toEqual({
      terms_version: terms.data.version,
      privacy_version: privacy.data.version,
      terms_accepted_at: new Date(now),
    });
  });

  it('logs in with the password, with a code, and logs out on the server', async () => {
    const phone = '13912345670';
    await fetch(`${base}/api/front/other/sms.do`, json({ phone }));
    const registered = await fetch(
      `${base}/api/front/other/registered.do`,
      json({ ...person(phone), code: sent.at(-1)!.code }),
    );
    const first = cookieOf(registered)!;
    const login = (body: Record<string, string>) => fetch(`${base}/api/front/user/login.do`, json(body));

    const wrong = await login({ phone, password: 'wrong999', lang: 'en' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ result: 0, msg: 'Wrong phone number or password' });
    // An unknown phone answers exactly as a wrong password.
    expect(await (await login({ phone: '13900000001', password: 'abc12345', lang: 'en' })).json()).toEqual({
      result: 0,
      msg: 'Wrong phone number or password',
    });
    const byPassword = await login({ phone, password: 'abc12345' });
    expect(await byPassword.json()).toMatchObject({ result: 1 });
    const second = cookieOf(byPassword)!;
    expect(await userInfo(second)).toMatchObject({ result: 1, data: { name: '李明' } });

    now += 61_000;
    expect((await fetch(`${base}/api/front/other/sms.do`, json({ phone }))).status).toBe(200);
    const code = sent.at(-1)!.code;
    expect((await login({ phone, code: code === '000000' ? '111111' : '000000', lang: 'en' })).status).toBe(
      400,
    );
    const byCode = await login({ phone, code });
    expect(await byCode.json()).toMatchObject({ result: 1 });
    const third = cookieOf(byCode)!;
    expect(await userInfo(third)).toMatchObject({ result: 1 });
    // The code is spent.
    expect((await login({ phone, code })).status).toBe(400);

    // Logout ends that server session: the old cookie, replayed, opens nothing.
    const out = await fetch(`${base}/api/front/user/logout.do`, json({}, second));
    expect(await out.json()).toMatchObject({ result: 1 });
    expect(out.headers.getSetCookie().join()).toMatch(/SESSION=; Max-Age=0/);
    expect(await userInfo(second)).toMatchObject({ result: 0 });
    expect(await userInfo(first)).toMatchObject({ result: 1 });
  });

  it('accepts the platform’s SESSION hand-over once and answers a fresh cookie', async () => {
    const phone = '13912345671';
    await fetch(`${base}/api/front/other/sms.do`, json({ phone }));
    const registered = await fetch(
      `${base}/api/front/other/registered.do`,
      json({ ...person(phone), code: sent.at(-1)!.code }),
    );
    const token = cookieOf(registered)!.slice('SESSION='.length);
    const handOver = () => fetch(`${base}/api/front/user/handover.do`, json({ session: token, lang: 'en' }));
    const accepted = await handOver();
    expect(await accepted.json()).toMatchObject({ result: 1 });
    const fresh = cookieOf(accepted)!;
    expect(fresh).not.toBe(`SESSION=${token}`);
    expect(await userInfo(fresh)).toMatchObject({ result: 1 });
    const replayed = await handOver();
    expect(replayed.status).toBe(401);
    expect(await userInfo(`SESSION=${token}`)).toMatchObject({ result: 0 });
  });

  it('marks the cookie Secure when the trusted proxy says the visitor came over TLS', async () => {
    const phone = '13912345672';
    await fetch(`${base}/api/front/other/sms.do`, json({ phone }));
    const answer = await fetch(`${base}/api/front/other/registered.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ ...person(phone), code: sent.at(-1)!.code }),
    });
    expect(answer.headers.getSetCookie().join()).toMatch(/HttpOnly; SameSite=Lax; Secure/);
  });

  it('issues one code for ten concurrent requests for one phone', async () => {
    const phone = '13912345673';
    const before = sent.length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${base}/api/front/other/sms.do`, json({ phone }))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(429)]);
    expect(sent.slice(before).filter((entry) => entry.phone === phone)).toHaveLength(1);
  });

  it('refuses portal writes that are form-encoded or come from another origin', async () => {
    const phone = '13912345674';
    const before = sent.length;
    const formPost = await fetch(`${base}/api/front/other/sms.do`, {
      ...form({ phone, lang: 'en' }),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(formPost.status).toBe(415);
    expect(await formPost.json()).toEqual({
      result: 0,
      msg: 'Portal writes must be JSON (application/json)',
    });
    const foreign = await fetch(`${base}/api/front/other/sms.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ phone, lang: 'en' }),
    });
    expect(foreign.status).toBe(403);
    const crossSite = await fetch(`${base}/tradelog-order/customerDemand/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ form: 'message', content: 'x' }),
    });
    expect(crossSite.status).toBe(403);
    expect(sent.length).toBe(before);
    // The portal's own page: same origin.
    const own = await fetch(`${base}/api/front/other/sms.do`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: new URL(base).origin,
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify({ phone }),
    });
    expect(own.status).toBe(200);
  });

  it('stores requirement messages with their account and anonymous forms with their name and phone', async () => {
    const save = (body: Record<string, string>, cookie?: string) =>
      fetch(`${base}/tradelog-order/customerDemand/save`, json(body, cookie));
    // The logged-in check is the server's: no session, no message.
    const anonymous = await save({ form: 'message', content: '需要报关服务', lang: 'en' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ result: 0, msg: 'Please log in first' });

    const phone = '13912345675';
    await fetch(`${base}/api/front/other/sms.do`, json({ phone }));
    const cookie = cookieOf(
      await fetch(
        `${base}/api/front/other/registered.do`,
        json({ ...person(phone), code: sent.at(-1)!.code }),
      ),
    )!;
    expect(await (await save({ form: 'message', content: '需要海外仓报价' }, cookie)).json()).toMatchObject({
      result: 1,
    });
    expect(
      await (
        await save({ form: 'contact', name: '赵强', phone: '13800001111', industry: '110', demand: '清关' })
      ).json(),
    ).toMatchObject({ result: 1 });

    const listed = (await (
      await fetch(`${ops()}/leads?limit=5`, {
        headers: { authorization: `Bearer ${operatorKey}`, 'accept-language': 'en' },
      })
    ).json()) as { dataList: { form: string; fields: Record<string, string>; sender: unknown }[] };
    expect(listed.dataList.find((lead) => lead.fields.content === '需要海外仓报价')?.sender).toEqual({
      name: '李明',
      phone,
      account: { phone, name: '李明', companyName: '深圳前海数贸科技有限公司' },
    });
    expect(listed.dataList.find((lead) => lead.fields.demand === '清关')?.sender).toEqual({
      name: '赵强',
      phone: '13800001111',
      account: null,
    });
  });

  it('serves the home join band and saves join applications from home and join pages as leads with their sender', async () => {
    const band = (await (
      await fetch(`${base}/api/front/home/settlePlatform.do`, form({ lang: 'en' }))
    ).json()) as {
      result: number;
      data: { sample: boolean; lead: string; roles: { value: string }[] };
    };
    expect(band.result).toBe(1);
    expect(band.data.sample).toBe(true);
    expect(band.data.lead).toMatch(/^Sample: /);
    expect(band.data.roles).toHaveLength(10);

    const application = { name: '钱伟', phone: '13800002222', industry: '120', demand: '报关行申请入驻' };
    const settle = await fetch(`${base}/api/front/other/settle.do`, json(application));
    expect(await settle.json()).toEqual({ result: 1, msg: 'success', data: null });
    // The join page's call, from a logged-in visitor: the account is the sender.
    const phone = '13912345677';
    await fetch(`${base}/api/front/other/sms.do`, json({ phone }));
    const cookie = cookieOf(
      await fetch(
        `${base}/api/front/other/registered.do`,
        json({ ...person(phone), code: sent.at(-1)!.code }),
      ),
    )!;
    const joined = await fetch(
      `${base}/api/front/other/joinOrigin.do`,
      json({ ...application, demand: '仓储服务商申请入驻', industry: '110' }, cookie),
    );
    expect(await joined.json()).toMatchObject({ result: 1 });

    // Refusals: a missing field in the portal's wording, an industry that is no §6 role, a form post.
    const missing = await fetch(
      `${base}/api/front/other/settle.do`,
      json({ ...application, demand: '', lang: 'en' }),
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ result: 0, msg: 'Required' });
    expect(
      (await fetch(`${base}/api/front/other/joinOrigin.do`, json({ ...application, industry: '999' })))
        .status,
    ).toBe(400);
    expect((await fetch(`${base}/api/front/other/settle.do`, form(application))).status).toBe(415);

    const listed = (await (
      await fetch(`${ops()}/leads?form=signUp&limit=10`, {
        headers: { authorization: `Bearer ${operatorKey}` },
      })
    ).json()) as { dataList: { form: string; fields: Record<string, string>; sender: unknown }[] };
    expect(listed.dataList.find((lead) => lead.fields.demand === '报关行申请入驻')).toMatchObject({
      form: 'signUp',
      fields: application,
      sender: { name: '钱伟', phone: '13800002222', account: null },
    });
    expect(listed.dataList.find((lead) => lead.fields.demand === '仓储服务商申请入驻')?.sender).toEqual({
      name: '李明',
      phone,
      account: { phone, name: '李明', companyName: '深圳前海数贸科技有限公司' },
    });
    expect(listed.dataList.filter((lead) => lead.fields.demand === '报关行申请入驻')).toHaveLength(1);
  });

  it('burns a code after too many wrong guesses: even the right code then fails', async () => {
    const phone = '13912340000';
    expect((await fetch(`${base}/api/front/other/sms.do`, json({ phone }))).status).toBe(200);
    const code = sent.at(-1)!.code;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const guess = (value: string) =>
      fetch(
        `${base}/api/front/other/registered.do`,
        json({ ...person(phone), code: value, lang: 'en' }),
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
    expect((await fetch(`${base}/api/front/other/sms.do`, json({ phone }))).status).toBe(200);
    expect(await guess(sent.at(-1)!.code)).toMatchObject({ result: 1 });
  });

  it('expires a code after five minutes', async () => {
    const phone = '13912341111';
    expect((await fetch(`${base}/api/front/other/sms.do`, json({ phone }))).status).toBe(200);
    now += 5 * 60_000 + 1;
    const late = await fetch(
      `${base}/api/front/other/registered.do`,
      json({ ...person(phone), code: sent.at(-1)!.code, lang: 'en' }),
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
    expect((await fetch(`${base}/api/front/other/sms.do`, json({ phone }))).status).toBe(200);
    const registered = await fetch(
      `${base}/api/front/other/registered.do`,
      json({ ...person(phone), role: '150', code: sent.at(-1)!.code }),
    );
    expect(await registered.json()).toMatchObject({ result: 1 });
    const cookie = cookieOf(registered);
    const info = async () => (await userInfo(cookie)) as { result: number; data: { serverFlag: number } };
    // Applied for 150: no server-side access for it.
    expect((await info()).data.serverFlag).toBe(0);

    const operator = (method: string, path: string, body?: unknown, key = operatorKey) =>
      fetch(`${ops()}${path}`, {
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
