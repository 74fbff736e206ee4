import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { afterAll, beforeAll, expect } from 'vitest';
import { interfacePath } from '../../ingest/src/intake/interfaces.ts';
import { waitFor } from '../harness/index.ts';
import { type ProductAsStarted, startProductAsNpmStart } from '../harness/productAsStarted.ts';
import { launchChromium } from '../rigs/portal/portalServer.ts';
import { loadEnterprise } from './pacedLoad.ts';
import { type PrivateStack, startPrivateStack } from './privateStack.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field with expect
export type Json = any;

/**
 * What a test of an operator action on the log needs (logReplaced.e2e.test.ts,
 * logRestored.e2e.test.ts): a private stack for the file, the product on it as `npm start` runs
 * it (the portal only where the operator's remedy is taken in the console: tests/faults/README.md),
 * and the calls a partner, a lender and an operator make of it. Registers the file's `beforeAll`
 * and `afterAll`.
 */
export function logStory() {
  let stack: PrivateStack | undefined;
  let product: ProductAsStarted | undefined;
  let dependencies: Parameters<typeof startProductAsNpmStart>[0]['dependencies'];
  beforeAll(async () => {
    stack = await startPrivateStack();
    dependencies = {
      kafkaBrokers: stack.kafkaBrokers.join(','),
      schemaRegistryUrl: `http://127.0.0.1:${stack.ports.registry}/apis/ccompat/v7`,
      databaseUrl: stack.databaseUrl,
    };
  });
  afterAll(async () => {
    await product?.stop();
    await stack?.stop();
  });

  const live = () => product!;
  const call = async (method: string, url: string, key: string, body?: unknown) => {
    const response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const purchasePath = interfacePath(documentTypes.find((t) => t.id === 'purchase')!.path, 'tradelog');
  const offerPurchase = (financingOrderNo: string, order = `PO-${financingOrderNo}`) =>
    call('POST', `${live().urls.ingest!}${purchasePath}`, live().keys.partner, {
      ...examples.purchase,
      customerCode: loadEnterprise,
      entOrderNo: order,
      financingOrderNo,
    });
  return {
    stack: () => stack!,
    live,
    call,
    /**
     * `liveOnly`: services `npm start` reports live rather than ready (the processors on a replaced
     * log); `portal`: the portal too, as `npm start` serves it (the console's remedy).
     */
    async start(liveOnly: 'processors'[] = [], options: { portal?: boolean } = {}) {
      product = await startProductAsNpmStart({
        dependencies,
        services: ['ingest', 'query-api', 'processors', ...(options.portal ? (['web'] as const) : [])],
        liveOnly,
        env: {
          LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'warn',
          NODE_OPTIONS: `--disable-warning=TimeoutNegativeWarning ${process.env.NODE_OPTIONS ?? ''}`,
        },
        echo: process.env.FAULTS_VERBOSE === '1',
      });
      return product;
    },
    async stop() {
      await product?.stop();
      product = undefined;
    },
    /** A financed purchase of the lender's enterprise, and ingest's answer whatever it is. */
    offerPurchase,
    /** The same, accepted; `order`, its business key, picks its partition. */
    async submitPurchase(financingOrderNo: string, order = `PO-${financingOrderNo}`) {
      const { status, body } = await offerPurchase(financingOrderNo, order);
      expect(status, JSON.stringify(body)).toBe(200);
      return body as { documentId: string; position: string };
    },
    /** The lender's link-node query for a financing (`after`: `?after=<documentId>`). */
    chainOf: (financingOrderNo: string, after = '') =>
      call('POST', `${live().urls['query-api']!}/open/info/link/node${after}`, live().keys.operator, {
        customerCode: loadEnterprise,
        documentsType: '10',
        documentsNo: financingOrderNo,
      }),
    /** The operator's remedy (processors/README.md "When the log was replaced"): each projection rebuilt, push started on the new log. */
    async rebuildAndStartPush(projections: readonly string[]) {
      for (const projection of projections) {
        const requested = await call(
          'POST',
          `${live().urls['query-api']!}/ops/rebuild/${projection}`,
          live().keys.operator,
        );
        expect(requested.status, JSON.stringify(requested.body)).toBe(202);
      }
      const started = await call(
        'POST',
        `${live().urls['query-api']!}/ops/push/start-on-new-log`,
        live().keys.operator,
      );
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      return started.body as Json;
    },
    /**
     * The same remedy taken in the operator console, in Chromium, as `npm start` serves the portal:
     * each projection's "Start rebuild", then "Start push on the new log" on push's stopped card.
     */
    async rebuildAndStartPushInConsole(projections: readonly string[]) {
      const queryApi = live().urls['query-api']!;
      const newest = async (projection: string) =>
        Math.max(
          0,
          ...(
            (await call('GET', `${queryApi}/ops/rebuild/${projection}`, live().keys.operator)).body
              .versions as Json[]
          ).map((v) => v.version as number),
        );
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(`${live().urls.web!}/en/console/operator`);
        await page.getByLabel('API key', { exact: true }).fill(live().keys.operator);
        await page.getByRole('button', { name: 'Sign in' }).click();
        for (const projection of projections) {
          const before = await newest(projection);
          await page
            .locator('.projection-card')
            .filter({ has: page.locator('code', { hasText: new RegExp(`^${projection}$`) }) })
            .getByRole('button', { name: 'Start rebuild' })
            .click();
          await waitFor(async () => (await newest(projection)) > before, {
            what: `${projection} rebuild requested`,
          });
        }
        const asked: string[] = [];
        page.once('dialog', (dialog) => {
          asked.push(dialog.message());
          void dialog.accept();
        });
        const startPush = page.getByRole('button', { name: 'Start push on the new log' });
        await startPush.waitFor({ timeout: 30_000 });
        await startPush.click();
        const said = page
          .getByRole('status')
          .filter({ hasText: /^Push starts \d+ partitions of the changes topic over on the new log\.$/ });
        await said.waitFor({ timeout: 30_000 });
        expect(asked).toEqual([
          expect.stringMatching(/^Start push on the new log\? Every change the new log holds/),
        ]);
        return await said.textContent();
      } finally {
        await browser.close();
      }
    },
    pipeline: async () =>
      (await call('GET', `${live().urls['query-api']!}/ops/pipeline`, live().keys.operator)).body,
    async processorsReady() {
      const response = await fetch(`${live().urls.processors!}/ready`);
      return { status: response.status, body: (await response.json()) as Json };
    },
  };
}
