import { mkdirSync } from 'node:fs';
import { emptyAllowlist } from '@tradelog/projections/push/callbackTarget';
import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import type pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscriptionRoutes } from '../../query-api/src/subscriptions/routes.ts';
import { createTrackingRouter } from '../../query-api/src/tracking/router.ts';
import { type DocumentPipeline, startDocumentPipeline } from '../harness/documentPipeline.ts';
import { testServices } from '../harness/index.ts';
import type { IngestUnderTest } from '../harness/ingestUnderTest.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { type PortalInBrowser, startPortalInBrowser } from '../rigs/portal/portalInBrowser.ts';
import type { PortalServer } from '../rigs/portal/portalServer.ts';

/**
 * The subscriber's tracking timeline end to end: a carrier's express feed goes through ingest
 * and the tracking projection; a subscriber subscribes to the parcel through the open interface
 * and, in the console, opens the subscription's timeline — the state, the route's cities and
 * every trace with who reported it — beside the first push it was queued at once.
 */
describe('console: a subscriber’s tracking timeline', () => {
  const services = testServices();
  let pipeline: DocumentPipeline<'carrier' | 'subscriber'> | undefined;
  let web: PortalInBrowser | undefined;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let portal: PortalServer;
  let browser: Browser;
  let keys: Record<'carrier' | 'subscriber', string>;
  const topicOf = (type: DocumentTypeId) => pipeline!.topicOf(type);

  beforeAll(async () => {
    pipeline = await startDocumentPipeline({
      prefix: 'webt',
      keys: {
        carrier: { kind: 'partner', ownerId: 'carrier-webt' },
        subscriber: { kind: 'partner', ownerId: 'subscriber-webt' },
      },
      projections: ['tracking'],
    });
    ({ pool, ingest, keys } = pipeline);
    web = await startPortalInBrowser({
      ingestUrl: ingest.url,
      mount: (app) =>
        app
          .use(createSubscriptionRoutes({ pool, callbackAllowlist: emptyAllowlist }))
          .use(createTrackingRouter({ pool })),
    });
    ({ portal, browser } = web);
  });

  afterAll(async () => {
    await web?.close();
    // ingest under test deletes the topics it made (tests/harness/ingestUnderTest.ts).
    await pipeline?.stop();
  });

  it('shows the parcel’s state, route and traces with their provenance, and the push queued for it', async () => {
    const intf = ingest.interfaces.find((candidate) => candidate.id === 'expressTrace')!;
    const fed = await fetch(`${ingest.url}${intf.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.carrier}` },
      body: JSON.stringify(examples.expressTrace),
    });
    expect(fed.status).toBe(200);
    const documentId = ((await fed.json()) as { documentId: string }).documentId;
    await waitForProjectionsToApply(
      pool,
      await endOffsetsOf(services.kafkaBrokers, [topicOf('expressTrace')]),
      {
        projections: ['tracking'],
        topicOf,
      },
    );
    const subscribed = await fetch(`${portal.url}/open/logistics/kdn/track/subscription/route/map`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.subscriber}` },
      body: JSON.stringify({
        shipperCode: 'SF',
        logisticCode: examples.expressTrace.logisticCode,
        customerName: '5678',
        callbackUrl: 'https://hooks.subscriber.example/express?token=abc',
      }),
    });
    expect(await subscribed.json()).toMatchObject({
      success: true,
      firstPushQueued: true,
      routeMapUrl: examples.expressTrace.routeMapUrl,
    });

    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${portal.url}/en/console/subscriber`);
    await page.getByLabel('API key', { exact: true }).fill(keys.subscriber);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('subscriptions').getByRole('button', { name: 'Timeline' }).click();

    const timeline = page.getByTestId('tracking-timeline');
    await timeline.waitFor();
    expect(await page.getByTestId('tracking-status').textContent()).toBe('2 · 202 · 上海市');
    expect(await timeline.locator('.route-diagram li').allTextContents()).toEqual(['深圳市', '上海市']);
    const rows = page.getByTestId('tracking-events').locator('tbody tr');
    expect(await rows.count()).toBe(4);
    expect(await rows.nth(2).textContent()).toContain('快件到达【上海浦东集散中心】');
    expect(await rows.first().textContent()).toContain(documentId);
    expect(await rows.first().textContent()).toContain('carrier-webt');
    // The first push was queued at once (the parcel was known at subscribe time).
    await page.getByTestId('deliveries').getByText('express.traces').waitFor();
    mkdirSync('/tmp/screens', { recursive: true });
    await timeline.screenshot({ path: '/tmp/screens/tracking-timeline.png' });
    await context.close();
  });
});
