import type { Browser } from 'playwright-core';
import { step } from '../../harness/index.ts';
import {
  buildPortal,
  launchChromium,
  type PortalOptions,
  type PortalServer,
  removeBuild,
  startPortal,
} from './portalServer.ts';

/** A browser suite's portal: its private build, the portal serving it, and Chromium to open it in. */
export interface PortalInBrowser {
  /** The build, for a suite that serves it a second time (another portal beside the first). */
  distDir: string;
  portal: PortalServer;
  browser: Browser;
  /** Closes Chromium and the portal and removes the build; what did not start is skipped. */
  close(): Promise<void>;
}

/**
 * Builds the portal, serves it as `startPortal` does with the given options, and starts Chromium:
 * the set-up every browser suite shares. A failed start takes down what it had started.
 */
export async function startPortalInBrowser(options: PortalOptions = {}): Promise<PortalInBrowser> {
  let distDir = '';
  let portal: PortalServer | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await portal?.close();
    if (distDir) removeBuild(distDir);
  };
  try {
    distDir = await step('portal build', buildPortal);
    portal = await startPortal(distDir, options);
    browser = await step('chromium', launchChromium);
    return { distDir, portal, browser, close };
  } catch (error) {
    await close();
    throw error;
  }
}
