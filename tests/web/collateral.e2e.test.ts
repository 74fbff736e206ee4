import { mkdirSync } from 'node:fs';
import { migrate } from '@tradelog/projections/migrate';
import { emptyAllowlist } from '@tradelog/projections/push/callbackTarget';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryApiRouters } from '../../query-api/src/routers.ts';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, step, testServices, uniqueName } from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { type ProjectionsUnderTest, startProjectionsUnderTest } from '../harness/projectionsUnderTest.ts';
import {
  buildPortal,
  launchChromium,
  type PortalServer,
  removeBuild,
  startPortal,
} from '../rigs/portal/portalServer.ts';

/**
 * Reused collateral in the lender console (query-api README "Collateral exposure"): one
 * enterprise's running financing holds a warehouse receipt, a second financing of the same
 * enterprise names that receipt's inbound order; the lender looks the second financing up and
 * sees the receipt's document marked ⚠ on the chain diagram, and the pairing among its alerts.
 */
describe('console: reused collateral marked on the chain and listed as an alert', () => {
  const services = testServices();
  const owner = examples.purchase.customerCode as string;
  const receipt = { entOrderNo: 'QHYP-IN-20240410-007', warehouseId: examples.inbound.warehouseId as string };
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let running: ProjectionsUnderTest | undefined;
  let distDir = '';
  let portal: PortalServer;
  let browser: Browser;
  let lenderKey = '';

  beforeAll(async () => {
    db = await step('test schema', () => createTestSchema(services.databaseUrl, 'webco'));
    await step('migrations', () => migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger }));
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 8 });
    const partnerKey = (
      await createTestApiKey(pool, 'partner', { ownerId: 'partner-collateral-e2e', enterprises: [owner] })
    ).key;
    lenderKey = (
      await createTestApiKey(pool, 'lender', {
        ownerId: 'lender-collateral-e2e',
        ownerName: 'lender',
        enterprises: [owner],
      })
    ).key;
    ingest = await step('ingest', () =>
      startIngestUnderTest({
        brokers: services.kafkaBrokers,
        schemaRegistryUrl: services.schemaRegistryUrl,
        keysDatabaseUrl: db.databaseUrl,
        topicSuffix: uniqueName('webco'),
        logger: quietLogger,
      }),
    );
    const topicOf = (type: string) => ingest.topicOf(documentTypes.find((t) => t.id === type)!);
    running = await step('projections', () =>
      startProjectionsUnderTest({
        brokers: services.kafkaBrokers,
        schemaRegistryUrl: services.schemaRegistryUrl,
        pool,
        namespace: db.schema,
        topicOf,
        logger: quietLogger,
        clientId: 'webco-processors',
        only: ['link-node', 'collateral'],
      }),
    );
    const submit = async (type: 'purchase' | 'inbound', document: Record<string, unknown>) => {
      const found = ingest.interfaces.find((intf) => intf.id === type)!;
      const response = await fetch(`${ingest.url}${found.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${partnerKey}` },
        body: JSON.stringify(document),
      });
      expect(response.status, await response.text()).toBe(200);
    };
    // Two running financings (purchases placed, not received), each naming the same inbound
    // order; no contract, so the receipt is the one piece they share.
    const { contractNo: _contractNo, ...purchase } = examples.purchase;
    const placed = (entOrderNo: string, financingOrderNo: string) =>
      submit('purchase', {
        ...purchase,
        entOrderNo,
        financingOrderNo,
        wmsOrderNo: receipt.entOrderNo,
        orderStatus: '10',
        inboundTime: undefined,
      });
    await placed('QHYP-PO-20240402-011', 'FIN-QH-240402-011');
    await submit('inbound', { ...examples.inbound, customerCode: owner, ...receipt });
    await placed('QHYP-PO-20240415-012', 'FIN-QH-240415-012');
    await step('projections applied', async () =>
      waitForProjectionsToApply(
        pool,
        await endOffsetsOf(
          services.kafkaBrokers,
          documentTypes.map((type) => ingest.topicOf(type)),
        ),
        { topicOf, projections: ['link-node', 'collateral'] },
      ),
    );
    distDir = await step('portal build', buildPortal);
    portal = await startPortal(distDir, {
      pool,
      mount: (app) =>
        app.use(queryApiRouters({ pool, namespace: db.schema, callbackAllowlist: emptyAllowlist })),
    });
    browser = await step('chromium', launchChromium);
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
    if (distDir) removeBuild(distDir);
    await running?.stop();
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

  it('marks the reused warehouse receipt ⚠ on the second financing’s chain and lists the alert', async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${portal.url}/en/console/lender`);
    await page.getByLabel('API key', { exact: true }).fill(lenderKey);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // The lender's open alerts: the receipt, both financings named (the lender is granted both).
    const alert = page.locator('.collateral-alerts li');
    await alert.first().waitFor();
    expect(await alert.count()).toBe(1);
    const line = await alert.first().textContent();
    expect(line).toContain(`warehouseReceipt ${receipt.warehouseId}/QHYPIN20240410007`);
    expect(line).toContain(`${owner} FIN-QH-240402-011`);
    expect(line).toContain(`${owner} FIN-QH-240415-012`);

    await page.getByLabel(/Customer code/).fill(owner);
    await page.getByLabel('Document type').selectOption('10');
    await page.getByLabel('Document number').fill('FIN-QH-240415-012');
    await page.getByRole('button', { name: 'Look up' }).click();
    // The inbound that brought the receipt carries the mark; no other document of the chain does.
    const marked = page.locator('.chain-node.reused');
    await marked.first().waitFor();
    expect(await marked.count()).toBe(1);
    expect(await marked.getAttribute('aria-label')).toBe(`intoStorageInfo ${receipt.entOrderNo}`);
    const mark = marked.locator('.chain-reused');
    expect(await mark.textContent()).toContain('⚠');
    expect(await mark.locator('title').textContent()).toContain(
      `warehouseReceipt ${receipt.warehouseId}/QHYPIN20240410007`,
    );
    expect(await page.locator('.chain-node').count()).toBeGreaterThanOrEqual(3);

    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/console-collateral.png', fullPage: true });
    await context.close();
  });
});
