import { loadPortalContent } from '@tradelog/query-api/content/operatorContent';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldRows } from '../../web/src/docs/fieldRows.ts';
import { type PortalInBrowser, startPortalInBrowser } from '../rigs/portal/portalInBrowser.ts';
import type { PortalServer } from '../rigs/portal/portalServer.ts';

let web: PortalInBrowser | undefined;
let portal: PortalServer;
let browser: Browser;

beforeAll(async () => {
  // The side panel offers the scan codes the operator configured (content README "Operator content").
  web = await startPortalInBrowser({
    content: (origin) => {
      const sample = loadPortalContent();
      return {
        ...sample,
        site: { ...sample.site, scanCodes: { consult: `${origin}/adviser`, course: `${origin}/course` } },
      };
    },
  });
  ({ portal, browser } = web);
});

afterAll(() => web?.close());

async function open(path: string, viewport = { width: 1920, height: 1080 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(portal.url + path);
  return page;
}

describe('portal in Chromium', () => {
  it('switches between Chinese and English and keeps the page', async () => {
    const page = await open('/');
    await page.waitForURL(`${portal.url}/cn`);
    await page.getByRole('heading', { level: 1, name: '一站式数字贸易与供应链金融服务平台' }).waitFor();
    // Content from the API arrives in Chinese too.
    // The operator's newest news item (the shipped sample's first), marked as sample.
    const newest = loadPortalContent().news[0]!;
    await page.getByText(newest.title.cn).first().waitFor();
    await page.locator('.header-tools .locale-switch').click();
    await page.waitForURL(`${portal.url}/en`);
    await page
      .getByRole('heading', { level: 1, name: 'One platform for digital trade and supply-chain finance' })
      .waitFor();
    await page.getByText(newest.title.en).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.goto(`${portal.url}/en/about.html`);
    await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor();
    await page.locator('.header-tools .locale-switch').click();
    await page.waitForURL(`${portal.url}/cn/about.html`);
    await page.getByRole('heading', { level: 1, name: '关于我们' }).waitFor();

    // A detail page is named by its query string: the switch keeps it (it led to "not found").
    await page.goto(`${portal.url}/cn/toolCloudDetail.html?code=vesselArchive`);
    await page.getByRole('link', { name: '查看接口文档' }).waitFor();
    await page.locator('.header-tools .locale-switch').click();
    await page.waitForURL(`${portal.url}/en/toolCloudDetail.html?code=vesselArchive`);
    await page.getByRole('link', { name: 'Read the API reference' }).waitFor();
    await page.context().close();
  });

  it('redirects unknown paths home and shows the 404 page for an unsupported locale or a missing item', async () => {
    const page = await open('/cn/no/such/page');
    await page.waitForURL(`${portal.url}/cn`);
    await page.getByRole('heading', { level: 1, name: '一站式数字贸易与供应链金融服务平台' }).waitFor();

    await page.goto(`${portal.url}/fr/about.html`);
    await page.getByRole('heading', { level: 1, name: 'This page could not be found.' }).waitFor();

    await page.goto(`${portal.url}/en/newsDetails-999999`);
    await page.getByRole('heading', { level: 1, name: 'This page could not be found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the home page' }).waitFor();

    // A login returning to the root with ?SESSION=… keeps it across the redirect to the locale
    // (the stored one: this page was last in English), hands it to the server once and takes
    // it off the address bar (an unknown token leaves the visitor anonymous).
    const session = Buffer.from('portal-session-1').toString('base64');
    const handedOver = page.waitForRequest((request) =>
      request.url().endsWith('/api/front/user/handover.do'),
    );
    await page.goto(`${portal.url}/?SESSION=${session}`);
    expect(JSON.parse((await handedOver).postData() ?? '{}')).toMatchObject({ session: 'portal-session-1' });
    await page.waitForURL(`${portal.url}/en`);
    await page.locator('.header-tools').getByRole('link', { name: 'Log in', exact: true }).waitFor();
    await page.context().close();
  });

  it('shows the registration form’s validation messages (§5), in both languages', async () => {
    const page = await open('/en/newVersion/register');
    const form = page.locator('form.form-card');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Please enter phone number').waitFor();
    await form.getByText('Please accept the Terms and Conditions').waitFor();
    expect(await form.locator('.field-error', { hasText: /^Required$/ }).count()).toBeGreaterThanOrEqual(4);

    await form.getByLabel('Mobile number').fill('12345');
    await form.getByText('Please enter a correct phone number').waitFor();
    await form.getByLabel(/^Password/).fill('abc123');
    await form.getByLabel('Confirm password').fill('abc124');
    await form.getByText('Inconsistent password').waitFor();
    await form.getByLabel(/^Password/).fill('abc');
    await form.getByText('Password must be 6 to 12 letters or digits').waitFor();

    // A complete form with a wrong verification code: the server says so (§5, §8).
    await form.getByLabel(/^Name/).fill('Li Ming');
    await form.getByLabel('Company name').fill('Qianhai Trade Tech Ltd');
    await form.getByLabel('Mobile number').fill('13812345670');
    await form.getByRole('button', { name: 'Get code' }).click();
    await form.getByText(/Code sent/).waitFor();
    expect(portal.sentCodes.at(-1)?.phone).toBe('13812345670');
    const wrong = portal.sentCodes.at(-1)!.code === '111111' ? '222222' : '111111';
    await form.getByLabel('Verification code').fill(wrong);
    await form.getByLabel(/^Password/).fill('abc12345');
    await form.getByLabel('Confirm password').fill('abc12345');
    await form.getByLabel(/^Email/).fill('li.ming@example.com');
    await form.getByLabel('I accept the Terms and Conditions').check();
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByRole('alert').filter({ hasText: 'Verification code error' }).waitFor();

    await page.goto(`${portal.url}/cn/newVersion/register`);
    const cnForm = page.locator('form.form-card');
    await cnForm.getByRole('button', { name: '提交' }).click();
    await cnForm.getByText('请输入手机号').waitFor();
    await cnForm.getByLabel('手机号码').fill('16912345678');
    await cnForm.getByText('请输入正确手机号').waitFor();
    await page.context().close();
  });

  it('narrows the cloud-finance list with the two-level filter (§9)', async () => {
    const page = await open('/cn/cloudFinance.html');
    const cards = page.getByTestId('finance-product');
    const count = page.getByTestId('finance-count');
    await count.filter({ hasText: '共 24 款产品' }).waitFor();
    expect(await cards.count()).toBe(24);

    await page.getByRole('radio', { name: '报关数据' }).check();
    await page.waitForURL(/dataType=customs/);
    await count.filter({ hasNotText: '共 24 款产品' }).waitFor();
    const customs = await cards.count();
    expect(customs).toBeGreaterThan(0);
    expect(customs).toBeLessThan(24);

    await page.getByRole('radio', { name: '示例国有银行甲' }).check();
    await page.waitForURL(/institution=sample-state-bank-a/);
    await count.filter({ hasNotText: `共 ${customs} 款产品` }).waitFor();
    const narrowed = await cards.count();
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(customs);
    for (const text of await cards.locator('.tag').allTextContents())
      expect(text).toContain('示例国有银行甲');
    await page.context().close();
  });

  it('lists every field of a submission interface with its max length in the API reference', async () => {
    const pod = documentTypes.find((type) => type.id === 'pod')!;
    const page = await open('/en/docsDetail-pod_api.html');
    await page.getByRole('heading', { level: 1, name: pod.title.en }).waitFor();
    await page.getByText(pod.path, { exact: true }).first().waitFor();
    await page.getByText('Bearer <key>', { exact: true }).waitFor();
    const rows = fieldRows(pod.schema, 'en');
    expect(rows.length).toBe(Object.keys(pod.schema.properties ?? {}).length);
    const table = page.getByTestId('request-table');
    expect(await table.locator('tbody tr').count()).toBe(rows.length);
    for (const row of rows) {
      const tr = table.locator(`tr[data-field="${row.path}"]`);
      expect(await tr.locator('th code').textContent()).toBe(row.path);
      expect(await tr.locator('[data-col="maxLength"]').textContent()).toBe(
        row.maxLength === undefined ? '—' : String(row.maxLength),
      );
      expect(await tr.locator('td').nth(1).textContent()).toBe(row.required ? 'Yes' : 'No');
    }

    // The query interfaces come from schemas/src/queries the same way, under the spec's
    // logistics2 menu ids (the earlier query_<id>_api ids still open the page).
    await page.goto(`${portal.url}/cn/docsDetail-qyLogistics.html`);
    await page.getByTestId('ref-path').filter({ hasText: '/open/info/link/node' }).waitFor();
    const customerCode = page.getByTestId('request-table').locator('tr[data-field="customerCode"]');
    expect(await customerCode.locator('[data-col="maxLength"]').textContent()).toBe('20');
    await page
      .getByRole('navigation', { name: '接口目录' })
      .getByRole('heading', { name: '数字服务输出' })
      .waitFor();
    const response = page.getByTestId('response-table');
    for (const field of ['flag', 'arrivalInfo', 'salesInfo', 'freshness'])
      await response.locator(`tr[data-field="${field}"]`).waitFor();
    await page.goto(`${portal.url}/cn/docsDetail-query_linkNode_api.html`);
    await page.getByTestId('ref-path').filter({ hasText: '/open/info/link/node' }).waitFor();
    await page.context().close();
  });

  it('works at 375 px: drawer by keyboard, side panel tap with a dismissing mask, consultation dialog', async () => {
    const page = await open('/cn', { width: 375, height: 812 });
    const menuButton = page.getByRole('button', { name: '打开菜单' });
    await menuButton.click();
    const drawer = page.locator('#mobile-drawer');
    await drawer.getByRole('link', { name: '专家在线' }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await menuButton.evaluate((element) => element === document.activeElement)).toBe(true);

    // Tap toggles the consult popup; the mask dismisses it (§2).
    const consult = page.getByRole('button', { name: '在线咨询' });
    await consult.click();
    const popup = page.locator('#side-pop-consult');
    await popup.waitFor({ state: 'visible' });
    await page.getByRole('button', { name: '关闭弹出层' }).click({ position: { x: 20, y: 20 } });
    await popup.waitFor({ state: 'hidden' });

    // The consultation dialog: modal, not closed by an outside click, closed by its own control.
    await consult.click();
    await popup.getByRole('button', { name: '一对一专属咨询' }).click();
    const dialog = page.getByRole('dialog', { name: '一对一专属咨询' });
    await dialog.waitFor();
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await page.context().close();
  });
});
