import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '@tradelog/projections/migrate';
import { createIpLocator } from '@tradelog/query-api/content/ipLocation';
import { createContentRouter } from '@tradelog/query-api/content/router';
import { errorMiddleware } from '@tradelog/query-api/http/answers';
import { boundedBody, defaultBodyBounds } from '@tradelog/query-api/http/body';
import { createLogger } from '@tradelog/schemas';
import {
  contentSecurityPolicy,
  mapSourcesOf,
  portalPolicyOptions,
} from '@tradelog/schemas/kit/runtime/contentSecurityPolicy';
import { portalRoutes, portalServiceOf } from '@tradelog/schemas/kit/runtime/portalRoutes';
import type { PortalContent } from '@tradelog/schemas/portal/content';
import express from 'express';
import pg from 'pg';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';
import { createTestSchema, testServices } from '../../harness/index.ts';

/**
 * What a browser test needs: the built portal and the content API on one ephemeral loopback
 * port, served the way production serves them (static files with history fallback, the content
 * router under /portal-api, its state in Postgres). Verification codes are captured instead of
 * texted.
 */
export interface PortalServer {
  url: string;
  sentCodes: { phone: string; code: string }[];
  close(): Promise<void>;
}

const webRoot = fileURLToPath(new URL('../../../web/', import.meta.url));

/**
 * The portal built once for a test run's browser tier (tests/harness/portalBuild.ts), read-only
 * for every file of it: each file building its own took ten seconds or more a file.
 */
export const sharedBuildVariable = 'TRADELOG_E2E_PORTAL_DIST';

export async function buildPortal(): Promise<string> {
  const shared = process.env[sharedBuildVariable];
  if (shared !== undefined && existsSync(join(shared, 'index.html'))) return shared;
  return buildPortalInto(mkdtempSync(join(tmpdir(), 'tradelog-web-e2e-')));
}

/** A build of the portal into `outDir`: a private directory, so a concurrent `npm run build -w web` never races it. */
export async function buildPortalInto(outDir: string): Promise<string> {
  await build({ root: webRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  if (!existsSync(join(outDir, 'index.html')))
    throw new Error(`vite build wrote no index.html into ${outDir}`);
  return outDir;
}

/** Submission paths go to ingest, as the portal's proxy routes them (kit/runtime/portalRoutes.ts). */
const routes = portalRoutes();
const isIngestPath = (path: string) => portalServiceOf(routes, path) === 'ingest';

export interface PortalOptions {
  /** Forward submissions to this ingest, as the production reverse proxy does. */
  ingestUrl?: string;
  /** The portal's Postgres (migrated); without it, a schema of its own, dropped on close. */
  pool?: pg.Pool;
  /** Extra routers (lender, subscription and operator APIs) mounted beside the content API. */
  mount?: (app: express.Express) => void;
  /** The content API's clock (codes: one a minute), so a test can move past the minute without waiting. */
  now?: () => number;
  /** The operator's content, given the portal's own origin (its port is known only once it listens). */
  content?: (origin: string) => PortalContent;
}

export async function startPortal(distDir: string, options: PortalOptions = {}): Promise<PortalServer> {
  const sentCodes: { phone: string; code: string }[] = [];
  const logger = createLogger({ service: 'portal-e2e' }, { write: () => {} });
  let own: { pool: pg.Pool; drop: () => Promise<void> } | undefined;
  if (!options.pool) {
    const schema = await createTestSchema(testServices().databaseUrl, 'portal');
    await migrate(schema.databaseUrl, { schema: schema.schema, logger });
    own = { pool: new pg.Pool({ connectionString: schema.databaseUrl, max: 3 }), drop: schema.drop };
  }
  const pool = options.pool ?? own!.pool;
  const app = express();
  // As query-api: the client address a proxy on loopback forwards is the visitor's (the IP look-up's).
  app.set('trust proxy', 'loopback');
  const { ingestUrl } = options;
  if (ingestUrl) {
    const raw = express.raw({ type: () => true, limit: '2mb' });
    app.use((req, res, next) => (isIngestPath(req.path) ? raw(req, res, next) : next()));
    app.use(async (req, res, next) => {
      if (!isIngestPath(req.path)) return next();
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'authorization', 'accept-language']) {
        const value = req.get(name);
        if (value) headers[name] = value;
      }
      const answer = await fetch(ingestUrl + req.originalUrl, {
        method: req.method,
        headers,
        body: Buffer.isBuffer(req.body) && req.body.length > 0 ? new Uint8Array(req.body) : undefined,
      });
      res.status(answer.status).type(answer.headers.get('content-type') ?? 'application/json');
      res.send(Buffer.from(await answer.arrayBuffer()));
    });
  }
  // As query-api's app: bounded bodies, the routers, one error middleware (query-api/src/app.ts).
  app.use(boundedBody(defaultBodyBounds));
  options.mount?.(app);
  let contentRouter: express.Router | undefined;
  app.use('/portal-api', (req, res, next) => contentRouter!(req, res, next));
  // The pages' Content-Security-Policy, as deploy/nginx.conf and the development server send it
  // (web/README.md "Content Security Policy"), with the analytics hosts of the content given.
  let policy = contentSecurityPolicy(portalPolicyOptions);
  app.use((_req, res, next) => {
    res.set('Content-Security-Policy', policy);
    next();
  });
  app.use(express.static(distDir, { index: false }));
  // History-mode routing (§2): every other GET is the single page.
  app.get('/{*path}', (_req, res) => res.sendFile(join(distDir, 'index.html')));
  app.use(errorMiddleware(() => {}));
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const content = options.content?.(`http://127.0.0.1:${port}`);
  policy = contentSecurityPolicy({
    ...portalPolicyOptions,
    analyticsScripts: content?.site.analytics?.scripts ?? [],
    mapSources: mapSourcesOf(content?.site.maps),
  });
  contentRouter = createContentRouter({
    pool,
    clock: { now: options.now ?? (() => Date.now()) },
    logger,
    product: 'tradelog',
    sendSms: async (phone, code) => void sentCodes.push({ phone, code }),
    locateIp: createIpLocator(),
    content,
  });
  return {
    url: `http://127.0.0.1:${port}`,
    sentCodes,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await own?.pool.end();
      await own?.drop();
    },
  };
}

export function removeBuild(distDir: string): void {
  // The run's shared build outlives each file: its setup removes it at the end.
  if (distDir === process.env[sharedBuildVariable]) return;
  rmSync(distDir, { recursive: true, force: true });
}

/**
 * Debian's Chromium, headless, with nothing reaching the network beyond loopback. A start that
 * has not answered within a minute (Playwright would wait three, as long as a whole hook) is
 * given up and tried once more: a first start on a busy machine can stall building its caches.
 */
export async function launchChromium(): Promise<Browser> {
  try {
    return await launchOnce();
  } catch (error) {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
    process.stderr.write(`chromium did not start within 60 s; trying once more\n`);
    return launchOnce();
  }
}

function launchOnce(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    timeout: 60_000,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
