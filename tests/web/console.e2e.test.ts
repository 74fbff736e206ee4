import { mkdirSync } from 'node:fs';
import { projectionNames } from '@tradelog/projections';
import { emptyAllowlist } from '@tradelog/projections/push/callbackTarget';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import type pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRequestedRebuild } from '../../processors/src/rebuild/requests.ts';
import { createProjectionRoutes } from '../../query-api/src/lenders/routes.ts';
import { queryApiRouters } from '../../query-api/src/routers.ts';
import { type DocumentPipeline, startDocumentPipeline } from '../harness/documentPipeline.ts';
import {
  quietLogger,
  testLogSnapshot,
  testServices,
  testTopicOffsets,
  uniqueName,
  waitFor,
} from '../harness/index.ts';
import type { IngestUnderTest } from '../harness/ingestUnderTest.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { type PortalInBrowser, startPortalInBrowser } from '../rigs/portal/portalInBrowser.ts';
import { type PortalServer, startPortal } from '../rigs/portal/portalServer.ts';

/**
 * The console end to end: a partner submits the 14 documents through the browser (live schema
 * validation, ingest, Kafka), the projections apply them, and a lender looks up the chain and
 * sees it drawn with each document's provenance.
 */
describe('console: partner submissions to a lender’s chain diagram', () => {
  const services = testServices();
  const owner = examples.purchase.customerCode as string;
  const purchaseNo = examples.purchase.entOrderNo as string;
  let pipeline: DocumentPipeline<'partner' | 'lender' | 'operator'> | undefined;
  let db: DocumentPipeline<never>['db'];
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let stopRebuilds: (() => Promise<void>) | undefined;
  const rebuildFailures: unknown[] = [];
  const changesTopic = uniqueName('webc-changes');
  let topics: string[] = [];
  /** While set, the rebuild loop claims nothing: the requested version stays visible. */
  let rebuildsHeld = false;
  /** The rebuild the loop is running, if any. */
  let rebuilding: Promise<unknown> | undefined;
  let web: PortalInBrowser | undefined;
  let distDir = '';
  let portal: PortalServer;
  let browser: Browser;
  let keys: Record<'partner' | 'lender' | 'operator', string>;

  const key = (kind: 'partner' | 'lender' | 'operator', enterprises: string[]) => ({
    kind,
    ownerId: `${kind}-console-e2e`,
    name: kind,
    enterprises,
  });

  beforeAll(async () => {
    // The projections publish their change events, as processors' main does, so the operator's
    // chart has a changes topic with records beside the document topics.
    pipeline = await startDocumentPipeline({
      prefix: 'webc',
      keys: { partner: key('partner', ['*']), lender: key('lender', [owner]), operator: key('operator', []) },
      changesTopic,
    });
    ({ db, pool, ingest, keys, documentTopics: topics } = pipeline);
    const { codec } = pipeline.projections;
    // Rebuilds an operator requests are run the way processors' main runs them: a loop that
    // claims the oldest requested version.
    const rebuildTimer = setInterval(() => {
      if (rebuilding || rebuildsHeld) return;
      rebuilding = runRequestedRebuild({
        brokers: services.kafkaBrokers,
        pool,
        codec,
        topicOf: (type) => ingest.topicOf(documentTypes.find((t) => t.id === type)!),
        namespace: db.schema,
        logger: quietLogger,
        progressIntervalMs: 200,
      })
        .catch((error: unknown) => rebuildFailures.push(error))
        .finally(() => {
          rebuilding = undefined;
        });
    }, 500);
    stopRebuilds = async () => {
      clearInterval(rebuildTimer);
      await rebuilding;
    };
    web = await startPortalInBrowser({
      ingestUrl: ingest.url,
      pool,
      mount: (app) =>
        app.use(
          queryApiRouters({
            pool,
            namespace: db.schema,
            documentTopics: topics,
            changesTopic,
            topicOffsets: testTopicOffsets(services),
            logSnapshot: testLogSnapshot(services),
            callbackAllowlist: emptyAllowlist,
          }),
        ),
    });
    ({ distDir, portal, browser } = web);
  });

  afterAll(async () => {
    await web?.close();
    await stopRebuilds?.();
    await pipeline?.stop();
  });

  async function signIn(page: Page, apiKey: string, path: string) {
    await page.goto(portal.url + path);
    await page.getByLabel('API key', { exact: true }).fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('submits every document type from the partner console and draws the lender’s chain', async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await signIn(page, keys.partner, '/en/console/partner');
    const typeSelect = page.getByLabel('Document type');
    const body = page.getByLabel('Document JSON');
    const status = page.getByRole('status').filter({ hasText: /Valid|validation errors|Invalid JSON/ });

    // Live validation: a broken document is flagged and cannot be submitted.
    await body.fill('{"entOrderNo": 1}');
    await status.filter({ hasText: 'validation errors' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit to ingest' }).isDisabled()).toBe(true);

    // The partners' documents of the submission spec through the console (it keeps the last 20
    // submissions); providers' feeds straight to ingest, as a provider's connector would.
    const isFeed = (type: (typeof documentTypes)[number]) =>
      type.group !== 'logistics' && type.group !== 'business';
    for (const type of documentTypes.filter(isFeed)) {
      const response = await fetch(`${ingest.url}${type.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
        body: JSON.stringify(examples[type.id]),
      });
      expect(response.status, type.id).toBe(200);
    }
    for (const type of documentTypes.filter((candidate) => !isFeed(candidate))) {
      await typeSelect.selectOption(type.id);
      const document: Record<string, unknown> = {
        ...(examples as unknown as Record<string, Record<string, unknown>>)[type.id],
      };
      // Inbound and outbound headers name no enterprise field (submission spec §3.3).
      if (type.id === 'inbound' || type.id === 'outbound') document.customerCode = owner;
      await body.fill(JSON.stringify(document, null, 2));
      await status.filter({ hasText: /^Valid$/ }).waitFor();
      await page.getByRole('button', { name: 'Submit to ingest' }).click();
      // The newest row is this submission (the console keeps the 20 most recent; the catalogue
      // holds more types than that with the reference feeds).
      await page
        .getByTestId('submissions')
        .locator('tbody tr')
        .first()
        .locator('td')
        .nth(1)
        .filter({ hasText: new RegExp(`^${type.id}$`) })
        .waitFor();
      const result = await page
        .getByTestId('submissions')
        .locator('tbody tr')
        .first()
        .locator('td')
        .nth(2)
        .textContent();
      expect(result, type.id).toMatch(/^200 success/);
    }

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, keys.lender, '/en/console/lender');
    // The customer code becomes a list of the key's grants once the account is known (/open/account).
    const customer = page.getByLabel(/Customer code/);
    await customer.locator(`option[value="${owner}"]`).waitFor({ state: 'attached' });
    await customer.selectOption(owner);
    await page.getByLabel('Document type').selectOption('30');
    await page.getByLabel('Document number').fill(purchaseNo);
    // The projections apply the documents asynchronously and read the 14 topics in any
    // interleaving, so some blocks of the chain being there says nothing about the others. Every
    // submission was acknowledged (200 above), so wait until every projection applied everything
    // below the topics' end offsets; then one look-up shows the whole chain.
    await waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, topics), {
      topicOf: (type) => ingest.topicOf(documentTypes.find((t) => t.id === type)!),
    });
    const nodes = page.locator('.chain-node');
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/open/info/link/node')),
      page.getByRole('button', { name: 'Look up' }).click(),
    ]);
    await page.locator('.chain').waitFor();
    expect(await page.locator('.chain-node[aria-label^="intoStorageInfo"]').count()).toBe(2);
    expect(await page.locator('.chain-node[aria-label^="arrivalInfo"]').count()).toBe(1);
    expect(await nodes.count()).toBeGreaterThanOrEqual(7);
    expect(await page.locator('.chain-edge').count()).toBeGreaterThan(0);
    await page.locator(`.chain-node[aria-label="purchaseInfo ${purchaseNo}"]`).click();
    const panel = page.locator('.chain-panel');
    await panel.getByText(ingest.topicOf(documentTypes.find((type) => type.id === 'purchase')!)).waitFor();
    await panel.getByText('contentSha256').waitFor();
    expect(await panel.getByTestId('chain-links').locator('li').count()).toBeGreaterThan(0);
    // The selected document's edges stand out, each titled with the numbers it shares.
    const activeEdges = page.locator('.chain-edge.active');
    expect(await activeEdges.count()).toBe(await panel.getByTestId('chain-links').locator('li').count());
    expect(await activeEdges.first().locator('title').textContent()).toMatch(
      new RegExp(`^${purchaseNo} ↔ .+: .+`),
    );
    // Scrolled, the header is fixed; what the browser brings into view (the diagram's title, a
    // node focused from the keyboard) lands below it, never behind it.
    const headerBottom = async () => {
      const box = await page.locator('.site-header').boundingBox();
      return (box?.y ?? 0) + (box?.height ?? 0);
    };
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator('.site-header.on').waitFor();
    await page.locator('.chain figcaption').scrollIntoViewIfNeeded();
    expect((await page.locator('.chain figcaption').boundingBox())?.y).toBeGreaterThanOrEqual(
      await headerBottom(),
    );
    await nodes.nth(1).focus();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await nodes.first().focus();
    expect((await nodes.first().boundingBox())?.y).toBeGreaterThanOrEqual(await headerBottom());
    mkdirSync('/tmp/screens', { recursive: true });
    await page.locator('.chain').screenshot({ path: '/tmp/screens/chain-1920.png' });

    // The lender subscribes to the enterprise's changes and sees the subscription listed.
    await page.getByRole('link', { name: 'Subscriber' }).click();
    await page.getByLabel('Enterprise code').fill(owner);
    await page.getByLabel('Callback URL').fill('https://hooks.lender.example/tradelog/changes');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    const subscriptions = page.getByTestId('subscriptions');
    await subscriptions.getByText('https://hooks.lender.example/tradelog/changes').waitFor();
    expect(await subscriptions.locator('tbody tr').count()).toBe(1);
    // Its signing secret is shown once, to copy, and gone once stored.
    const secret = page.getByTestId('subscription-secret');
    expect(await secret.locator('code').textContent()).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    await secret.getByRole('button', { name: 'I have stored it' }).click();
    await secret.waitFor({ state: 'detached' });
    // A redelivery reports how many it scheduled (never "NaN").
    await subscriptions.getByRole('button', { name: 'Deliveries' }).click();
    await page.getByRole('button', { name: 'Redeliver all dead deliveries' }).click();
    await page.getByText(/^\d+ redeliveries scheduled$/).waitFor();
    await subscriptions.getByRole('button', { name: 'Pause' }).click();
    await subscriptions.getByRole('cell', { name: 'paused' }).waitFor();
    // Subscribed again the same (a second click, a second visit): the same subscription, said to
    // be it, pushing again; no second row (query-api README "Subscribing twice").
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await secret.getByText(/^You already had this subscription/).waitFor();
    await subscriptions.getByRole('cell', { name: 'active' }).waitFor();
    expect(await subscriptions.locator('tbody tr').count()).toBe(1);
    await secret.getByRole('button', { name: 'I have stored it' }).click();

    // The operator sees every projection's live version and the (empty) dead-letter list.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, keys.operator, '/en/console/operator');
    for (const name of ['document-index', 'order-status', 'link-node', 'enterprise-data']) {
      await page
        .locator('.projection-card', { hasText: name })
        .getByText(/Live version: v\d+/)
        .waitFor();
    }
    await page.getByText('No dead letters in this state').waitFor();
    // A visitor's saved form is listed for the operator (portal leads, kept in Postgres).
    const saved = await fetch(`${portal.url}/portal-api/tradelog-order/customerDemand/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        form: 'contact',
        name: 'Console visitor',
        phone: '13800002222',
        industry: '110',
        demand: 'Console e2e lead: please call back',
      }),
    });
    expect(await saved.json()).toMatchObject({ result: 1 });
    // A fresh load signs in again: the key is kept in memory only (web/README.md "Console").
    await signIn(page, keys.operator, '/en/console/operator');
    await page.getByTestId('leads-table').getByText('Console e2e lead: please call back').waitFor();
    mkdirSync('/tmp/screens', { recursive: true });
    await page.getByTestId('leads').screenshot({ path: '/tmp/screens/operator-leads-1920.png' });

    // Topics and consumer lag as charts (GET /ops/pipeline, polled while the page is visible):
    // one bar per document topic holding the one record submitted to it, the changes topic
    // with the projections' change events, and every projection's lag reaching 0.
    const documentTopics = documentTypes.map((type) => ingest.topicOf(type));
    const topicChart = page.getByTestId('topic-chart');
    await topicChart.waitFor();
    expect(await page.locator('.topic-bar').count()).toBe(documentTopics.length + 1);
    for (const topic of documentTopics) {
      expect(await page.locator(`.topic-bar[data-topic="${topic}"] .chart-value`).textContent(), topic).toBe(
        '1',
      );
    }
    await page
      .locator(`.topic-bar[data-topic="${changesTopic}"] .chart-value`)
      .filter({ hasText: /^[1-9]/ })
      .waitFor();
    const topicSummary = (await topicChart.getAttribute('aria-label')) ?? '';
    for (const topic of documentTopics) expect(topicSummary).toContain(`${topic} 1`);
    for (const name of projectionNames) {
      const card = page.locator(`.lag-card[data-projection="${name}"]`);
      await card
        .locator('.lag-value')
        .filter({ hasText: /^0 behind · [1-9]\d* applied$/ })
        .waitFor();
      expect(await card.getByRole('img').getAttribute('aria-label')).toMatch(
        new RegExp(`^${name} v\\d+: 0 records behind`),
      );
    }
    // The sparkline has the samples taken since the page opened: wait for a second one.
    const linkNodeLag = page.locator('.lag-card[data-projection="link-node"]').getByRole('img');
    await waitFor(
      async () => {
        const label = (await linkNodeLag.getAttribute('aria-label')) ?? '';
        return Number(/over (\d+) samples/.exec(label)?.[1]) >= 2 ? true : undefined;
      },
      { what: 'a second lag sample of link-node', timeoutMs: 20_000 },
    );
    const points = await linkNodeLag.locator('polyline').getAttribute('points');
    expect(points?.split(' ').length).toBeGreaterThanOrEqual(2);
    mkdirSync('/tmp/screens', { recursive: true });
    await page.getByTestId('topic-chart').scrollIntoViewIfNeeded();
    await page.locator('.pipeline').screenshot({ path: '/tmp/screens/operator-pipeline-1920.png' });

    // A rebuild requested through the page: its progress bar shows while the processors' loop
    // builds the new version, and goes once the new version is live; its lag then reads 0.
    const orderStatus = page.locator('.projection-card', { hasText: 'order-status' });
    const liveText = await orderStatus.getByText(/Live version: v\d+/).textContent();
    const liveBefore = Number(/v(\d+)/.exec(liveText ?? '')?.[1]);
    // Held until the page shows the request: a rebuild of 14 records can finish before the page
    // reloads the versions, and the bar would never be seen.
    rebuildsHeld = true;
    await orderStatus.getByRole('button', { name: 'Start rebuild' }).click();
    const progress = orderStatus.getByRole('progressbar');
    await progress.waitFor();
    rebuildsHeld = false;
    await orderStatus.getByText(`Live version: v${liveBefore + 1}`).waitFor({ timeout: 60_000 });
    await progress.waitFor({ state: 'detached' });
    // The new version being live says nothing about the rebuild's own end: let it finish.
    await rebuilding;
    expect(rebuildFailures).toEqual([]);
    await page
      .locator('.lag-card[data-projection="order-status"]')
      .filter({ hasText: `order-status · v${liveBefore + 1}` })
      .locator('.lag-value')
      .filter({ hasText: /^0 behind/ })
      .waitFor();
    await context.close();

    // The same page at 375 px: the charts fit the screen without sideways scrolling.
    const mobile = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const phone = await mobile.newPage();
    await signIn(phone, keys.operator, '/en/console/operator');
    await phone.getByTestId('topic-chart').waitFor();
    await phone.locator('.lag-card .lag-value').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.locator('.pipeline').screenshot({ path: '/tmp/screens/operator-pipeline-375.png' });
    await mobile.close();
  });

  it('draws a chain longer than a page a page at a time, with a pager', async () => {
    // One contract number on a purchase and 129 arrivals: a chain of 130 documents, which the
    // console draws 100 at a time (chainStore.ts `chainPageSize`, query-api README "Chains in pages").
    const contractNo = 'LONG-CT-1';
    // Every other number that links documents is made this test's own, so that the chain holds
    // exactly these documents (processors/src/link-node/rules.ts: the link keys).
    const linking = ['busiOrderNo', 'billNo', 'poOrderNo', 'checkNo', 'entryNo', 'inboundOrderNo'];
    const apart = (document: object, name: string): Record<string, unknown> => ({
      ...document,
      ...Object.fromEntries(
        [...linking, 'outboundOrderNo', 'wmsOrderNo']
          .filter((field) => field in document)
          .map((field) => [field, `LONG-${name}-${field}`]),
      ),
      entOrderNo: `LONG-${name}`,
      contractNo,
    });
    const podPath = ingest.interfaces.find((intf) => intf.id === 'pod')!.path;
    const purchasePath = ingest.interfaces.find((intf) => intf.id === 'purchase')!.path;
    const submit = async (path: string, document: Record<string, unknown>) => {
      const response = await fetch(`${ingest.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
        body: JSON.stringify(document),
      });
      expect(response.status).toBe(200);
    };
    await submit(purchasePath, { ...apart(examples.purchase, 'PO-1'), financingOrderNo: 'LONG-FIN-1' });
    for (let batch = 0; batch < 129; batch += 16)
      await Promise.all(
        Array.from({ length: Math.min(16, 129 - batch) }, (_, i) =>
          submit(podPath, apart(examples.pod, `POD-${batch + i}`)),
        ),
      );
    await waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, topics), {
      topicOf: (type) => ingest.topicOf(documentTypes.find((t) => t.id === type)!),
    });

    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, keys.lender, '/en/console/lender');
    const customer = page.getByLabel(/Customer code/);
    await customer.locator(`option[value="${owner}"]`).waitFor({ state: 'attached' });
    await customer.selectOption(owner);
    await page.getByLabel('Document type').selectOption('30');
    await page.getByLabel('Document number').fill('LONG-PO-1');
    await page.getByRole('button', { name: 'Look up' }).click();
    const pager = page.getByTestId('chain-page');
    await pager.filter({ hasText: 'Documents 1–100 of the 130 in this chain' }).waitFor();
    expect(await page.locator('.chain-node').count()).toBe(100);
    const previous = page.getByRole('button', { name: 'Previous page' });
    expect(await previous.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next page' }).click();
    await pager.filter({ hasText: 'Documents 101–130 of the 130 in this chain' }).waitFor();
    // And the financing its purchase names, drawn beside it (derived, not counted among the 130).
    expect(await page.locator('.chain-node:not([aria-label^="financingInfo"])').count()).toBe(30);
    expect(await page.locator('.chain-node[aria-label="financingInfo LONG-FIN-1"]').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await previous.click();
    await pager.filter({ hasText: 'Documents 1–100' }).waitFor();
    await context.close();
  });

  it('tells the operator when query-api has no Kafka, draws nothing, and keeps asking', async () => {
    // The same build behind a query-api without KAFKA_BROKERS: /ops/pipeline answers 503.
    const withoutKafka = await startPortal(distDir, {
      mount: (app) => app.use(createProjectionRoutes({ pool, namespace: db.schema })),
    });
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    try {
      const page = await context.newPage();
      const answers: number[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/ops/pipeline')) answers.push(response.status());
      });
      await page.goto(`${withoutKafka.url}/en/console/operator`);
      await page.getByLabel('API key', { exact: true }).fill(keys.operator);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .locator('.pipeline [role="alert"][data-code="KAFKA_NOT_CONFIGURED"]')
        .getByText('KAFKA_BROKERS')
        .waitFor();
      const shownAfter = answers.length;
      await waitFor(async () => (answers.length > shownAfter ? true : undefined), {
        what: 'another poll after the 503 was shown',
        timeoutMs: 15_000,
      });
      expect(new Set(answers)).toEqual(new Set([503]));
      expect(await page.getByTestId('topic-chart').count()).toBe(0);
      expect(await page.locator('.lag-card').count()).toBe(0);
    } finally {
      await context.close();
      await withoutKafka.close();
    }
  });
});
