import { loadPortalContent } from '@tradelog/query-api/content/operatorContent';
import type { PortalContent } from '@tradelog/schemas/portal/content';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortalInBrowser, startPortalInBrowser } from '../rigs/portal/portalInBrowser.ts';
import type { PortalServer } from '../rigs/portal/portalServer.ts';

/**
 * The operator's content and site settings in Chromium (query-api content README "Operator
 * content"): the shipped sample, marked as such; regional sites, chat, scan codes and analytics
 * from the settings; the city dialog from the IP database; per-route keywords, settle roles, the
 * terms in the registration form, news paging and related news.
 */
let web: PortalInBrowser | undefined;
let portal: PortalServer;
let browser: Browser;
let port = '';

// The same server answers as the main site on 127.0.0.1 and as the Yinchuan site on localhost.
const withSite = (origin: string): PortalContent => {
  const sample = loadPortalContent();
  const local = origin.replace('127.0.0.1', 'localhost');
  return {
    ...sample,
    site: {
      regionalSites: sample.site.regionalSites.map((site) =>
        site.id === 'gba'
          ? { ...site, url: `${origin}/` }
          : site.id === 'yinchuan'
            ? { ...site, url: `${local}/` }
            : site,
      ),
      chat: { www: `${origin}/chat/www`, other: `${origin}/chat/site` },
      scanCodes: { consult: `${origin}/adviser` },
      analytics: { hosts: [new URL(origin).host], scripts: [`${origin}/analytics-probe.js`] },
    },
  };
};

beforeAll(async () => {
  web = await startPortalInBrowser({ content: withSite });
  ({ portal, browser } = web);
  port = new URL(portal.url).port;
});

afterAll(() => web?.close());

