/**
 * Screenshots of the API references: the query API's interactive reference (Swagger UI, served
 * by query-api from node_modules, reached through the portal's /api-reference/query prefix) and
 * the docs centre's "digital service output" (logistics2) menu and pages. Tooling, not a test:
 * `node tests/rigs/portal/referenceScreenshots.ts [outDir]` with the services' environment set as for the
 * tests (the portal's content API keeps its data in a schema of its own there, dropped after).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '@tradelog/query-api/app';
import { createLogger, TradelogError } from '@tradelog/schemas';
import pg from 'pg';
import { buildPortal, launchChromium, removeBuild, startPortal } from './portalServer.ts';

const outDir = process.argv[2] ?? '/tmp/screens';
mkdirSync(outDir, { recursive: true });
const logger = createLogger({ service: 'screenshots' }, { write: () => {} });
const queryApi = createApp({
  logger,
  content: {
    // The reference pages never reach the database.
    pool: new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' }),
    clock: { now: () => Date.now() },
    logger,
    product: 'tradelog',
    sendSms: async () => {
      throw new TradelogError('SMS_UNAVAILABLE', 'no gateway', { status: 503 });
    },
  },
});
const dist = await buildPortal();
const portal = await startPortal(dist, { mount: (app) => app.use('/api-reference/query', queryApi) });
const browser = await launchChromium();
try {
  const shot = async (file: string, path: string, ready: string, width = 1440, fullPage = false) => {
    const context = await browser.newContext({ viewport: { width, height: 1000 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(portal.url + path);
    await page.locator(ready).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(outDir, file), fullPage });
    return { page, context };
  };
  // Swagger UI: the operation list, then one operation opened with its schemas.
  let { page, context } = await shot('reference-swagger.png', '/api-reference/query/docs', '.opblock');
  await page
    .locator('.opblock-summary', { hasText: '/open/info/enterprise/purchase-orders' })
    .first()
    .click();
  await page.locator('.opblock.is-open .responses-wrapper').waitFor();
  await page.locator('.opblock.is-open').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(outDir, 'reference-swagger-operation.png') });
  await context.close();
  ({ context } = await shot(
    'docs-logistics2-menu.png',
    '/cn/docsCenter-logistics2',
    '.docs-menu',
    1440,
    true,
  ));
  await context.close();
  ({ context } = await shot(
    'docs-logistics2-qyBuy.png',
    '/en/docsDetail-qyBuy.html',
    '[data-testid="response-table"]',
    1440,
    true,
  ));
  await context.close();
  ({ context } = await shot(
    'docs-logistics2-pending.png',
    '/en/docsDetail-cbAis.html',
    '[data-testid="not-available"]',
  ));
  await context.close();
} finally {
  await browser.close();
  await portal.close();
  removeBuild(dist);
}
