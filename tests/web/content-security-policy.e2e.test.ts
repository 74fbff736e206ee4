import { fileURLToPath } from 'node:url';
import { queryApiOpenApi } from '@tradelog/query-api/openapi';
import { createOpenApiRouter } from '@tradelog/schemas/kit/openapi/serve';
import {
  contentSecurityPolicy,
  portalPolicyOptions,
} from '@tradelog/schemas/kit/runtime/contentSecurityPolicy';
import type { Browser, Page } from 'playwright-core';
import { createServer, type PreviewServer, preview, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortalInBrowser, startPortalInBrowser } from '../rigs/portal/portalInBrowser.ts';
import type { PortalServer } from '../rigs/portal/portalServer.ts';

/**
 * The pages work under their Content-Security-Policy (web/README.md "Content Security Policy"),
 * and API keys stay out of browser storage (web/README.md "Console"): the built portal as the
 * rig serves it (the policy nginx sends), the services' Swagger UI pages, and the development
 * server `npm start` runs. Every violation the page reports fails the test.
 */
let web: PortalInBrowser | undefined;
let portal: PortalServer;
let browser: Browser;

beforeAll(async () => {
  web = await startPortalInBrowser({
    mount: (app) =>
      app.use('/api-reference/query', createOpenApiRouter(queryApiOpenApi({ product: 'tradelog' }))),
  });
  ({ portal, browser } = web);
});

afterAll(() => web?.close());

/** A page that records every CSP violation it sees (`securitypolicyviolation`), from its first script on. */
async function openWatched(url: string): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as { cspViolations?: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  const page = await context.newPage();
  const response = await page.goto(url);
  expect(response?.headers()['content-security-policy'], url).toMatch(/default-src 'self'/);
  return {
    page,
    violations: () => page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations ?? []),
  };
}

describe('Content-Security-Policy in Chromium', () => {
  it('the built portal’s pages render and break no rule of the policy nginx sends', async () => {
    for (const [path, heading] of [
      ['/cn', '一站式数字贸易与供应链金融服务平台'],
      ['/en/about.html', 'About us'],
      ['/en/cloudFinance.html', undefined],
      ['/en/toolCloud.html', undefined],
    ] as const) {
      const { page, violations } = await openWatched(portal.url + path);
      if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      else await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The side panel's QR codes and the footer (images, inline SVG) are drawn too.
      await page.locator('footer').first().waitFor();
      expect(await violations(), path).toEqual([]);
      await page.context().close();
    }
  });

  // The partner console's live validation under this policy is console.e2e.test.ts's first test
  // (its backends are real there): Ajv compiles the schemas, which the policy allows.
  it('keeps the console’s API key out of browser storage: a reload asks for it again', async () => {
    const key = 'tl_test_csp_key_0123456789';
    const { page, violations } = await openWatched(`${portal.url}/en/console/partner`);
    await page.getByLabel('API key', { exact: true }).fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('API key', { exact: true }).waitFor({ state: 'detached' });
    const stored = await page.evaluate(() =>
      [localStorage, sessionStorage].flatMap((storage) =>
        Object.keys(storage).map((name) => `${name}=${storage.getItem(name)}`),
      ),
    );
    expect(stored.filter((entry) => entry.includes(key))).toEqual([]);
    await page.reload();
    await page.getByLabel('API key', { exact: true }).waitFor();
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('Swagger UI renders under the services’ own policy and keeps an authorization in memory only', async () => {
    const { page, violations } = await openWatched(`${portal.url}/api-reference/query/docs`);
    await page.locator('.swagger-ui .info .title').waitFor();
    await page.locator('.opblock').first().waitFor();
    expect(
      await page.evaluate(
        () =>
          (window as { ui?: { getConfigs(): { persistAuthorization?: boolean } } }).ui?.getConfigs()
            .persistAuthorization,
      ),
    ).toBe(false);
    expect(await violations()).toEqual([]);
    await page.context().close();
  });
});

describe('Content-Security-Policy of the development server `npm start` runs', () => {
  let vite: ViteDevServer | undefined;

  beforeAll(async () => {
    vite = await createServer({
      configFile: fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url)),
      root: fileURLToPath(new URL('../../web/', import.meta.url)),
      // No backends run here: the content calls' proxy errors are expected, not worth printing.
      logLevel: 'silent',
      // A port of its own.
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: true },
    });
    await vite.listen();
  });

  afterAll(() => vite?.close());

  it('allows the refresh preamble by its hash and Vite’s injected styles, and the portal renders', async () => {
    const url = vite!.resolvedUrls!.local[0]!.replace(/\/$/, '');
    const { page, violations } = await openWatched(`${url}/en/about.html`);
    const policy = (await page.request.get(`${url}/en/about.html`)).headers()['content-security-policy'];
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(policy).toMatch(/style-src 'self' 'unsafe-inline'/);
    await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor({ timeout: 60_000 });
    expect(await violations()).toEqual([]);
    await page.context().close();
  });
});

describe('Content-Security-Policy of `vite preview` (the built portal, as served by Vite)', () => {
  let server: PreviewServer | undefined;

  beforeAll(async () => {
    server = await preview({
      configFile: fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url)),
      root: fileURLToPath(new URL('../../web/', import.meta.url)),
      // No backends run here: the content calls' proxy errors are expected, not worth printing.
      logLevel: 'silent',
      build: { outDir: web!.distDir },
      preview: { host: '127.0.0.1', port: 0, strictPort: false },
    });
  });

  afterAll(() => server?.close());

  it('sends the policy nginx sends on the built pages, and the portal renders under it', async () => {
    const url = server!.resolvedUrls!.local[0]!.replace(/\/$/, '');
    const { page, violations } = await openWatched(`${url}/en/about.html`);
    const policy = (await page.request.get(`${url}/en/about.html`)).headers()['content-security-policy'];
    expect(policy).toBe(contentSecurityPolicy(portalPolicyOptions));
    await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor();
    expect(await violations()).toEqual([]);
    await page.context().close();
  });
});
