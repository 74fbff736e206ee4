import { randomBytes, scryptSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { migrate } from '@tradelog/projections/migrate';
import { createLogger } from '@tradelog/schemas';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, testServices } from '../../../tests/harness/index.ts';
import { createApp } from '../app.ts';
import type { AttemptRules } from './attemptLimits.ts';
import { parsePasswordHash } from './passwordHash.ts';
import { purgePortal } from './portalStore.ts';

const minute = 60_000;
const hour = 60 * minute;

/**
 * Accounts that resist guessing (README "Attempt limits", "Passwords", "Sessions"), over HTTP
 * against real Postgres: two query-api instances share one schema, as several instances share
 * one database, and each limit holds across both.
 */
describe('portal account security (real Postgres, two instances)', () => {
  const quiet = createLogger({ service: 'test' }, { write: () => {} });
  const sent: { phone: string; code: string }[] = [];
  // Phones whose texts the gateway fails to send.
  const undeliverable = new Set<string>();
  const rules: AttemptRules = {
    'codes-per-phone': { limit: 3, windowMs: 24 * hour },
    'codes-per-ip': { limit: 4, windowMs: 24 * hour },
    'code-failures': { limit: 4, windowMs: 24 * hour },
    'password-failures': { limit: 3, windowMs: hour },
  };
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  const bases: string[] = [];
  const servers: { close: () => void }[] = [];
  let now = Date.UTC(2026, 5, 1);
  let address = 0;

  beforeAll(async () => {
    schema = await createTestSchema(testServices().databaseUrl, 'portal_security');
    await migrate(schema.databaseUrl, { schema: schema.schema, logger: quiet });
    pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 6 });
    for (let instance = 0; instance < 2; instance++) {
      const app = createApp({
        logger: quiet,
        content: {
          pool,
          clock: { now: () => now },
          logger: quiet,
          product: 'tradelog',
          smsMaxAttempts: 3,
          attemptRules: rules,
          sendSms: async (phone, code) => {
            if (undeliverable.has(phone)) throw new Error('gateway refused');
            sent.push({ phone, code });
          },
        },
      });
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/portal-api`);
      servers.push(server);
    }
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    await pool?.end();
    await schema?.drop();
  });

  /** Each test its own client address (the trusted proxy on loopback forwards it), so per-address caps stay apart. */
  const newAddress = () => `198.51.100.${++address}`;
  const post = (
    instance: number,
    path: string,
    body: Record<string, string>,
    options: { ip: string; cookie?: string },
  ) =>
    fetch(`${bases[instance]}/api/front/${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': options.ip,
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body: JSON.stringify({ lang: 'en', ...body }),
    });
  const answer = async (response: Response) => ({
    status: response.status,
    ...((await response.json()) as { result: number; msg: string }),
  });
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((line) => line.startsWith('SESSION='))
      ?.split(';')[0];
  const requestCode = (instance: number, phone: string, ip: string) =>
    post(instance, 'other/sms.do', { phone }, { ip }).then(answer);
  const lastCode = (phone: string) => sent.filter((entry) => entry.phone === phone).at(-1)!.code;
  const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');
  const register = async (phone: string, ip: string, cookie?: string) => {
    await requestCode(0, phone, ip);
    const response = await post(
      0,
      'other/registered.do',
      {
        name: '李明',
        companyName: '深圳前海数贸科技有限公司',
        phone,
        password: 'abc12345',
        email: 'li@example.com',
        acceptTerms: 'true',
        code: lastCode(phone),
      },
      { ip, cookie },
    );
    expect(await answer(response.clone())).toMatchObject({ result: 1 });
    return cookieOf(response)!;
  };
  const userInfo = async (cookie: string) =>
    (await (await post(0, 'user/info.do', {}, { ip: newAddress(), cookie })).json()) as { result: number };

  it('sends a phone at most its day’s codes, across instances, and again once the day is over', async () => {
    const phone = '13700000001';
    const ip = newAddress();
    for (let index = 0; index < 3; index++) {
      expect(await requestCode(index % 2, phone, ip)).toMatchObject({ status: 200, result: 1 });
      now += 61_000;
    }
    const refused = await requestCode(1, phone, newAddress());
    expect(refused).toEqual({
      status: 429,
      result: 0,
      msg: expect.stringMatching(
        /^This phone number has been sent as many codes as allowed; try again in 24 hours$/,
      ),
    });
    const cn = await post(0, 'other/sms.do', { phone, lang: 'cn' }, { ip }).then(answer);
    expect(cn.msg).toMatch(/^该手机号获取验证码次数已达上限，请 24 小时后再试$/);
    expect(sent.filter((entry) => entry.phone === phone)).toHaveLength(3);
    now += 24 * hour;
    expect(await requestCode(0, phone, ip)).toMatchObject({ status: 200 });
  });

  it('sends an address at most its day’s codes, whatever the phones', async () => {
    const ip = newAddress();
    for (let index = 0; index < 4; index++)
      expect(await requestCode(index % 2, `1370000010${index}`, ip)).toMatchObject({ status: 200 });
    expect(await requestCode(0, '13700000109', ip)).toMatchObject({
      status: 429,
      msg: expect.stringMatching(/^This network has been sent as many codes as allowed/),
    });
    // Another address is not held back by it.
    expect(await requestCode(1, '13700000109', newAddress())).toMatchObject({ status: 200 });
  });

  it('counts a code the gateway failed to send against nothing', async () => {
    const phone = '13700000201';
    const ip = newAddress();
    undeliverable.add(phone);
    for (let index = 0; index < 5; index++) expect((await requestCode(0, phone, ip)).status).toBe(503);
    undeliverable.delete(phone);
    const windows = await pool.query(
      `SELECT kind, count FROM portal_attempts WHERE subject = ANY($1) ORDER BY kind`,
      [[phone, ip]],
    );
    expect(windows.rows).toEqual([
      { kind: 'codes-per-ip', count: 0 },
      { kind: 'codes-per-phone', count: 0 },
    ]);
    expect(await requestCode(1, phone, ip)).toMatchObject({ status: 200 });
  });

  it('keeps counting wrong codes across new codes, locks the phone, and lets it in once the window ends', async () => {
    const phone = '13700000301';
    const ip = newAddress();
    const registerWith = (code: string, instance = 0) =>
      post(
        instance,
        'other/registered.do',
        {
          name: '王芳',
          companyName: '杭州百联跨境贸易有限公司',
          phone,
          password: 'abc12345',
          email: 'wang@example.com',
          acceptTerms: 'true',
          code,
        },
        { ip },
      ).then(answer);
    await requestCode(0, phone, ip);
    const first = lastCode(phone);
    expect(await registerWith(wrongOf(first))).toMatchObject({ status: 400, msg: 'Verification code error' });
    expect(await registerWith(wrongOf(first), 1)).toMatchObject({ msg: 'Verification code error' });
    // The code's own limit (3) burns it; the phone has had three of its four.
    expect((await registerWith(wrongOf(first))).msg).toMatch(/no longer works/);
    now += 61_000;
    await requestCode(1, phone, ip);
    const second = lastCode(phone);
    // A new code does not start the count over: the fourth wrong guess locks the phone.
    expect(await registerWith(wrongOf(second), 1)).toEqual({
      status: 429,
      result: 0,
      msg: 'Too many wrong codes for this phone number: it is locked; try again in 24 hours',
    });
    expect(await registerWith(second)).toMatchObject({ status: 429, msg: expect.stringMatching(/locked/) });
    now += 61_000;
    expect(await requestCode(0, phone, ip)).toMatchObject({
      status: 429,
      msg: expect.stringMatching(/locked/),
    });
    const codeLogin = await post(1, 'user/login.do', { phone, code: second }, { ip }).then(answer);
    expect(codeLogin).toMatchObject({ status: 429, msg: expect.stringMatching(/locked/) });

    now += 24 * hour;
    expect(await requestCode(0, phone, newAddress())).toMatchObject({ status: 200 });
    expect(await registerWith(lastCode(phone), 1)).toMatchObject({ status: 200, result: 1 });
  });

  it('locks password login for an account after its wrong passwords, not its code login, until the window ends', async () => {
    const phone = '13700000401';
    const ip = newAddress();
    await register(phone, ip);
    const login = (password: string, instance = 0) =>
      post(instance, 'user/login.do', { phone, password }, { ip: newAddress() }).then(answer);
    expect(await login('wrong111')).toMatchObject({ status: 400, msg: 'Wrong phone number or password' });
    expect(await login('wrong222', 1)).toMatchObject({ status: 400, msg: 'Wrong phone number or password' });
    const lockout = await post(0, 'user/login.do', { phone, password: 'wrong333' }, { ip: newAddress() });
    expect(lockout.headers.get('retry-after')).toBe(String(60 * 60));
    const locked = await answer(lockout);
    expect(locked).toEqual({
      status: 429,
      result: 0,
      msg: 'Too many wrong passwords: password login is locked for this account; try again in 60 minutes or log in with a verification code',
    });
    // Locked even for the right password, on every instance.
    expect(await login('abc12345', 1)).toMatchObject({ status: 429, msg: expect.stringMatching(/locked/) });
    const cn = await post(0, 'user/login.do', { phone, password: 'abc12345', lang: 'cn' }, { ip }).then(
      answer,
    );
    expect(cn.msg).toBe('密码错误次数过多，该账号的密码登录已锁定，请 60 分钟后再试，或使用验证码登录');
    // The code login counts apart.
    now += 61_000;
    await requestCode(0, phone, ip);
    const byCode = await post(1, 'user/login.do', { phone, code: lastCode(phone) }, { ip }).then(answer);
    expect(byCode).toMatchObject({ status: 200, result: 1 });

    now += hour;
    expect(await login('abc12345', 1)).toMatchObject({ status: 200, result: 1 });
  });

  it('gives the attempt back when the password was right, and locks unknown phones alike', async () => {
    const phone = '13700000501';
    await register(phone, newAddress());
    const login = (who: string, password: string) =>
      post(0, 'user/login.do', { phone: who, password }, { ip: newAddress() }).then(answer);
    for (let round = 0; round < 4; round++)
      expect(await login(phone, 'abc12345')).toMatchObject({ result: 1 });
    expect(await login(phone, 'wrong111')).toMatchObject({ status: 400 });
    expect(await login(phone, 'abc12345')).toMatchObject({ status: 200 });

    // A phone without an account is counted too: its lock says nothing of whether it exists.
    const unknown = '13700000599';
    expect(await login(unknown, 'abc12345')).toMatchObject({
      status: 400,
      msg: 'Wrong phone number or password',
    });
    expect(await login(unknown, 'abc12345')).toMatchObject({ status: 400 });
    expect(await login(unknown, 'abc12345')).toMatchObject({
      status: 429,
      msg: expect.stringMatching(/locked/),
    });
  });

  it('checks at most the limit of concurrent wrong passwords, on both instances', async () => {
    const phone = '13700000601';
    await register(phone, newAddress());
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post(index % 2, 'user/login.do', { phone, password: `wrong${index}00` }, { ip: newAddress() }).then(
          answer,
        ),
      ),
    );
    const statuses = answers.map((entry) => entry.status).sort();
    // Three attempts admitted: two told "wrong", the last one told the account is now locked.
    expect(statuses).toEqual([400, 400, ...Array(8).fill(429)]);
    const window = await pool.query(
      `SELECT count FROM portal_attempts WHERE kind = 'password-failures' AND subject = $1`,
      [phone],
    );
    expect(window.rows).toEqual([{ count: 3 }]);
  });

  it('logs in with a hash stored under the old scrypt rules and rewrites it as Argon2id; a wrong password changes nothing', async () => {
    const phone = '13700000701';
    await register(phone, newAddress());
    const salt = randomBytes(16);
    const legacy = `${salt.toString('hex')}:${scryptSync('old12345', salt, 32).toString('hex')}`;
    await pool.query('UPDATE portal_accounts SET password_hash = $2 WHERE phone = $1', [phone, legacy]);
    const stored = async () =>
      (await pool.query('SELECT password_hash FROM portal_accounts WHERE phone = $1', [phone])).rows[0]
        .password_hash as string;

    const wrong = await post(0, 'user/login.do', { phone, password: 'old12346' }, { ip: newAddress() });
    expect(await answer(wrong)).toMatchObject({ status: 400, msg: 'Wrong phone number or password' });
    expect(await stored()).toBe(legacy);

    const right = await post(1, 'user/login.do', { phone, password: 'old12345' }, { ip: newAddress() });
    expect(await answer(right.clone())).toMatchObject({ status: 200, result: 1 });
    const upgraded = await stored();
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parsePasswordHash(upgraded)).toMatchObject({ algorithm: 'argon2id' });
    // The rewritten hash logs in as before.
    const again = await post(0, 'user/login.do', { phone, password: 'old12345' }, { ip: newAddress() });
    expect(await answer(again)).toMatchObject({ status: 200 });
    expect(await stored()).toBe(upgraded);
  });

  it('ends the session a login is made over: a fresh session id, the old one opens nothing', async () => {
    const phone = '13700000801';
    const ip = newAddress();
    const registered = await register(phone, ip);
    expect(await userInfo(registered)).toMatchObject({ result: 1 });

    // By password, over the registration's session.
    const byPassword = await post(
      1,
      'user/login.do',
      { phone, password: 'abc12345' },
      { ip, cookie: registered },
    );
    const second = cookieOf(byPassword)!;
    expect(second).toMatch(/^SESSION=.+/);
    expect(second).not.toBe(registered);
    expect(await userInfo(second)).toMatchObject({ result: 1 });
    expect(await userInfo(registered)).toMatchObject({ result: 0 });

    // By code, over the password login's session.
    now += 61_000;
    await requestCode(0, phone, ip);
    const byCode = await post(0, 'user/login.do', { phone, code: lastCode(phone) }, { ip, cookie: second });
    const third = cookieOf(byCode)!;
    expect(await userInfo(third)).toMatchObject({ result: 1 });
    expect(await userInfo(second)).toMatchObject({ result: 0 });

    // A session of another account planted in the browser (fixation) ends as well.
    const other = '13700000802';
    now += 61_000;
    const planted = await register(other, newAddress());
    const overPlanted = await post(
      0,
      'user/login.do',
      { phone, password: 'abc12345' },
      { ip, cookie: planted },
    );
    expect(await userInfo(cookieOf(overPlanted)!)).toMatchObject({ result: 1 });
    expect(await userInfo(planted)).toMatchObject({ result: 0 });
    // A failed login ends nothing.
    const failed = await post(0, 'user/login.do', { phone, password: 'nope1234' }, { ip, cookie: third });
    expect((await answer(failed)).status).toBe(400);
    expect(await userInfo(third)).toMatchObject({ result: 1 });
  });

  it('forgets attempt windows once the longest window has passed', async () => {
    const purged = await purgePortal(pool, {
      now: new Date(now),
      leadsBefore: new Date(0),
      attemptsBefore: new Date(now + 1),
    });
    expect(purged.attempts).toBeGreaterThan(0);
    expect((await pool.query('SELECT count(*)::int AS n FROM portal_attempts')).rows[0].n).toBe(0);
  });
});
