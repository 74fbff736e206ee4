import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { ensureTopics } from '@tradelog/schemas/kit/log/topics';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushService, type PushService } from '../../processors/src/push/service.ts';
import { pushSettings } from '../../processors/src/push/settings.ts';
import { queryApiRouters } from '../../query-api/src/routers.ts';
import { createTestPushWaits, type TestPushWaits } from '../../query-api/src/subscriptions/testPushWaits.ts';
import {
  type CallbackReceiver,
  type ReceivedPush,
  signedHeaders,
  startCallbackReceiver,
} from '../harness/callbackReceiver.ts';
import { type DocumentPipeline, startDocumentPipeline } from '../harness/documentPipeline.ts';
import { quietLogger, step, testServices, uniqueName, waitFor } from '../harness/index.ts';
import { type PortalInBrowser, startPortalInBrowser } from '../rigs/portal/portalInBrowser.ts';
import type { PortalServer } from '../rigs/portal/portalServer.ts';

const verifies = (secret: string, push: ReceivedPush) => {
  try {
    new Webhook(secret).verify(push.body, signedHeaders(push));
    return true;
  } catch {
    return false;
  }
};

/**
 * The subscriber and partner tools in the browser (query-api README "Subscriber tools", "Partner
 * tools"): a subscriber sends a test push and rotates its secret, the pushes verified with the
 * Standard Webhooks library; a partner validates without submitting, submits, and follows its
 * document through the projections.
 */
