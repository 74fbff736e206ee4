import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { generateApiKey } from '@tradelog/projections/access/apiKey';
import { createApiKey } from '@tradelog/projections/access/store';
import { migrate } from '@tradelog/projections/migrate';
import { emptyAllowlist } from '@tradelog/projections/push/callbackTarget';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { createRegistryCodec } from '@tradelog/schemas/log/codec';
import { createKafka } from '@tradelog/schemas/log/kafka';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IngestUnderTest, startIngestUnderTest } from '../../ingest/src/testing/ingestUnderTest.ts';
import { projections } from '../../processors/src/projections.ts';
import { superviseLiveProjection } from '../../processors/src/runtime/supervisor.ts';
import { createProjectionRoutes } from '../../query-api/src/lenders/routes.ts';
import { createSubscriptionRoutes } from '../../query-api/src/subscriptions/routes.ts';
import {
  createTestSchema,
  quietLogger,
  testServices,
  uniqueName,
  waitFor,
} from '../../tests/harness/index.ts';
import { buildPortal, launchChromium, type PortalServer, removeBuild, startPortal } from './portalServer.ts';

/**
 * The console end to end: a partner submits the 14 documents through the browser (live schema
 * validation, ingest, Kafka), the projections apply them, and a lender looks up the chain and
 * sees it drawn with each document's provenance (issue 6, "Must show").
 */
describe('console: partner submissions to a lender’s chain diagram', () => {
  const services = testServices();
  const owner = examples.purchase.customerCode as string;
  const purchaseNo = examples.purchase.entOrderNo as string;
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let supervisors: ReturnType<typeof superviseLiveProjection>[] = [];
  let distDir = '';
  let portal: PortalServer;
  let browser: Browser;
  const keys = { partner: '', lender: '', operator: '' };

  async function key(kind: 'partner' | 'lender' | 'operator', enterprises: string[]) {
    const generated = generateApiKey();
    await createApiKey(pool, {
      id: randomUUID(),
      kind,
      ownerId: `${kind}-console-e2e`,
      ownerName: kind,
      enterprises,
      keyPrefix: generated.prefix,
      keyHash: generated.hash,
      createdAt: new Date(),
    });
    return generated.key;
  }

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'webc');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 8 });
    keys.partner = await key('partner', []);
    keys.lender = await key('lender', [owner]);
    keys.operator = await key('operator', []);
    ingest = await startIngestUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      keysDatabaseUrl: db.databaseUrl,
      topicSuffix: uniqueName('webc'),
      logger: quietLogger,
    });
    const kafka = createKafka({
      brokers: services.kafkaBrokers,
      clientId: 'webc-processors',
      logger: quietLogger,
    });
    const codec = createRegistryCodec({ url: services.schemaRegistryUrl });
    const topics = documentTypes.map((type) => ingest.topicOf(type));
    supervisors = Object.values(projections).map((projection) =>
      superviseLiveProjection({
        kafka,
        pool,
        codec,
        projection,
        topics,
        namespace: db.schema,
        logger: quietLogger,
      }),
    );
    for (const supervisor of supervisors) await supervisor.start();
    distDir = await buildPortal();
    portal = await startPortal(distDir, {
      ingestUrl: ingest.url,
      mount: (app) =>
        app
          .use(createProjectionRoutes({ pool, namespace: db.schema }))
          .use(createSubscriptionRoutes({ pool, callbackAllowlist: emptyAllowlist })),
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
    if (distDir) removeBuild(distDir);
    for (const supervisor of supervisors) await supervisor.stop();
    await ingest?.close();
    if (pool && db) {
      const { rows } = await pool.query('SELECT nspname FROM pg_namespace WHERE nspname LIKE $1', [
        `${db.schema}\\_%`,
      ]);
      for (const row of rows) await pool.query(`DROP SCHEMA IF EXISTS "${row.nspname}" CASCADE`);
    }
    await pool?.end();
    await db?.drop();
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

    for (const [index, type] of documentTypes.entries()) {
      await typeSelect.selectOption(type.id);
      const document: Record<string, unknown> = {
        ...(examples as unknown as Record<string, Record<string, unknown>>)[type.id],
      };
      // Inbound and outbound headers name no enterprise field (submission spec §3.3).
      if (type.id === 'inbound' || type.id === 'outbound') document.customerCode = owner;
      await body.fill(JSON.stringify(document, null, 2));
      await status.filter({ hasText: /^Valid$/ }).waitFor();
      await page.getByRole('button', { name: 'Submit to ingest' }).click();
      await page.getByTestId('submissions').locator('tbody tr').nth(index).waitFor();
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
    await page.getByLabel(/Customer code/).fill(owner);
    await page.getByLabel('Document type').selectOption('30');
    await page.getByLabel('Document number').fill(purchaseNo);
    // The projections apply the documents asynchronously: look up until the chain is complete.
    const nodes = page.locator('.chain-node');
    await waitFor(
      async () => {
        await Promise.all([
          page.waitForResponse((response) => response.url().endsWith('/open/info/link/node')),
          page.getByRole('button', { name: 'Look up' }).click(),
        ]);
        await page.locator('.chain, [role="alert"]').first().waitFor();
        const storage = await page.locator('.chain-node[aria-label^="intoStorageInfo"]').count();
        const arrival = await page.locator('.chain-node[aria-label^="arrivalInfo"]').count();
        return storage === 2 && arrival === 1 ? true : undefined;
      },
      { what: 'the complete chain in the lender console', timeoutMs: 45_000 },
    );
    expect(await nodes.count()).toBeGreaterThanOrEqual(7);
    expect(await page.locator('.chain-edge').count()).toBeGreaterThan(0);
    await page.locator(`.chain-node[aria-label="purchaseInfo ${purchaseNo}"]`).click();
    const panel = page.locator('.chain-panel');
    await panel.getByText(ingest.topicOf(documentTypes.find((type) => type.id === 'purchase')!)).waitFor();
    await panel.getByText('contentSha256').waitFor();
    expect(await panel.getByTestId('chain-links').locator('li').count()).toBeGreaterThan(0);
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
    await subscriptions.getByRole('button', { name: 'Pause' }).click();
    await subscriptions.getByRole('cell', { name: 'paused' }).waitFor();

    // The operator sees every projection's live version and the (empty) dead-letter list.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, keys.operator, '/en/console/operator');
    for (const name of ['document-index', 'order-status', 'link-node', 'enterprise-data']) {
      await page
        .locator('.projection-card', { hasText: name })
        .getByText(/Live version: v\d+/)
        .waitFor();
    }
    await page.getByText('No open dead letters').waitFor();
    await context.close();
  });
});
