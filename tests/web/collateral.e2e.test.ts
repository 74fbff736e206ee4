import { mkdirSync } from 'node:fs';
import { emptyAllowlist } from '@tradelog/projections/push/callbackTarget';
import { examples } from '@tradelog/schemas/documents/examples';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryApiRouters } from '../../query-api/src/routers.ts';
import { type DocumentPipeline, startDocumentPipeline } from '../harness/documentPipeline.ts';
import { step, testServices } from '../harness/index.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { type PortalInBrowser, startPortalInBrowser } from '../rigs/portal/portalInBrowser.ts';
import type { PortalServer } from '../rigs/portal/portalServer.ts';

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
  let pipeline: DocumentPipeline<'partner' | 'lender'> | undefined;
  let web: PortalInBrowser | undefined;
  let portal: PortalServer;
  let browser: Browser;
  let lenderKey = '';

  beforeAll(async () => {
    pipeline = await startDocumentPipeline({
      prefix: 'webco',
      keys: {
        partner: { kind: 'partner', ownerId: 'partner-collateral-e2e', enterprises: [owner] },
        lender: { kind: 'lender', ownerId: 'lender-collateral-e2e', name: 'lender', enterprises: [owner] },
      },
      projections: ['link-node', 'collateral'],
    });
    const { pool, db, ingest, topicOf, documentTopics, keys } = pipeline;
    const partnerKey = keys.partner;
    lenderKey = keys.lender;
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
      waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, documentTopics), {
        topicOf,
        projections: ['link-node', 'collateral'],
      }),
    );
    web = await startPortalInBrowser({
      pool,
      mount: (app) =>
        app.use(queryApiRouters({ pool, namespace: db.schema, callbackAllowlist: emptyAllowlist })),
    });
    ({ portal, browser } = web);
  });

  afterAll(async () => {
    await web?.close();
    await pipeline?.stop();
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

    // The customer code becomes a list of the key's grants once the account is known (/open/account).
    const customer = page.getByLabel(/Customer code/);
    await customer.locator(`option[value="${owner}"]`).waitFor({ state: 'attached' });
    await customer.selectOption(owner);
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
    // How much of the financing's collateral is reused, whatever page of it is drawn.
    expect(await page.getByTestId('chain-reused-count').textContent()).toMatch(
      /^1 of the financing's \d+ pieces of collateral also stand behind another open financing$/,
    );

    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/console-collateral.png', fullPage: true });
    await context.close();
  });
});