async function open(url: string, headers: Record<string, string> = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await context.setExtraHTTPHeaders(headers);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

describe('operator content in Chromium', () => {
  it('shows the sample contact details, figures, partners, experts and finance products marked as sample', async () => {
    const page = await open(`${portal.url}/en`);
    const footer = page.locator('.site-footer');
    await footer.getByText('Sample address: the operator fills it in the content file').waitFor();
    await footer.locator('a[href="tel:4000000000"]').waitFor();
    await footer.getByText('Sample content: the operator has not replaced it yet').waitFor();
    await page.locator('.partner-list').getByText('Sample partner: a port operator').waitFor();
    // Figures, partners, experts and every featured finance card carry the mark.
    expect(await page.locator('main .sample-mark').count()).toBeGreaterThanOrEqual(6);
    for (const tag of await page.locator('.finance-card .tag').allTextContents())
      expect(tag).toMatch(/^Sample /);
    expect(await page.locator('meta[name="keywords"]').getAttribute('content')).toContain('digital trade');
    await page.goto(`${portal.url}/en/cloudFinance.html`);
    await page.locator('.finance-card').first().waitFor();
    expect(await page.locator('meta[name="keywords"]').getAttribute('content')).toContain('cloud finance');
    await page.context().close();
  });

  it('takes regional sites, chat, scan codes and analytics from the site settings', async () => {
    const requested: string[] = [];
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    context.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const page = await context.newPage();
    await page.goto(`${portal.url}/cn/about.html`);
    // Sites with an address only: the Greater Bay Area and Yinchuan, not Huangshi.
    const cities = page.locator('.city .submenu a');
    await cities.first().waitFor({ state: 'attached' });
    expect(
      await cities.evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href)),
    ).toEqual([`${portal.url}/`, `http://localhost:${port}/`]);
    // 127.0.0.1 has no www: the other chat address.
    expect(await page.locator('.service-chat').getAttribute('href')).toBe(`${portal.url}/chat/site`);
    // The consult scan code is configured, the course one is not offered.
    expect(await page.locator('#side-pop-consult svg').count()).toBe(1);
    expect(await page.locator('#side-pop-course').count()).toBe(0);
    await expect.poll(() => requested.includes('/analytics-probe.js'), { timeout: 15_000 }).toBe(true);
    await context.close();

    // On another host the analytics script is not loaded.
    const other: string[] = [];
    const elsewhere = await browser.newContext();
    elsewhere.on('request', (request) => other.push(new URL(request.url()).pathname));
    const second = await elsewhere.newPage();
    await second.goto(`http://localhost:${port}/cn/about.html`);
    await second.locator('.site-footer .sample-mark').waitFor();
    expect(other).not.toContain('/analytics-probe.js');
    await elsewhere.close();
  });

  it('suggests the visitor’s regional site from the IP database, once a day', async () => {
    // A visitor from Yinchuan (222.75.0.1, forwarded by the trusted proxy) on the main site.
    const page = await open(`${portal.url}/en`, { 'X-Forwarded-For': '222.75.0.1' });
    const dialog = page.getByRole('dialog', { name: 'Switch city site' });
    await dialog.getByText('You seem to be in 银川市; the Yinchuan site offers local services.').waitFor();
    expect(await dialog.getByRole('link', { name: 'Go to Yinchuan' }).getAttribute('href')).toBe(
      `http://localhost:${port}/?hasSetLocation=true`,
    );
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.reload();
    await page.locator('.site-footer .sample-mark').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();

    // On the Yinchuan site with an unknown city (a loopback address): the main site is offered.
    const regional = await open(`http://localhost:${port}/en`);
    const unknown = regional.getByRole('dialog', { name: 'Switch city site' });
    await unknown.getByText('We could not tell your city').waitFor();
    expect(await unknown.getByRole('link', { name: 'Go to Greater Bay Area' }).getAttribute('href')).toBe(
      `${portal.url}/?hasSetLocation=true`,
    );
    await regional.context().close();
  });

  it('offers the server’s settle roles and the terms and privacy texts in the registration form', async () => {
    const page = await open(`${portal.url}/en/newVersion/register`);
    const role = page.locator('select[name="role"] option');
    await expect.poll(() => role.count(), { timeout: 15_000 }).toBe(11);
    await page.getByRole('button', { name: 'Terms and Conditions' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions (sample text)' });
    await terms.getByRole('heading', { level: 2, name: 'Terms and Conditions (sample text)' }).waitFor();
    await terms.getByRole('button', { name: 'Close' }).click();
    await terms.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Privacy policy' }).click();
    await page.getByRole('heading', { level: 2, name: 'Privacy policy (sample text)' }).waitFor();
    await page.context().close();
  });

  it('pages the news list, marked as sample, and lists related news beside an article', async () => {
    const page = await open(`${portal.url}/en/newsList-1001?page=2`);
    await page.getByText('Nothing here yet').waitFor();
    await page.getByRole('link', { name: '← Previous page' }).click();
    await page.waitForURL(`${portal.url}/en/newsList-1001?page=1`);
    await expect.poll(() => page.locator('.article-list li').count(), { timeout: 15_000 }).toBe(3);
    // The news is the operator's, marked as sample in the list and on the article.
    expect(await page.locator('.article-list .sample-mark').count()).toBe(3);
    await page.locator('.article-list h2 a').first().click();
    const related = page.getByRole('complementary', { name: 'Related news' });
    await expect.poll(() => related.locator('li').count(), { timeout: 15_000 }).toBe(3);
    await page.locator('article .sample-mark').waitFor();
    await page.context().close();
  });

  it('lists the operator’s courses and exhibits, marked as sample, and leads to sign-up and quotes (content README "Courses and showroom")', async () => {
    const courses = loadPortalContent().news.filter((article) => article.columnId === 1003);
    const page = await open(`${portal.url}/en/courseLive`);
    await page.getByRole('heading', { level: 1, name: 'Live courses' }).waitFor();
    await expect.poll(() => page.locator('main .card').count(), { timeout: 15_000 }).toBe(courses.length);
    expect(await page.locator('main .card .sample-mark').count()).toBe(courses.length);
    const newest = [...courses].sort((a, b) => b.publishTime.localeCompare(a.publishTime))[0]!;
    await page.getByRole('link', { name: 'Course details →' }).first().click();
    await page.waitForURL(`${portal.url}/en/courseLiveDetail?id=${newest.id}`);
    await page.getByRole('heading', { level: 1, name: newest.title.en }).waitFor();
    await page.getByText(newest.author.en).waitFor();
    await page.locator('article .sample-mark').waitFor();
    // This suite's settings give no course scan code: the visitor is sent to an adviser instead.
    await page.getByText('The operator has not set a sign-up code yet').waitFor();
    await page.getByRole('link', { name: 'Ask an adviser' }).waitFor();
    // §2 gives the detail route no id: without one the list is where to choose.
    await page.goto(`${portal.url}/en/courseLiveDetail`);
    await page.waitForURL(`${portal.url}/en/courseLive`);

    await page.goto(`${portal.url}/en/showRoom.html`);
    await page.getByRole('heading', { level: 1, name: 'Digital showroom' }).waitFor();
    await expect.poll(() => page.locator('main .card').count(), { timeout: 15_000 }).toBe(3);
    await page.getByText('Supplier: Sample Appliances Co., Ltd.').waitFor();
    await page.getByRole('link', { name: 'Ask for a quote →' }).first().click();
    await page.locator('form [name="contactPerson"]').waitFor();
    await page.context().close();
  });

  it('marks the product sheets and rule texts as sample and states no price §9 does not give', async () => {
    const page = await open(`${portal.url}/en/Marketplace`);
    const bank = page.locator('main .card', { hasText: 'Bank risk-information service' });
    await bank.getByText('Price on request').waitFor();
    await page.getByText('Sample text: the product sheet has not replaced it yet').first().waitFor();
    await page.goto(`${portal.url}/en/MarketplaceDetail-308`);
    await page.locator('#price').getByText('Price on request').waitFor();
    // §3 mainPics: the sample's neutral picture, from the portal's own host, marked as sample.
    const picture = page.getByRole('img', { name: 'Sample picture: Bank risk-information service' });
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await page.goto(`${portal.url}/en/MarketplaceDetail-302`);
    await page.locator('#price').getByText('110,000 orders/year').waitFor();
    // The footer's legal links are the rule centre's, as meet/legalize.do names them (§2).
    await page.locator('.footer-legal').getByRole('link', { name: 'Legal statement' }).click();
    await page.waitForURL(`${portal.url}/en/ruleCenter-5102`);
    await page.getByRole('heading', { level: 1, name: 'Legal statement' }).waitFor();
    await page.locator('article .sample-mark').waitFor();
    await page.context().close();
  });

  it('keeps page views made offline and reports them when the connection returns (§4 offline tracking)', async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await page.goto(`${portal.url}/en/about.html`);
    // This host has analytics configured: its queue exists and takes the first view.
    await page.waitForFunction(() =>
      ((window as { _hmt?: unknown[][] })._hmt ?? []).some((item) => item[1] === '/en/about.html'),
    );
    const reported = () =>
      page.evaluate(() => ((window as { _hmt?: unknown[][] })._hmt ?? []).map((item) => item[1]));
    await context.setOffline(true);
    await page.locator('.site-footer').getByRole('link', { name: 'Sitemap' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sitemap' }).waitFor();
    expect(await reported()).not.toContain('/en/sitemap.html');
    const kept = await page.evaluate(() => localStorage.getItem('tradelog.offlinePageViews'));
    expect(JSON.parse(kept ?? '[]')).toEqual([expect.objectContaining({ path: '/en/sitemap.html' })]);
    await context.setOffline(false);
    await expect.poll(reported, { timeout: 15_000 }).toContain('/en/sitemap.html');
    expect(await page.evaluate(() => localStorage.getItem('tradelog.offlinePageViews'))).toBeNull();
    await context.close();
  });

  it('fetches an on-demand page’s code when a link to it is pointed at, but not with data saver (§4)', async () => {
    const docsChunk = (url: string) => /\/assets\/DocsPages-[^/]+\.js$/.test(new URL(url).pathname);
    const hoverOpenPlatform = async (saveData: boolean) => {
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      if (saveData) {
        // Chromium's Network Information API as a visitor with data saver on reports it.
        await context.addInitScript(() =>
          Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }),
        );
      }
      const requested: string[] = [];
      context.on('request', (request) => requested.push(request.url()));
      const page = await context.newPage();
      await page.goto(`${portal.url}/en/about.html`);
      await page.locator('.site-footer .sample-mark').waitFor();
      expect(requested.some(docsChunk)).toBe(false);
      const link = page.locator('.site-footer').getByRole('link', { name: 'Open platform' });
      await link.hover();
      return { page, context, requested, link };
    };

    const eager = await hoverOpenPlatform(false);
    await expect.poll(() => eager.requested.some(docsChunk), { timeout: 15_000 }).toBe(true);
    await eager.context.close();

    const saving = await hoverOpenPlatform(true);
    // Following the link loads it; before that, pointing at it fetched nothing.
    const beforeClick = saving.requested.some(docsChunk);
    await saving.link.click();
    await expect.poll(() => saving.requested.some(docsChunk), { timeout: 15_000 }).toBe(true);
    expect(beforeClick).toBe(false);
    await saving.context.close();
  });

  it('shows the link-node interfaces on the home page as the query catalogue declares them (link/index.do)', async () => {
    const page = await open(`${portal.url}/en`);
    const band = page.getByRole('region', { name: 'Link-node and enterprise data interfaces' });
    await band.locator('code', { hasText: '/open/info/link/node' }).waitFor();
    expect(await band.locator('.card').count()).toBe(8);
    await band.getByRole('link', { name: 'All interface documents →' }).click();
    await page.waitForURL(`${portal.url}/en/docsCenter-logistics2`);
    await page.context().close();
  });

  it('shows each menu entry’s icon and tips in the mobile drawer (§3 menu entry)', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${portal.url}/en`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('#mobile-drawer');
    await drawer.getByText('Guides, answers and platform rules').waitFor();
    expect(await drawer.locator('.drawer-label svg.menu-icon').count()).toBe(7);
    await context.close();
  });
});
