import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContentRouter } from '@tradelog/query-api/content/router';
import { createLogger } from '@tradelog/schemas';
import express from 'express';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';

/**
 * What a browser test needs: the built portal and the content API on one ephemeral loopback
 * port, served the way production serves them (static files with history fallback, the content
 * router under /portal-api). Verification codes are captured instead of texted.
 */
export interface PortalServer {
  url: string;
  sentCodes: { phone: string; code: string }[];
  close(): Promise<void>;
}

const webRoot = fileURLToPath(new URL('..', import.meta.url));

export async function buildPortal(): Promise<string> {
  // A private output directory, so a concurrent `npm run build -w web` never races this run.
  const outDir = mkdtempSync(join(tmpdir(), 'tradelog-web-e2e-'));
  await build({ root: webRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  if (!existsSync(join(outDir, 'index.html')))
    throw new Error(`vite build wrote no index.html into ${outDir}`);
  return outDir;
}

export async function startPortal(distDir: string): Promise<PortalServer> {
  const sentCodes: { phone: string; code: string }[] = [];
  const app = express();
  app.use(
    '/portal-api',
    createContentRouter({
      clock: { now: () => Date.now() },
      logger: createLogger({ service: 'portal-e2e' }, { write: () => {} }),
      product: 'tradelog',
      sendSms: async (phone, code) => void sentCodes.push({ phone, code }),
    }),
  );
  app.use(express.static(distDir, { index: false }));
  // History-mode routing (§2): every other GET is the single page.
  app.get('/{*path}', (_req, res) => res.sendFile(join(distDir, 'index.html')));
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sentCodes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function removeBuild(distDir: string): void {
  rmSync(distDir, { recursive: true, force: true });
}

/** Debian's Chromium, headless, with nothing reaching the network beyond loopback. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
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
