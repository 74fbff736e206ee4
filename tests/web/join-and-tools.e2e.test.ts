import { createLeadRoutes } from '@tradelog/query-api/content/leadRoutes';
import { loadPortalContent } from '@tradelog/query-api/content/operatorContent';
import { marketTools } from '@tradelog/query-api/content/toolMarket';
import type pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../harness/documentPipeline.ts';
import { type PortalInBrowser, startPortalInBrowser } from '../rigs/portal/portalInBrowser.ts';
import type { PortalServer } from '../rigs/portal/portalServer.ts';

/**
 * The join pages and the tool market in Chromium (query-api/src/content/README.md "Join pages",
 * "Tool market"): the operator's join texts marked as sample, a centralised-join application and
 * join applications from the home band and the join page that an operator then sees with their sender, and the tool market's look-ups as the query catalogue
 * declares them.
 */
describe('join pages and tool market in Chromium', () => {
  let database: TestDatabase<'operator'> | undefined;
  let web: PortalInBrowser | undefined;
  let pool: pg.Pool;
  let portal: PortalServer;
  let browser: Browser;
  let operatorKey = '';
  const content = loadPortalContent();

  beforeAll(async () => {
    database = await startTestDatabase({
      prefix: 'portaljoin',
      poolSize: 4,
      keys: { operator: { kind: 'operator', ownerId: 'ops-join-e2e' } },
    });
    pool = database.pool;
    operatorKey = database.keys.operator;
    web = await startPortalInBrowser({ pool, mount: (app) => app.use(createLeadRoutes({ pool })) });
    ({ portal, browser } = web);
  });
  afterAll(async () => {
    await web?.close();
    await database?.pool.end();
    await database?.db.drop();
  });

  const open = async (path: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(portal.url + path);
    return page;
  };

  it('shows the join page from operator content and takes a centralised application to the operator', async () => {
    const page = await open('/en/PartnerIn');
    await page.getByRole('heading', { level: 1, name: 'Become a partner' }).waitFor();
    await page.getByText(content.join.index.lead.en).waitFor();
    await page.getByText('Sample content: the operator has not replaced it yet').first().waitFor();
    // The §3 roles one may join as, and the "join" form (§8 "Fail to join").
    const roles = page.getByRole('region', { name: 'Roles you can join as' });
    await roles.getByText('Business service provider').waitFor();
    expect(await roles.locator('li').count()).toBe(10);
    await page.locator('form [name="industry"]').waitFor();

    await page.getByRole('link', { name: /Apply for your members together/ }).click();
    await page.waitForURL(`${portal.url}/en/PartnerIn/centralize`);
    await page.getByRole('heading', { level: 1, name: 'Joining for your members' }).waitFor();
    for (const step of content.join.centralize.steps) await page.getByText(step.en).waitFor();

    const form = page.locator('form');
    await form.locator('[name="organisation"]').fill('Sample Park Ltd');
    await form.locator('[name="name"]').fill('Han Meimei');
    await form.locator('[name="phone"]').fill('13700001111');
    await form.locator('[name="members"]').fill('many');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Please enter a whole number').waitFor();
    await form.locator('[name="members"]').fill('40');
    await form.locator('[name="demand"]').fill('Forty member companies in one batch');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Submit success' }).waitFor();

    await page.goto(`${portal.url}/en/console/operator`);
    await page.getByLabel('API key', { exact: true }).fill(operatorKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const row = page.getByTestId('leads-table').getByRole('row', { name: /Forty member companies/ });
    await row.waitFor();
    expect(await row.locator('th').textContent()).toBe('centralize');
    expect(await row.locator('.lead-sender').textContent()).toBe('Han Meimei · 13700001111');
    await page.context().close();
  });

  it('takes join applications from the home band (settle.do) and the join page (joinOrigin.do) to the operator', async () => {
    const apply = async (page: Page, scope: ReturnType<Page['locator']>, path: string, values: string[]) => {
      const form = scope.locator('form');
      await form.locator('[name="name"]').fill(values[0]!);
      await form.locator('[name="phone"]').fill(values[1]!);
      await form.locator('[name="industry"]').selectOption(values[2]!);
      await form.locator('[name="demand"]').fill(values[3]!);
      const saved = page.waitForResponse((response) => response.url().endsWith(path));
      await form.getByRole('button', { name: 'Submit' }).click();
      expect((await saved).status()).toBe(200);
      await scope.getByRole('heading', { name: 'Submit success' }).waitFor();
    };

    // §7 home calls: the band from home/settlePlatform.do, its form sent to other/settle.do.
    const page = await open('/en');
    const band = page.getByRole('region', { name: 'Join the platform' });
    await band.getByText(content.join.index.lead.en).waitFor();
    for (const benefit of content.join.index.benefits) await band.getByText(benefit.en).waitFor();
    await band.getByText('Sample content: the operator has not replaced it yet').waitFor();
    await apply(page, band, '/api/front/other/settle.do', [
      'Qian Wei',
      '13700002222',
      '120',
      'A customs broker joining from the home page',
    ]);
    await band.getByRole('link', { name: /Read more about joining/ }).click();
    await page.waitForURL(`${portal.url}/en/PartnerIn`);

    // The join page's form goes through other/joinOrigin.do.
    await apply(page, page.locator('main'), '/api/front/other/joinOrigin.do', [
      'Sun Li',
      '13700003333',
      '110',
      'A warehouse joining from the join page',
    ]);

    await page.goto(`${portal.url}/en/console/operator`);
    await page.getByLabel('API key', { exact: true }).fill(operatorKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const table = page.getByTestId('leads-table');
    for (const [demand, sender] of [
      ['A customs broker joining from the home page', 'Qian Wei · 13700002222'],
      ['A warehouse joining from the join page', 'Sun Li · 13700003333'],
    ] as const) {
      const row = table.getByRole('row', { name: new RegExp(demand) });
      await row.waitFor();
      expect(await row.locator('th').textContent()).toBe('signUp');
      expect(await row.locator('.lead-sender').textContent()).toBe(sender);
    }
    await page.context().close();
  });

  it('lists the platform’s look-ups and details one as the API reference calls it', async () => {
    const page = await open('/en/toolCloud.html');
    await page.getByRole('heading', { level: 1, name: 'Tool market' }).waitFor();
    const cards = page.locator('.card-grid > li');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(marketTools.length);

    await cards
      .filter({ hasText: 'Vessel AIS position' })
      .getByRole('link', { name: /Details/ })
      .click();
    await page.waitForURL(`${portal.url}/en/toolCloudDetail.html?code=vesselAis`);
    await page.getByRole('heading', { level: 1, name: 'Vessel AIS position' }).waitFor();
    await page.getByText('GET /open/freightower/vessel/detail').waitFor();
    const mmsi = page.getByRole('row', { name: /mmsi/ });
    expect(await mmsi.locator('td').textContent()).toBe('Yes');
    await page.getByRole('link', { name: 'Read the API reference' }).waitFor();

    // A code the catalogue has no tool for is the route's 404.
    await page.goto(`${portal.url}/en/toolCloudDetail.html?code=linkNode`);
    await page.getByText('This page could not be found').first().waitFor();
    await page.context().close();
  });
});
