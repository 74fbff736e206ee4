import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, step, testServices, waitFor } from '../harness/index.ts';
import { type ProductAsStarted, startPortalAsNpmStart } from '../harness/productAsStarted.ts';
import { launchChromium } from '../rigs/portal/portalServer.ts';

/**
 * The portal as `npm start` serves it (query-api/src/content/README.md "Writes"): `node
 * deploy/start.ts` runs the query API and the portal's dev server with its proxy, on free ports
 * and a database of its own, and Chromium opens the dev server's pages — not a rig that serves
 * the portal and the content API on one origin, which is why the browser suites did not see the
 * dev server's proxy turn every portal write into a 403. A visitor asks for a code, registers,
 * logs out, logs in with the password and with a code, sends a requirement, and a live token
 * handed over with `?SESSION=` logs another browser in. Codes are read where a developer reads
 * them: the query API's log in npm start's terminal (PORTAL_SMS_SENDER=log).
 */
describe('the portal as npm start serves it, in Chromium', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let product: ProductAsStarted | undefined;
  let browser: Browser | undefined;
  let pool: pg.Pool | undefined;
  let web = '';

  beforeAll(async () => {
    database = await createTestDatabase(testServices().databaseUrl, 'npmstart');
    product = await step('npm start (query API and portal)', () =>
      startPortalAsNpmStart(database!.databaseUrl, { LOG_LEVEL: 'info', LOG_FORMAT: 'json' }),
    );
    web = product.urls.web!;
    pool = new pg.Pool({ connectionString: database.databaseUrl, max: 1 });
    browser = await step('chromium', launchChromium);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await pool?.end();
    await database?.drop();
  });

  const phone = '13612345678';
  const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  /** The verification codes the query API logged for the phone so far (npm start: PORTAL_SMS_SENDER=log). */
  const loggedCodes = () =>
    product!
      .terminal()
      .filter((line) => line.includes('verification code') && line.includes(masked))
      .map((line) => (JSON.parse(line.slice(line.indexOf('{'))) as { code: string }).code);
  /** Asks for a code on the page; the write's answer is checked first, so a refusal fails at once. */
  const codeFor = async (page: Page) => {
    const before = loggedCodes().length;
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/front/other/sms.do'));
    await page.getByRole('button', { name: 'Get code' }).click();
    const answer = await answered;
    expect(answer.status(), await answer.text()).toBe(200);
    await page.getByText(/^Code sent/).waitFor();
    return waitFor(() => loggedCodes()[before], { what: 'the code in the query API log' });
  };
  const header = (page: Page) => page.locator('.header-tools');
  const logOut = async (page: Page) => {
    await header(page).getByRole('button', { name: '韩梅梅' }).click();
    await header(page).getByRole('button', { name: 'Log out' }).click();
    await header(page).getByRole('link', { name: 'Log in', exact: true }).waitFor();
  };
  const userInfo = async (token: string) =>
    (await (
      await fetch(`${web}/portal-api/api/front/user/info.do`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `SESSION=${token}` },
        body: '{}',
      })
    ).json()) as { result: number; data?: { name?: string } };

  it('takes every write from its own pages: code, registration, both logins, logout, requirement, hand-over', async () => {
    const context = await browser!.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    // Every content call the pages make is watched: not one may be refused as foreign.
    const refused: string[] = [];
    const watch = (watched: Page) =>
      watched.on('response', (response) => {
        if (response.url().includes('/portal-api/') && response.status() === 403)
          refused.push(response.url());
      });
    const expectNoneRefused = () => expect(refused).toEqual([]);
    watch(page);

    // Registration, with a code asked for on the page.
    await page.goto(`${web}/en/newVersion/register`);
    const form = page.locator('form.form-card');
    await form.locator('[name="name"]').fill('韩梅梅');
    await form.locator('[name="companyName"]').fill('广州南沙数贸有限公司');
    await form.locator('[name="phone"]').fill(phone);
    const registrationCode = await codeFor(page);
    await form.locator('[name="code"]').fill(registrationCode);
    await form.locator('[name="password"]').fill('pass1234');
    await form.locator('[name="confirmPassword"]').fill('pass1234');
    await form.locator('[name="email"]').fill('han.meimei@example.com');
    await form.locator('[name="terms"]').check();
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Registration successful' }).waitFor();
    await header(page).getByRole('button', { name: '韩梅梅' }).waitFor();
    await logOut(page);

    // The password login, from the header's link.
    await header(page).getByRole('link', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${web}/en/newVersion/login`);
    await form.locator('[name="phone"]').fill(phone);
    await form.locator('[name="password"]').fill('pass1234');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Logged in' }).waitFor();
    await logOut(page);

    // The code login (registration spent the first code, so a second may be sent at once).
    await page.goto(`${web}/en/newVersion/codeLogin`);
    await form.locator('[name="phone"]').fill(phone);
    await form.locator('[name="code"]').fill(await codeFor(page));
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Logged in' }).waitFor();

    // A requirement from the account's menu, stored with its sender.
    await header(page).getByRole('button', { name: '韩梅梅' }).click();
    await header(page).getByRole('link', { name: 'Submit requirement' }).click();
    await form.locator('[name="content"]').fill('需要南沙保税仓 300 平方米，六个月');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Submit success' }).waitFor();
    const { rows } = await pool!.query(
      `SELECT form, fields, account_phone, sender_name, sender_phone FROM portal_leads ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        form: 'message',
        fields: expect.objectContaining({ content: '需要南沙保税仓 300 平方米，六个月' }),
        account_phone: phone,
        sender_name: '韩梅梅',
        sender_phone: phone,
      },
    ]);
    await logOut(page);
    expectNoneRefused();
    await context.close();

    // A live token (a non-browser login, as the management platform holds one) handed over with
    // ?SESSION= logs a fresh browser in, once: the token itself is ended.
    const login = await fetch(`${web}/portal-api/api/front/user/login.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, password: 'pass1234', lang: 'en' }),
    });
    const token = /SESSION=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    expect(token, await login.text()).toBeDefined();
    expect(await userInfo(decodeURIComponent(token!))).toMatchObject({ result: 1 });
    const handOver = await browser!.newContext();
    const other = await handOver.newPage();
    watch(other);
    await other.goto(`${web}/en?SESSION=${Buffer.from(decodeURIComponent(token!)).toString('base64')}`);
    await header(other).getByRole('button', { name: '韩梅梅' }).waitFor();
    expect(other.url()).toBe(`${web}/en`);
    expect(await userInfo(decodeURIComponent(token!))).toMatchObject({ result: 0 });
    const cookie = (await handOver.cookies()).find((entry) => entry.name === 'SESSION');
    expect(await userInfo(cookie!.value)).toMatchObject({ result: 1, data: { name: '韩梅梅' } });
    expectNoneRefused();
    await handOver.close();
  });
});