describe('console tools: subscriber and partner pages', () => {
  const services = testServices();
  const enterprise = examples.purchase.customerCode as string;
  const changesTopic = uniqueName('webt-changes');
  const allowlist = parseAllowlist(['127.0.0.1/32']);
  const settings = pushSettings({
    consumerGroup: uniqueName('webt-push'),
    bossSchema: uniqueName('webt_boss'),
    allowlist,
    requestPollMs: 100,
  });
  let pipeline: DocumentPipeline<'partner' | 'lender'> | undefined;
  let testPushWaits: TestPushWaits | undefined;
  let push: PushService | undefined;
  let receiver: CallbackReceiver | undefined;
  let receiverUrl = '';
  let pushes: ReceivedPush[] = [];
  let web: PortalInBrowser | undefined;
  let portal: PortalServer;
  let browser: Browser;
  let keys: Record<'partner' | 'lender', string>;
  const topicOf = (type: DocumentTypeId) => pipeline!.topicOf(type);

  beforeAll(async () => {
    pipeline = await startDocumentPipeline({
      prefix: 'webt',
      keys: {
        partner: { kind: 'partner', ownerId: 'partner-tools-e2e' },
        lender: { kind: 'lender', ownerId: 'lender-tools-e2e', enterprises: [enterprise] },
      },
      projections: ['document-index', 'order-status'],
    });
    const { db, pool, ingest } = pipeline;
    keys = pipeline.keys;
    await ensureTopics({
      brokers: services.kafkaBrokers,
      topics: [{ topic: changesTopic, partitions: 1 }],
      logger: quietLogger,
    });
    push = createPushService({
      brokers: services.kafkaBrokers,
      pool,
      databaseUrl: db.databaseUrl,
      changesTopic,
      settings,
      logger: quietLogger,
    });
    await step('push service', () => push!.start());
    receiver = await startCallbackReceiver();
    receiverUrl = receiver.url('');
    pushes = receiver.pushes;
    // As main.ts: a test push waits for its attempt on Postgres' word.
    testPushWaits = await createTestPushWaits({ connectionString: db.databaseUrl, logger: quietLogger });
    const waits = testPushWaits;
    web = await startPortalInBrowser({
      ingestUrl: ingest.url,
      pool,
      mount: (app) =>
        app.use(
          queryApiRouters({ pool, namespace: db.schema, callbackAllowlist: allowlist, testPushWaits: waits }),
        ),
    });
    ({ portal, browser } = web);
  });

  afterAll(async () => {
    await web?.close();
    await testPushWaits?.close();
    await push?.stop();
    await receiver?.close();
    await pipeline?.pool.query(`DROP SCHEMA IF EXISTS "${settings.bossSchema}" CASCADE`);
    await pipeline?.stop();
  });

  async function signIn(page: Page, apiKey: string, path: string) {
    await page.goto(portal.url + path);
    await page.getByLabel('API key', { exact: true }).fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('subscriber: test push with the reply, secret rotation signing with both, new callback, health', async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, keys.lender, '/en/console/subscriber');
    await page.getByLabel('Enterprise code').fill(enterprise);
    await page.getByLabel('Callback URL').fill(`${receiverUrl}/hooks/first`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const first = (await page.getByTestId('subscription-secret').locator('code').textContent())!;
    expect(first).toMatch(/^whsec_/);

    await page.getByTestId('subscriptions').getByRole('button', { name: 'Deliveries' }).click();
    const tools = page.getByTestId('subscription-tools');
    await tools.getByTestId('subscription-health').filter({ hasText: 'no attempts' }).waitFor();

    // A test push now, through the push service: the attempt and the receiver's reply on the page.
    await tools.getByRole('button', { name: 'Send test push' }).click();
    const result = tools.getByTestId('test-push');
    await result.filter({ hasText: 'HTTP 200' }).waitFor();
    expect(await result.textContent()).toContain('{"ok":true}');
    expect(pushes).toHaveLength(1);
    expect(verifies(first, pushes[0]!)).toBe(true);
    expect(JSON.parse(pushes[0]!.body)).toMatchObject({ subject: 'test', type: 'order.status-changed' });
    await page.getByTestId('deliveries').getByText('test.example').waitFor();

    // Rotation with an overlap: the next push verifies with the new secret and the old one.
    await tools.getByLabel('Old secret keeps signing for (minutes)').fill('30');
    await tools.getByRole('button', { name: 'Rotate secret' }).click();
    const second = (await tools.getByTestId('rotated-secret').locator('code').textContent())!;
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    await tools.getByRole('button', { name: 'Send test push' }).click();
    await waitFor(() => pushes.length === 2, { what: 'the second test push' });
    expect(verifies(second, pushes[1]!)).toBe(true);
    expect(verifies(first, pushes[1]!)).toBe(true);
    expect(String(pushes[1]!.headers['webhook-signature']).split(' ')).toHaveLength(2);

    // A new callback, guarded as at creation: a metadata address is refused with the reason.
    await tools.getByLabel('New callback URL').fill('http://169.254.169.254/latest');
    await tools.getByRole('button', { name: 'Change callback URL' }).click();
    await tools.getByRole('alert').filter({ hasText: 'callbackUrl refused' }).waitFor();
    await tools.getByLabel('New callback URL').fill(`${receiverUrl}/hooks/second`);
    await tools.getByRole('button', { name: 'Change callback URL' }).click();
    await tools.getByRole('status').filter({ hasText: 'Callback URL changed' }).waitFor();
    await page.getByTestId('subscriptions').getByText(`${receiverUrl}/hooks/second`).waitFor();

    // Recover since a time: nothing failed, so nothing is redelivered.
    await tools.getByLabel('Failed since').fill('2020-01-01T00:00');
    await tools.getByRole('button', { name: 'Redeliver failed since' }).click();
    await tools.getByRole('status').filter({ hasText: '0 redeliveries scheduled' }).waitFor();
    await tools
      .getByTestId('subscription-health')
      .filter({ hasText: '100% delivered of 2 attempts' })
      .waitFor();

    // Deleting cannot be undone: asked first, naming the callback; dismissed, it stays.
    const asked: string[] = [];
    const answerNext = (accept: boolean) =>
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      });
    const row = page
      .getByTestId('subscriptions')
      .locator('tbody tr', { hasText: `${receiverUrl}/hooks/second` });
    answerNext(false);
    await row.getByRole('button', { name: 'Delete' }).click();
    await waitFor(() => asked.length === 1, { what: 'the question before deleting' });
    expect(asked[0]).toBe(
      `Delete the subscription pushing to ${receiverUrl}/hooks/second? Its pushes stop at once and its secret is gone; this cannot be undone.`,
    );
    expect(await row.count()).toBe(1);
    answerNext(true);
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await context.close();
  });

  it('partner: validates without submitting, submits, and follows its document through the projections', async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, keys.partner, '/en/console/partner');
    await page.getByLabel('Document type').selectOption('purchase');
    await page.getByLabel('Document JSON').fill(JSON.stringify(examples.purchase, null, 2));
    const rows = page.getByTestId('submissions').locator('tbody tr');

    await page.getByRole('button', { name: 'Validate only' }).click();
    await rows.first().filter({ hasText: 'validated, not submitted' }).waitFor();
    expect(await rows.first().locator('code').count()).toBe(0);

    await page.getByRole('button', { name: 'Submit to ingest' }).click();
    await waitFor(async () => (await rows.count()) === 2, { what: 'the submission row' });
    const documentId = (await rows.first().locator('code').textContent())!;
    expect(documentId).toMatch(/^[\da-f-]{36}$/);
    // Only the submission was appended.
    const mine = page.getByTestId('partner-documents');
    await waitFor(
      async () => {
        await mine.getByRole('button', { name: 'Refresh' }).click();
        return (await mine.getByTestId('my-documents').locator('tbody tr').count()) === 1;
      },
      { what: 'the document index recorded the submission' },
    );
    expect(await mine.getByTestId('my-documents').textContent()).toContain(documentId);

    // Each Look up asks again, the same document too: its state moves on as the projections
    // apply it, so a second ask is a second request (once, the page kept showing the first answer).
    const lookUp = async () => {
      const answered = page.waitForResponse((response) =>
        response.url().endsWith(`/documents/${documentId}`),
      );
      await rows.first().getByRole('button', { name: 'Look up' }).click();
      return (await answered).status();
    };
    expect(await lookUp()).toBe(200);
    expect(await lookUp()).toBe(200);

    // Its state in each projection that reads a purchase: applied by the two running here.
    await waitFor(
      async () => {
        await lookUp();
        const table = mine.getByTestId('document-projections');
        await table.waitFor();
        const text = (await table.textContent()) ?? '';
        return /document-indexapplied/.test(text) && /order-statusapplied/.test(text);
      },
      { what: 'the purchase applied by document-index and order-status' },
    );
    const status = mine.getByTestId('document-status');
    expect(await status.textContent()).toContain(topicOf('purchase'));
    expect(await mine.getByTestId('document-projections').textContent()).toMatch(/link-nodenot applied yet/);

    // Another partner's id, or one never submitted, is not found.
    await mine.getByLabel('Document id').fill('00000000-0000-7000-8000-000000000000');
    await mine.getByRole('button', { name: 'Look up' }).first().click();
    await mine.getByRole('alert').filter({ hasText: 'No such document' }).waitFor();
    await context.close();
  });
});
