import { emptyAllowlist } from '@tradelog/projections/push/callbackTarget';
import { examples } from '@tradelog/schemas/documents/examples';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { createRecordReader, type RecordReader } from '@tradelog/schemas/kit/log/records';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryApiRouters } from '../../query-api/src/routers.ts';
import { type DocumentPipeline, startDocumentPipeline } from '../harness/documentPipeline.ts';
import { step, testServices, uniqueName } from '../harness/index.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { type PortalInBrowser, startPortalInBrowser } from '../rigs/portal/portalInBrowser.ts';
import type { PortalServer } from '../rigs/portal/portalServer.ts';

/**
 * The lender's workstation: a lender key signed in at /console lands on the lender tab and its
 * portfolio, orders it by coverage, opens a financing's chain from its row, and moving the as-of
 * picker back to a moment before the chain grew shows the chain as it stood then (replayed from
 * the log, query-api/README.md "As of a moment"); "Now" shows the live chain again. The grants
 * are offered as a list, and the portfolio, a query table and the trend move back in time too.
 */
describe('console: a lender lands on its portfolio and sees a financing’s chain as of a moment', () => {
  const services = testServices();
  const owner = examples.purchase.customerCode as string;
  const otherGranted = '91110000GRANTED0002';
  let pipeline: DocumentPipeline<'partner' | 'lender'> | undefined;
  let web: PortalInBrowser | undefined;
  let portal: PortalServer;
  let browser: Browser;
  let reader: RecordReader | undefined;
  let lenderKey = '';
  /** A whole second after the first documents and before the rest (the picker has seconds). */
  let moment = 0;

  beforeAll(async () => {
    pipeline = await startDocumentPipeline({
      prefix: 'webasof',
      keys: {
        partner: { kind: 'partner', ownerId: 'partner-asof-e2e', enterprises: ['*'] },
        lender: {
          kind: 'lender',
          ownerId: 'lender-asof-e2e',
          name: 'lender',
          enterprises: [otherGranted, owner],
        },
      },
      projections: ['link-node', 'document-index', 'collateral', 'enterprise-data', 'order-status'],
    });
    const { pool, db, ingest, topicOf, documentTopics, keys } = pipeline;
    lenderKey = keys.lender;
    const submit = async (type: keyof typeof examples, changes: Record<string, unknown> = {}) => {
      const found = ingest.interfaces.find((intf) => intf.id === type)!;
      const response = await fetch(`${ingest.url}${found.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
        body: JSON.stringify({ ...examples[type], ...changes }),
      });
      expect(response.status, type).toBe(200);
    };
    const applied = async () =>
      waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, documentTopics), {
        topicOf,
        projections: ['link-node', 'document-index', 'collateral', 'enterprise-data', 'order-status'],
      });
    // The purchase and the port arrival sharing its contract; then, past a whole second on the
    // clock ingest stamps received-at with, the clearance, tally and transport that join them.
    // The purchase placed, not received: its financing is open (the portfolio shows it).
    await submit('purchase', { orderStatus: '10', inboundTime: undefined });
    // A second open financing whose purchase states no amount: its coverage is unknown.
    await submit('purchase', {
      entOrderNo: 'WEBASOF-PO-2',
      poOrderNo: 'WEBASOF-POO-2',
      contractNo: 'WEBASOF-C-2',
      financingOrderNo: 'WEBASOF-FIN-2',
      orderStatus: '10',
      inboundTime: undefined,
      purchaseAmount: undefined,
      wmsOrderNo: undefined,
    });
    await submit('pod');
    await step('first documents applied', applied);
    moment = Math.ceil((Date.now() + 1) / 1000) * 1000;
    while (Date.now() <= moment) await new Promise((resolve) => setTimeout(resolve, moment + 1 - Date.now()));
    await submit('clearance');
    await submit('tally');
    await submit('internalTransport');
    await step('later documents applied', applied);

    reader = createRecordReader({ brokers: services.kafkaBrokers, clientId: uniqueName('webasof-records') });
    const codec = createRegistryCodec({ url: services.schemaRegistryUrl });
    web = await startPortalInBrowser({
      pool,
      mount: (app) =>
        app.use(
          queryApiRouters({
            pool,
            namespace: db.schema,
            callbackAllowlist: emptyAllowlist,
            records: { reader, codec },
          }),
        ),
    });
    ({ portal, browser } = web);
  });

  afterAll(async () => {
    await web?.close();
    await reader?.close();
    await pipeline?.stop();
  });

  it('lands on the portfolio, sorts it by coverage, opens a financing’s chain and shrinks it when the as-of moment moves back', async () => {
    // The browser's clock zone is UTC: the picker's local time is the moment's UTC time.
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, timezoneId: 'UTC' });
    const page = await context.newPage();
    await page.goto(`${portal.url}/en/console`);
    await page.getByLabel('API key', { exact: true }).fill(lenderKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/en\/console\/lender$/);
    expect(await page.getByRole('link', { name: 'Lender' }).getAttribute('aria-current')).toBe('page');

    // The portfolio is the landing view: asked as the tab opens, before anything is typed.
    const portfolio = page.getByTestId('portfolio');
    const financingRows = portfolio.getByTestId('portfolio-table').locator('tbody tr');
    await financingRows.nth(1).waitFor();
    expect(await financingRows.count()).toBe(2);
    const financing = examples.purchase.financingOrderNo as string;
    const coverages = async () =>
      (
        await financingRows.evaluateAll((rows) =>
          rows.map((row) => row.querySelectorAll('td')[5]?.textContent),
        )
      ).map(String);
    const numbers = async () =>
      (
        await financingRows.evaluateAll((rows) =>
          rows.map((row) => row.querySelector('td')?.textContent ?? ''),
        )
      ).map((cell) => cell.replace(/Chain$/, '').trim());
    // Lowest coverage first: the unknown coverage (no purchase amount) before 0.0 %.
    await portfolio.getByLabel('Order').selectOption('coverage');
    expect(await coverages()).toEqual(['—', '0.0 %']);
    expect(await numbers()).toEqual([`${owner} WEBASOF-FIN-2`, `${owner} ${financing}`]);
    // Each figure says what it was read from.
    expect(await portfolio.getByTestId('portfolio-figures').textContent()).toMatch(
      /collateral as applied at/,
    );

    // The financing's chain, from its row: the five documents and the financing.
    await portfolio.getByRole('button', { name: `Chain of financing ${financing}` }).click();
    const nodes = page.locator('.chain-node');
    await page.locator('.chain-node[aria-label^="intoDeclareInfo"]').waitFor();
    const blocksShown = async () =>
      (await nodes.evaluateAll((all) => all.map((node) => node.getAttribute('aria-label'))))
        .map((label) => label?.split(' ')[0])
        .sort();
    expect(await blocksShown()).toEqual([
      'arrivalInfo',
      'financingInfo',
      'intoDeclareInfo',
      'intoStorageInfo',
      'intoTransportInfo',
      'purchaseInfo',
    ]);
    expect(await page.getByLabel(/Document number/).inputValue()).toBe(financing);
    const live = await nodes.count();

    // Back to the moment before the clearance, tally and transport: the purchase and its arrival.
    await page.locator('.chain-as-of input').fill(new Date(moment).toISOString().slice(0, 19));
    await page.getByTestId('chain-as-of').waitFor();
    await page.locator('.chain-node[aria-label^="intoDeclareInfo"]').waitFor({ state: 'detached' });
    expect(await blocksShown()).toEqual(['arrivalInfo', 'financingInfo', 'purchaseInfo']);
    expect(await page.getByTestId('chain-as-of').textContent()).toMatch(/records replayed from the log/);

    // Now: the live chain again.
    await page.locator('.chain-as-of').getByRole('button', { name: 'Now', exact: true }).click();
    await page.locator('.chain-node[aria-label^="intoDeclareInfo"]').waitFor();
    expect(await nodes.count()).toBe(live);
    expect(await page.getByTestId('chain-as-of').count()).toBe(0);

    // The customer code is a list of the key's grants; the purchase's own chain by the form.
    const customer = page.getByLabel(/Customer code/);
    expect(await customer.locator('option').allTextContents()).toEqual([otherGranted, owner].sort());
    await customer.selectOption(owner);
    await page.getByLabel('Document type').selectOption('30');
    await page.getByLabel('Document number').fill(examples.purchase.entOrderNo as string);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.locator('.chain-node[aria-label^="purchaseInfo"]').waitFor();

    // The portfolio as of the moment: the financing was open then too, replayed from the log.
    await portfolio.getByLabel(/As of/).fill(new Date(moment).toISOString().slice(0, 19));
    await portfolio.getByTestId('portfolio-as-of').waitFor();
    expect(await portfolio.getByTestId('portfolio-as-of').textContent()).toMatch(
      /records replayed from the log/,
    );
    expect(await financingRows.count()).toBe(2);
    expect(await portfolio.getByTestId('portfolio-figures').textContent()).toMatch(
      /collateral: \d+ records replayed/,
    );

    // An enterprise query: the warehouse summary now counts the tally; as of the moment, before
    // any warehouse document of the enterprise, it is refused with query-api's message.
    const tables = page.locator('.lender-tables');
    await tables.getByLabel('Query', { exact: true }).selectOption('warehouseSummary');
    await tables.getByLabel(/\(enterpriseId\)/).selectOption(owner);
    await tables.getByLabel(/\(period\)/).fill('2024-03');
    await tables.getByRole('button', { name: 'Run query' }).click();
    await tables.getByTestId('query-table').waitFor();
    expect(await tables.getByTestId('query-as-of').count()).toBe(0);
    await tables.getByLabel(/As of/).fill(new Date(moment).toISOString().slice(0, 19));
    const refusal = tables.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/before the data/);
    await tables.getByRole('button', { name: 'Now', exact: true }).click();
    await tables.getByTestId('query-table').waitFor();

    // The trend: the tally's inbound counts now; as of the moment only the two purchases were there.
    const trend = page.getByTestId('trend');
    await trend.getByLabel('Enterprise id').selectOption(owner);
    await trend.getByLabel('From month').fill('2024-01');
    await trend.getByLabel('To month').fill('2024-06');
    await trend.getByRole('button', { name: 'Show trend' }).click();
    const inputs = trend.locator('rect[data-series="inputAmount"]');
    await trend.getByTestId('trend-table').waitFor();
    const inputTotal = async () =>
      (await inputs.evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('data-value'))))).reduce(
        (sum, value) => sum + value,
        0,
      );
    expect(await inputTotal()).toBeGreaterThan(0);
    await trend.getByLabel(/As of/).fill(new Date(moment).toISOString().slice(0, 19));
    await trend.getByTestId('trend-as-of').waitFor();
    expect(await inputTotal()).toBe(0);
    expect(await trend.getByTestId('trend-as-of').textContent()).toMatch(/2 records replayed from the log/);
    await context.close();
  });
});
