import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPortalContent } from '@tradelog/query-api/content/operatorContent';
import type { PortalContent } from '@tradelog/schemas/portal/content';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, step, testServices } from '../harness/index.ts';
import { type ProductAsStarted, startPortalAsNpmStart } from '../harness/productAsStarted.ts';
import { launchChromium } from '../rigs/portal/portalServer.ts';

/**
 * The maps service of portal spec §7 ("a maps service script loads on demand with an access key
 * {key}"; web/README.md "Maps"), as `npm start` serves the portal with an operator's content file
 * that configures one. The provider is played on loopback, on another origin, by a script that
 * speaks the same API (`BMapGL`: Map, Point, Marker) and draws a tile from a second origin the
 * content file lists: the pages' Content-Security-Policy must allow both, and nothing else.
 */

/** The provider's loader as the probe serves it: the API, a tile from `tiles`, then the callback. */
const probeLoader = (callback: string, tiles: string) => `
window.BMapGL = {
  Point: function (lng, lat) { this.lng = lng; this.lat = lat; },
  Marker: function (point) { this.point = point; },
  Map: function (container) {
    this.centerAndZoom = function (point, zoom) {
      container.dataset.center = point.lng + ',' + point.lat;
      container.dataset.zoom = String(zoom);
      var tile = document.createElement('img');
      tile.className = 'probe-tile';
      tile.alt = '';
      tile.src = ${JSON.stringify(`${tiles}/tile.png`)};
      container.append(tile);
    };
    this.addOverlay = function (marker) {
      var pin = document.createElement('span');
      pin.className = 'probe-marker';
      pin.dataset.at = marker.point.lng + ',' + marker.point.lat;
      container.append(pin);
    };
  },
};
window[${JSON.stringify(callback)}]();
`;

/** A 1×1 PNG. */
const tilePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);

describe('the maps service in Chromium, as npm start serves the portal', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let product: ProductAsStarted | undefined;
  let browser: Browser | undefined;
  let provider: Server | undefined;
  let dir = '';
  let web = '';
  const asked: string[] = [];

  beforeAll(async () => {
    provider = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://probe');
      asked.push(`${req.headers.host}${url.pathname}${url.search}`);
      if (url.pathname === '/api') {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        res.end(probeLoader(url.searchParams.get('callback') ?? '', `http://localhost:${port()}`));
      } else if (url.pathname === '/tile.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(tilePng);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => provider!.listen(0, '127.0.0.1', resolve));
    const port = () => (provider!.address() as AddressInfo).port;
    const sample = loadPortalContent();
    const content: PortalContent = {
      ...sample,
      site: {
        ...sample.site,
        maps: {
          script: `http://127.0.0.1:${port()}/api?v=1.0&ak={key}&callback={callback}`,
          key: 'test-key_1',
          sources: [`http://localhost:${port()}`],
          office: { lng: 113.93, lat: 22.52, zoom: 17 },
        },
      },
    };
    dir = mkdtempSync(join(tmpdir(), 'tradelog-maps-'));
    writeFileSync(join(dir, 'content.json'), JSON.stringify(content));

    database = await createTestDatabase(testServices().databaseUrl, 'maps');
    product = await step('npm start (query API and portal)', () =>
      startPortalAsNpmStart(database!.databaseUrl, { PORTAL_CONTENT_FILE: join(dir, 'content.json') }),
    );
    web = product.urls.web!;
    browser = await step('chromium', launchChromium);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await database?.drop();
    await new Promise((resolve) => provider?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The contact page, every CSP violation it reports recorded from its first script on. */
  async function contactPage(): Promise<{ page: Page; violations: () => Promise<string[]> }> {
    const context = await browser!.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as { cspViolations?: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    const page = await context.newPage();
    await page.goto(`${web}/en/contactUs.html`);
    return {
      page,
      violations: () => page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations ?? []),
    };
  }

  it('loads the provider’s script only when the visitor asks, with the key, and draws the office', async () => {
    const { page, violations } = await contactPage();
    const section = page.getByRole('region', { name: 'Find us on the map' });
    await section.getByRole('button', { name: 'Show the map' }).waitFor();
    expect(asked, 'nothing asked of the provider before the visitor does').toEqual([]);

    await section.getByRole('button', { name: 'Show the map' }).click();
    const canvas = section.getByRole('img', { name: /^Map of our office: / });
    await canvas.locator('.probe-marker').waitFor({ state: 'attached' });
    expect(await canvas.getAttribute('data-center')).toBe('113.93,22.52');
    expect(await canvas.getAttribute('data-zoom')).toBe('17');
    expect(await canvas.locator('.probe-marker').getAttribute('data-at')).toBe('113.93,22.52');
    await expect
      .poll(() => canvas.locator('.probe-tile').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(1);
    expect(asked[0]).toMatch(/\/api\?v=1\.0&ak=test-key_1&callback=tradelogMapsReady$/);
    expect(asked.some((request) => request.startsWith('localhost:') && request.endsWith('/tile.png'))).toBe(
      true,
    );
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('says so when the provider cannot be reached, and tries again when asked', async () => {
    await new Promise((resolve) => provider!.close(resolve));
    provider!.closeAllConnections();
    const { page } = await contactPage();
    const section = page.getByRole('region', { name: 'Find us on the map' });
    await section.getByRole('button', { name: 'Show the map' }).click();
    await section.getByRole('alert').getByText('The map could not be loaded').waitFor();
    // The failed load is forgotten: the button is offered again.
    await section.getByRole('button', { name: 'Show the map' }).waitFor();
    await page.context().close();
  });
});
