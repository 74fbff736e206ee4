import { mkdirSync, readFileSync } from 'node:fs';
import { insertNextVersion, listVersions } from '@tradelog/projections';
import { emptyAllowlist } from '@tradelog/projections/push/callbackTarget';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { createRegistryCodec, encodeWireFormat } from '@tradelog/schemas/kit/log/codec';
import { createLogProducer, type LogProducer } from '@tradelog/schemas/kit/log/producer';
import { createRecordReader, type RecordReader } from '@tradelog/schemas/kit/log/records';
import type { Browser, Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryApiRouters } from '../../query-api/src/routers.ts';
import { type DocumentPipeline, startDocumentPipeline } from '../harness/documentPipeline.ts';
import { quietLogger, step, testServices, waitFor } from '../harness/index.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { type PortalInBrowser, startPortalInBrowser } from '../rigs/portal/portalInBrowser.ts';
import type { PortalServer } from '../rigs/portal/portalServer.ts';

/**
 * The lender's and the operator's console tools end to end: documents submitted through ingest
 * and projected; a lender queries them as tables with paging and a filter and exports them as CSV
 * and as an Excel workbook (each file opened and read back); an operator reads records in the log,
 * views and discards dead letters, cancels a rebuild, and sees who did each in the audit log.
 */
