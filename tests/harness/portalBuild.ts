import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPortalInto, sharedBuildVariable } from '../rigs/portal/portalServer.ts';

let built: string | undefined;

/**
 * Before the browser tier: the portal is built once, and every file that serves the built portal
 * (tests/rigs/portal) serves this build (`buildPortal`). The portal as `npm start` serves it
 * (tests/harness/productAsStarted.ts) is Vite's dev server and builds nothing.
 */
export async function setup(): Promise<void> {
  built = await buildPortalInto(mkdtempSync(join(tmpdir(), 'tradelog-web-e2e-')));
  process.env[sharedBuildVariable] = built;
}

export async function teardown(): Promise<void> {
  if (built) rmSync(built, { recursive: true, force: true });
  built = undefined;
}
