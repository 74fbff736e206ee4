import { pushHeaders, webhookOfDoc } from '@tradelog/schemas/openapi/webhooks';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPortal,
  launchChromium,
  type PortalServer,
  removeBuild,
  startPortal,
} from '../../tests/rigs/portal/portalServer.ts';
import { pathOf } from '../src/app/routes.ts';
import { fieldRows } from '../src/docs/fieldRows.ts';
import { referenceOf } from '../src/docs/reference.ts';

/**
 * The docs centre's four push pages (query spec §1 menu ids; §3 payloads and replies, §8, §9):
 * each renders its payload, header and reply tables from schemas/src/openapi/webhooks.ts, the
 * declaration query-api's OpenAPI `webhooks` is written from. The query pages whose answers nest
 * (goods, customs goods items, warehouse summary, ocean and terminal results) render every row.
 */
let distDir = '';
let portal: PortalServer;
let browser: Browser;

beforeAll(async () => {
  distDir = await buildPortal();
  portal = await startPortal(distDir);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
  if (distDir) removeBuild(distDir);
});

async function open(path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await page.goto(portal.url + path);
  return page;
}

const pushPages = ['kdgjPush', 'kyzhgzSend', 'qqhyzhSend', 'mtjzjhSend'] as const;

describe('push pages of the docs centre in Chromium', () => {
  for (const docId of pushPages) {
    it(`${docId}: payload, header and reply tables, in English and Chinese`, async () => {
      const webhook = webhookOfDoc(docId)!;
      const page = await open(`/en/docsDetail-${docId}.html`);
      await page.getByRole('heading', { level: 1, name: webhook.title.en }).waitFor();
      expect(await page.getByTestId('not-available').count()).toBe(0);
      await page.getByTestId('ref-path').filter({ hasText: 'callbackUrl' }).waitFor();

      const headers = page.getByTestId('push-headers-table');
      expect(await headers.locator('tbody tr').count()).toBe(pushHeaders.length);
      for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'retry-count'])
        await headers.locator(`tr[data-field="${name}"]`).waitFor();

      const payloadRows = fieldRows(webhook.payload, 'en');
      const payload = page.getByTestId('push-payload-table');
      expect(await payload.locator('tbody tr').count()).toBe(payloadRows.length);
      for (const row of payloadRows)
        expect(await payload.locator(`tr[data-field="${row.path}"] th code`).textContent()).toBe(row.path);

      const replyRows = fieldRows(webhook.reply, 'en');
      const reply = page.getByTestId('push-reply-table');
      expect(await reply.locator('tbody tr').count()).toBe(replyRows.length);
      for (const row of replyRows) await reply.locator(`tr[data-field="${row.path}"]`).waitFor();
      expect(await page.getByTestId('push-retries').textContent()).toContain(webhook.retries.en);
      expect(await page.getByTestId('push-contract').textContent()).toContain('within 10 seconds');
      // The specs' documentation stamp (query spec §9).
      expect(await page.getByTestId('doc-stamp').textContent()).toContain('13 July 2022');

      await page.goto(`${portal.url}/cn/docsDetail-${docId}.html`);
      await page.getByRole('heading', { level: 1, name: webhook.title.cn }).waitFor();
      await page.getByRole('heading', { level: 2, name: '推送参数' }).waitFor();
      await page.getByTestId('push-reply-table').locator('tr[data-field]').first().waitFor();
      await page.context().close();
    });
  }

  it('lists the push pages in the menu table, with the documentation stamp', async () => {
    const page = await open(pathOf('en', 'docsCenter', 'logistics2'));
    for (const docId of pushPages) {
      const link = page.getByRole('link', { name: webhookOfDoc(docId)!.title.en, exact: true }).first();
      await link.waitFor();
    }
    expect(await page.getByTestId('doc-stamp').textContent()).toContain('13 July 2022');
    await page.goto(portal.url + pathOf('cn', 'docsCenter', 'logistics2'));
    await page.getByTestId('doc-stamp').filter({ hasText: '2022年7月13日' }).waitFor();
    await page.context().close();
  });

  it('renders the answers field by field: goods, customs goods items, warehouse summary, ocean and terminal results', async () => {
    const deep = {
      qyGoods: ['goodsList[].goodsQualityDays', 'goodsList[].contractsUnit'],
      qybgxx: ['dataList[].goodsList[].hsCode', 'dataList[].goodsList[].declareUnit'],
      qyStockSummary: ['dataList[].inputUnpricedLines', 'dataList[].inventoryAmount'],
      qqhyzh: ['data.result.containers[].status[].isExport', 'data.result.routes[].modeDetails.vessel'],
      mtjzjh: ['data.result.shipment.equipmentEvents[].eventCategory'],
    } as const;
    for (const [docId, paths] of Object.entries(deep)) {
      const page = await open(`/en/docsDetail-${docId}.html`);
      const table = page.getByTestId('response-table');
      await table.locator('tbody tr').first().waitFor();
      expect(await table.locator('tbody tr').count(), docId).toBe(referenceOf(docId)!.responseRows.length);
      for (const path of paths) await table.locator(`tr[data-field="${path}"]`).waitFor();
      await page.context().close();
    }
  });
});