describe('console tools: lender tables and exports, operator records, dead letters and audit', () => {
  const services = testServices();
  const owner = examples.purchase.customerCode as string;
  let pipeline: DocumentPipeline<'partner' | 'lender' | 'operator'> | undefined;
  let web: PortalInBrowser | undefined;
  let portal: PortalServer;
  let browser: Browser;
  let lenderKey = '';
  let operatorKey = '';
  let producer: LogProducer | undefined;
  let reader: RecordReader | undefined;
  let purchaseTopic = '';

  beforeAll(async () => {
    pipeline = await startDocumentPipeline({
      prefix: 'webl',
      keys: {
        partner: { kind: 'partner', ownerId: 'partner-lender-e2e', name: 'partner' },
        lender: { kind: 'lender', ownerId: 'lender-lender-e2e', name: 'lender', enterprises: [owner] },
        operator: { kind: 'operator', ownerId: 'ops-console-e2e', name: 'ops' },
      },
    });
    const { db, pool, ingest, topicOf, documentTopics, keys } = pipeline;
    const partnerKey = keys.partner;
    lenderKey = keys.lender;
    operatorKey = keys.operator;
    for (const intf of ingest.interfaces) {
      const document: Record<string, unknown> = {
        ...(examples as unknown as Record<string, Record<string, unknown>>)[intf.id],
      };
      // Inbound and outbound headers name no enterprise field (submission spec §3.3).
      if (intf.id === 'inbound' || intf.id === 'outbound') document.customerCode = owner;
      const response = await fetch(`${ingest.url}${intf.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${partnerKey}` },
        body: JSON.stringify(document),
      });
      expect(response.status, intf.id).toBe(200);
    }
    // A carrier's express traces, as its connector would send them (the lender's timeline).
    const expressFeed = documentTypes.find((type) => type.id === 'expressTrace')!;
    const fed = await fetch(`${ingest.url}${expressFeed.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${partnerKey}` },
      body: JSON.stringify(examples.expressTrace),
    });
    expect(fed.status).toBe(200);
    await step('projections applied', async () =>
      waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, documentTopics), { topicOf }),
    );
    purchaseTopic = topicOf('purchase');
    reader = createRecordReader({ brokers: services.kafkaBrokers, clientId: 'webl-records' });
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
    await producer?.disconnect();
    await reader?.close();
    await pipeline?.stop();
  });

  async function signIn(page: Page, path: string, key = lenderKey) {
    await page.goto(portal.url + path);
    await page.getByLabel('API key', { exact: true }).fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  const tableRows = (page: Page) => page.getByTestId('query-table').locator('tbody tr');

  it('pages and filters the inbound details, and exports purchase orders as CSV and Excel files that read back', async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await signIn(page, '/en/console/lender');
    const tables = page.locator('.lender-tables');

    // Inbound details, one row a page: two goods lines, two pages.
    await tables.getByLabel('Query', { exact: true }).selectOption('inboundDetails');
    await tables.getByLabel(/\(enterpriseId\)/).selectOption(owner);
    await tables.getByLabel(/\(period\)/).fill('2024-03');
    await tables.getByLabel(/\(pageSize\)/).fill('1');
    await tables.getByRole('button', { name: 'Run query' }).click();
    await page.getByTestId('query-page').getByText('2 in all, page 1 of 2').waitFor();
    expect(await tableRows(page).count()).toBe(1);
    const goodsIdColumn = await page
      .getByTestId('query-table')
      .locator('thead th')
      .evaluateAll((cells) => cells.map((cell) => cell.textContent).indexOf('goodsId'));
    const firstGoods = await tableRows(page).first().locator('td').nth(goodsIdColumn).textContent();
    await tables.getByRole('button', { name: 'Next page' }).click();
    await page.getByTestId('query-page').getByText('2 in all, page 2 of 2').waitFor();
    const secondGoods = await tableRows(page).first().locator('td').nth(goodsIdColumn).textContent();
    expect([firstGoods, secondGoods]).toEqual(
      (examples.inbound.goodsList ?? []).map((line) => line.entGoodsNo),
    );
    expect(await tables.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    // The filter narrows the page shown, nothing else.
    await tables.getByLabel('Filter this page').fill('no such text');
    await tables.getByText('0 of 1 rows on this page').waitFor();
    await tables.getByLabel('Filter this page').fill('');

    // Purchase orders, exported as CSV and as a workbook; both files opened and read.
    await tables.getByLabel('Query', { exact: true }).selectOption('purchaseOrders');
    await tables.getByLabel(/\(enterpriseId\)/).selectOption(owner);
    await tables.getByLabel(/\(beginDate\)/).fill('2024-01-01');
    await tables.getByLabel(/\(endDate\)/).fill('2024-12-31');
    await tables.getByRole('button', { name: 'Run query' }).click();
    await tableRows(page).first().waitFor();
    const headings = await page
      .getByTestId('query-table')
      .locator('thead th')
      .evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''));
    expect(headings).toContain('entOrderNo');
    const shown = await tableRows(page)
      .first()
      .locator('td')
      .evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''));
    expect(shown[headings.indexOf('entOrderNo')]).toBe(examples.purchase.entOrderNo);

    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      tables.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toBe('purchase-orders.csv');
    const csv = readFileSync(await csvDownload.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [csvHeader] = csv.slice(1).split('\r\n');
    // Every text cell is quoted (OWASP "CSV Injection"; none of these holds a comma).
    expect(csvHeader?.split(',').map((cell) => cell.replace(/^"(.*)"$/, '$1'))).toEqual(headings);
    expect(csv).toContain(`"${examples.purchase.entOrderNo}",`);

    const [xlsxDownload] = await Promise.all([
      page.waitForEvent('download'),
      tables.getByRole('button', { name: 'Export Excel', exact: true }).click(),
    ]);
    expect(xlsxDownload.suggestedFilename()).toBe('purchase-orders.xlsx');
    const [sheet] = await readXlsxFile(readFileSync(await xlsxDownload.path()));
    expect(sheet!.data[0]).toEqual(headings);
    expect(sheet!.data).toHaveLength(2);
    // The workbook holds what the page shows, cell for cell (numbers typed, empty cells empty).
    expect(sheet!.data[1]!.map((cell) => (cell === null ? '' : String(cell)))).toEqual(shown);

    // The enterprise is a list of the key's grants: another enterprise is not offered (the
    // server's 403 for one is tested in tests/projections/lender-queries.int.test.ts).
    expect(
      await tables
        .getByLabel(/\(enterpriseId\)/)
        .locator('option')
        .allTextContents(),
    ).toEqual([owner]);

    // The monthly trend: bars and table drawn from the trend endpoint's answer, month by month.
    const trend = page.getByTestId('trend');
    await trend.getByLabel('Enterprise id').selectOption(owner);
    await trend.getByLabel('From month').fill('2024-01');
    await trend.getByLabel('To month').fill('2024-04');
    await trend.getByRole('button', { name: 'Show trend' }).click();
    await trend.getByTestId('trend-table').waitFor();
    const answer = (await (
      await fetch(`${portal.url}/open/info/enterprise/trend`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${lenderKey}` },
        body: JSON.stringify({ enterpriseId: owner, fromMonth: '2024-01', toMonth: '2024-04' }),
      })
    ).json()) as { dataList: Record<string, number | string>[] };
    expect(await trend.getByTestId('trend-table').locator('tbody tr th').allTextContents()).toEqual([
      '2024-01',
      '2024-02',
      '2024-03',
      '2024-04',
    ]);
    for (const month of answer.dataList) {
      for (const series of [
        'purchaseOrders',
        'salesToBusiness',
        'salesToConsumer',
        'inputAmount',
        'outputAmount',
      ]) {
        expect(
          await trend
            .locator(`rect[data-month="${month.month}"][data-series="${series}"]`)
            .getAttribute('data-value'),
          `${month.month} ${series}`,
        ).toBe(String(month[series]));
      }
    }
    expect(answer.dataList.some((month) => Number(month.purchaseOrders) > 0)).toBe(true);
    expect(await trend.locator('.trend-line').getAttribute('points')).toMatch(
      /^[\d.]+,[\d.]+( [\d.]+,[\d.]+){3}$/,
    );
    mkdirSync('/tmp/screens', { recursive: true });
    await trend.screenshot({ path: '/tmp/screens/lender-trend-1440.png' });

    // One parcel's timeline: the express query's own request (its example), every trace with
    // the partner and document that reported it.
    const tracking = page.getByTestId('lender-tracking');
    await tracking.getByRole('button', { name: 'Show timeline' }).click();
    const events = tracking.getByTestId('tracking-events').locator('tbody tr');
    await events.first().waitFor();
    const traces = (examples.expressTrace as { traces?: unknown[] }).traces ?? [];
    expect(await events.count()).toBe(traces.length);
    expect(await tracking.getByTestId('tracking-status').textContent()).toMatch(/^2\b/);
    // The express query's rule holds here too: without the customer's phone digits, refused.
    await tracking.getByLabel(/^Request/).fill('{"shipperCode":"SF","logisticCode":"SF1425367689012"}');
    await tracking.getByRole('button', { name: 'Show timeline' }).click();
    await tracking.getByRole('alert').waitFor();
    await tracking.screenshot({ path: '/tmp/screens/lender-tracking-1440.png' });
    await context.close();
  });

  it('reads records in the log, views and discards dead letters, cancels a rebuild, manages accounts and keys, and shows each in the audit', async () => {
    // A record naming a schema the registry does not have: every projection reading purchases
    // dead-letters it (the record's own fault) and moves on.
    // Where the example purchase is: the one partition of its topic holding a record so far.
    const purchaseEnds =
      (await endOffsetsOf(services.kafkaBrokers, [purchaseTopic])).get(purchaseTopic) ?? [];
    const documentPartition = purchaseEnds.find((end) => BigInt(end.end) > BigInt(end.start))!;
    producer = createLogProducer({
      brokers: services.kafkaBrokers,
      clientId: 'webl-poison',
      logger: quietLogger,
    });
    await producer.connect();
    await waitFor(() => producer!.isReady(), { what: 'producer connected' });
    const poison = await producer.append({
      topic: purchaseTopic,
      key: 'poison',
      value: encodeWireFormat(987_654_321, Buffer.from('{"entOrderNo":"POISON"}')),
      headers: { 'tradelog-document-id': 'poison-doc' },
    });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, '/en/console/operator', operatorKey);

    // The record browser: the example purchase decoded with its schema and headers.
    const browserPanel = page.getByTestId('record-browser');
    await browserPanel.getByLabel('Topic').fill(purchaseTopic);
    await browserPanel.getByLabel('Partition').fill(String(documentPartition.partition));
    await browserPanel.getByLabel('Offset').fill(documentPartition.start);
    await browserPanel.getByRole('button', { name: 'Read records' }).click();
    const firstRecord = browserPanel.locator('.record-list li').first();
    await firstRecord.waitFor();
    expect(await firstRecord.getByTestId('record-value').textContent()).toContain(
      examples.purchase.entOrderNo as string,
    );
    await firstRecord.getByText('tradelog-document-id').waitFor();
    // The poison record: its bytes and why they do not decode.
    await browserPanel.getByLabel('Partition').fill(String(poison.partition));
    await browserPanel.getByLabel('Offset').fill(poison.offset);
    await browserPanel.getByRole('button', { name: 'Read records' }).click();
    await browserPanel
      .locator(`.record-list li[data-offset="${poison.offset}"]`)
      .getByText('SCHEMA_NOT_FOUND')
      .waitFor();

    // Dead letters: listed once the projections met the poison; its payload viewed; all discarded.
    const letters = page.getByTestId('dead-letters').locator('tbody tr');
    await waitFor(
      async () => {
        await page.getByTestId('dead-letter-state').waitFor();
        if ((await letters.count()) > 0) return true;
        // A fresh load signs in again: the key is kept in memory only (web/README.md "Console").
        await signIn(page, '/en/console/operator', operatorKey);
        return undefined;
      },
      { what: 'dead letters of the poison record', timeoutMs: 60_000 },
    );
    const count = await letters.count();
    await letters.first().getByRole('button', { name: 'View' }).click();
    const payload = page.getByTestId('dead-letter-payload');
    await payload.getByText('poison-doc').waitFor();
    await payload.getByText('SCHEMA_NOT_FOUND').first().waitFor();
    for (const box of await page.getByTestId('dead-letters').getByRole('checkbox').all()) await box.check();
    // Irreversible: asked first, with the count.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toMatch(
        new RegExp(`^Discard ${count} dead letters\\? Their records stay in the log`),
      );
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Discard selected' }).click();
    const bulkStatus = page.getByRole('status').filter({ hasText: /changed, \d+ skipped/ });
    await bulkStatus.waitFor();
    expect(await bulkStatus.textContent()).toBe(`${count} changed, 0 skipped`);
    await page.getByText('No dead letters in this state').waitFor();

    // A rebuild requested, then cancelled before any processor claims it (none runs here).
    const card = page.locator('.projection-card', { hasText: 'order-status' });
    await card.getByRole('button', { name: 'Start rebuild' }).click();
    await card.getByRole('progressbar').waitFor();
    await card.getByRole('button', { name: 'Cancel rebuild' }).click();
    await card.getByRole('progressbar').waitFor({ state: 'detached' });
    await card
      .getByTestId('rebuild-unswitched')
      .getByText(/^Rebuild v\d+ was cancelled by ops-console-e2e\.$/)
      .waitFor();

    // A rebuild that differs from the live version, as the processors record one: said on the
    // card, and asked for again accepting the differences (confirmed first).
    const differing = await insertNextVersion(
      pipeline!.pool,
      pipeline!.db.schema,
      'order-status',
      'requested',
      new Date(),
    );
    await pipeline!.pool.query(
      `UPDATE projection_versions SET state = 'failed', progress = $3::jsonb WHERE projection = $1 AND version = $2`,
      [
        'order-status',
        differing.version,
        JSON.stringify({
          state: 'failed',
          comparison: [
            { table: 'orders', rowsA: 3, rowsB: 4, differingKeys: ['P1'] },
            { table: 'order_events', rowsA: 5, rowsB: 5, differingKeys: [] },
          ],
          failure: 'differs from the live version',
        }),
      ],
    );
    await signIn(page, '/en/console/operator', operatorKey);
    await card
      .getByTestId('rebuild-unswitched')
      .getByText(
        `Rebuild v${differing.version} differs from the live version (orders) and was not switched to.`,
      )
      .waitFor();
    const confirmed: string[] = [];
    page.once('dialog', (dialog) => {
      confirmed.push(dialog.message());
      void dialog.accept();
    });
    await card.getByRole('button', { name: 'Rebuild, accepting the differences' }).click();
    await card.getByRole('progressbar').waitFor();
    expect(confirmed[0]).toMatch(/^Rebuild order-status and switch to it even though it differs/);
    const accepting = (await listVersions(pipeline!.pool, 'order-status')).find(
      (v) => v.state === 'requested',
    );
    expect(accepting).toMatchObject({ version: differing.version + 1, acceptDifferences: true });
    await card.getByRole('button', { name: 'Cancel rebuild' }).click();
    await card.getByRole('progressbar').waitFor({ state: 'detached' });

    // The audit: who did each, newest first.
    const audit = page.getByTestId('audit-table').locator('tbody tr');
    await audit.filter({ hasText: 'rebuild.cancelled' }).first().waitFor();
    await expect
      .poll(async () => (await audit.locator('td:nth-child(3)').allTextContents()).slice(0, 5))
      .toEqual([
        'rebuild.cancelled',
        'rebuild.requested',
        'rebuild.cancelled',
        'rebuild.requested',
        'deadLetters.discarded',
      ]);
    expect(new Set(await audit.locator('td:nth-child(2)').allTextContents())).toEqual(
      new Set(['ops-console-e2e']),
    );

    // Accounts and keys, with the command line's rules: a lender without enterprises is refused.
    const accounts = page.getByTestId('accounts');
    // The test's partner holds what the grants migration left (README "Upgrading: narrowing
    // standing wildcards"): flagged, with the command that narrows it.
    await accounts
      .getByTestId('accounts-table')
      .locator('tbody tr', { hasText: 'partner-lender-e2e' })
      .getByTestId('standing-wildcard')
      .getByText(
        'Standing wildcard: any enterprise (*), every feed family. Narrow it to what it submitted: npm run keys -- narrow partner-lender-e2e',
      )
      .waitFor();
    expect(
      await accounts
        .getByTestId('accounts-table')
        .locator('tbody tr', { hasText: 'lender-lender-e2e' })
        .getByTestId('standing-wildcard')
        .count(),
    ).toBe(0);
    await accounts.getByLabel('Kind').selectOption('lender');
    await accounts.getByLabel('Account name').fill('Console Bank');
    await accounts.getByRole('button', { name: 'Create account and key' }).click();
    await accounts
      .getByRole('alert')
      .getByText(/at least one --enterprise CODE/)
      .waitFor();
    await accounts.getByLabel(/^Enterprises/).fill('E1');
    await accounts.getByRole('button', { name: 'Create account and key' }).click();
    const newKey = await accounts.getByTestId('new-api-key').locator('code').textContent();
    expect(newKey).toMatch(/^tlk_/);
    // The key works at once, for what a lender may do.
    const asLender = await fetch(`${portal.url}/ops/audit`, {
      headers: { authorization: `Bearer ${newKey}` },
    });
    expect(asLender.status).toBe(403);
    await accounts.getByRole('button', { name: 'I have stored it' }).click();
    const row = accounts.getByTestId('accounts-table').locator('tbody tr', { hasText: 'Console Bank' });
    await row.getByRole('textbox').fill('E2');
    await row.getByRole('button', { name: 'Grant' }).click();
    await row.locator('.grants').getByText('E1, E2').waitFor();
    // A revocation cannot be undone: it is confirmed first, naming the key, and the console's
    // own key says so (dismissed here, it stays).
    const asked: string[] = [];
    const answerNext = (accept: boolean) =>
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      });
    const own = accounts.getByTestId('accounts-table').locator('tbody tr', { hasText: 'ops-console-e2e' });
    answerNext(false);
    await own.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toContain('It is the key this console is signed in with');
    expect(await own.getByText('revoked').count()).toBe(0);
    answerNext(true);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('revoked').waitFor();
    expect(asked[1]).toMatch(/^Revoke key tlk_\S+… of Console Bank\? Every call with it is refused/);
    await audit.filter({ hasText: 'key.revoked' }).waitFor();
    expect((await audit.locator('td:nth-child(3)').allTextContents()).slice(0, 4)).toEqual([
      'key.revoked',
      'grants.added',
      'key.created',
      'account.created',
    ]);
    await context.close();
  });
});
