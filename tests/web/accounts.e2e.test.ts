import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLeadRoutes } from '@tradelog/query-api/content/leadRoutes';
import type pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../harness/documentPipeline.ts';
import { type PortalInBrowser, startPortalInBrowser } from '../rigs/portal/portalInBrowser.ts';
import type { PortalServer } from '../rigs/portal/portalServer.ts';

/**
 * Accounts that work, in Chromium (query-api/src/content/README.md "Sessions", "Leads",
 * "Writes"): a visitor registers, logs out, logs in again with the password and with a code,
 * and submits a requirement that an operator then sees with its sender; a third-party page's
 * form post to the portal is refused.
 */
describe('portal accounts in Chromium', () => {
  let database: TestDatabase<'operator'> | undefined;
  let web: PortalInBrowser | undefined;
  let pool: pg.Pool;
  let portal: PortalServer;
  let browser: Browser;
  let operatorKey = '';
  // The content API's clock: moved past the one-code-a-minute rule instead of waiting for it.
  let skew = 0;

  beforeAll(async () => {
    database = await startTestDatabase({
      prefix: 'portalacc',
      poolSize: 4,
      keys: { operator: { kind: 'operator', ownerId: 'ops-accounts-e2e' } },
    });
    pool = database.pool;
    operatorKey = database.keys.operator;
    web = await startPortalInBrowser({
      pool,
      now: () => Date.now() + skew,
      mount: (app) => app.use(createLeadRoutes({ pool })),
    });
    ({ portal, browser } = web);
  });
  afterAll(async () => {
    await web?.close();
    await database?.pool.end();
    await database?.db.drop();
  });

  const phone = '13512345678';
  const codeFor = async (page: Page, before: number) => {
    await page.getByRole('button', { name: 'Get code' }).click();
    await page.getByText(/^Code sent/).waitFor();
    const sent = portal.sentCodes.slice(before).filter((entry) => entry.phone === phone);
    expect(sent).toHaveLength(1);
    return sent[0]!.code;
  };
  const header = (page: Page) => page.locator('.header-tools');
  const logOut = async (page: Page) => {
    await header(page).getByRole('button', { name: '李雷' }).click();
    await header(page).getByRole('button', { name: 'Log out' }).click();
    await header(page).getByRole('link', { name: 'Log in', exact: true }).waitFor();
  };
  const sessionCookie = async (page: Page) =>
    (await page.context().cookies()).find((cookie) => cookie.name === 'SESSION');
  const userInfo = async (token: string) =>
    (await (
      await fetch(`${portal.url}/portal-api/api/front/user/info.do`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `SESSION=${token}` },
        body: '{}',
      })
    ).json()) as { result: number };

  it('registers, logs out, logs in with the password and with a code, and sends a requirement an operator sees with its sender', async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();

    // Register: the code arrives by "SMS", the server answers an HttpOnly session cookie.
    await page.goto(`${portal.url}/en/newVersion/register`);
    const form = page.locator('form.form-card');
    await form.locator('[name="name"]').fill('李雷');
    await form.locator('[name="companyName"]').fill('广州南沙数贸有限公司');
    await form.locator('[name="phone"]').fill(phone);
    const registrationCode = await codeFor(page, 0);
    await form.locator('[name="code"]').fill(registrationCode);
    await form.locator('[name="password"]').fill('pass1234');
    await form.locator('[name="confirmPassword"]').fill('pass1234');
    await form.locator('[name="email"]').fill('li.lei@example.com');
    await form.locator('[name="terms"]').check();
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Registration successful' }).waitFor();
    await header(page).getByRole('button', { name: '李雷' }).waitFor();
    const registered = await sessionCookie(page);
    expect(registered).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('SESSION');

    // Logout ends the server session: the old token opens nothing any more.
    await logOut(page);
    expect(await sessionCookie(page)).toBeUndefined();
    expect(await userInfo(registered!.value)).toMatchObject({ result: 0 });

    // Log in again with the password, from the header's login link (the portal's own page).
    await header(page).getByRole('link', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${portal.url}/en/newVersion/login`);
    await form.locator('[name="phone"]').fill(phone);
    await form.locator('[name="password"]').fill('wrong99');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByRole('alert').filter({ hasText: 'Wrong phone number or password' }).waitFor();
    await form.locator('[name="password"]').fill('pass1234');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Logged in' }).waitFor();
    await header(page).getByRole('button', { name: '李雷' }).waitFor();
    await logOut(page);

    // …and with a code, a minute later (one code per phone per minute).
    skew += 61_000;
    await page.goto(`${portal.url}/en/newVersion/login`);
    await page.getByRole('link', { name: 'Log in with a code instead' }).click();
    await page.waitForURL(`${portal.url}/en/newVersion/codeLogin`);
    await form.locator('[name="phone"]').fill(phone);
    const loginCode = await codeFor(page, portal.sentCodes.length);
    await form.locator('[name="code"]').fill(loginCode);
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Logged in' }).waitFor();
    await header(page).getByRole('button', { name: '李雷' }).waitFor();

    // A requirement, sent from the account's menu.
    await header(page).getByRole('button', { name: '李雷' }).click();
    await header(page).getByRole('link', { name: 'Submit requirement' }).click();
    await form.locator('[name="content"]').fill('需要南沙保税仓 200 平方米，三个月');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Submit success' }).waitFor();

    // The operator sees it with who sent it.
    await page.goto(`${portal.url}/en/console/operator`);
    await page.getByLabel('API key', { exact: true }).fill(operatorKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const row = page.getByTestId('leads-table').getByRole('row', { name: /需要南沙保税仓/ });
    await row.waitFor();
    expect(await row.locator('.lead-sender').textContent()).toMatch(
      new RegExp(`李雷 · ${phone}.*广州南沙数贸有限公司`),
    );
    await context.close();
  });

  it('refuses a third-party page’s form post to the portal', async () => {
    // Another origin serving a form that posts to the portal's code endpoint when loaded.
    const target = `${portal.url}/portal-api/api/front/other/sms.do`;
    const thirdParty: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><form method="post" action="${target}">
        <input name="phone" value="13512340000"><input name="lang" value="en"></form>
        <script>document.forms[0].submit()</script>`);
    });
    await new Promise<void>((resolve) => thirdParty.listen(0, '127.0.0.1', resolve));
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const before = portal.sentCodes.length;
      const answered = page.waitForResponse((response) => response.url() === target);
      // localhost is another origin than the portal's 127.0.0.1.
      await page.goto(`http://localhost:${(thirdParty.address() as AddressInfo).port}/`);
      const answer = await answered;
      expect(answer.status()).toBe(415);
      expect(await answer.request().headerValue('origin')).toMatch(/^http:\/\/localhost:/);
      expect(portal.sentCodes.length).toBe(before);
    } finally {
      await context.close();
      thirdParty.close();
    }
  });
});
