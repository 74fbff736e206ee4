/**
 * Takes the portal's reference screenshots (home at 1920 px and 375 px, and a few inner pages)
 * into a directory outside the repository: `node tests/rigs/portal/screenshots.ts [outDir]`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildPortal, launchChromium, removeBuild, startPortal } from './portalServer.ts';

const outDir = process.argv[2] ?? '/tmp/screens';
mkdirSync(outDir, { recursive: true });
const dist = await buildPortal();
const portal = await startPortal(dist);
const browser = await launchChromium();
const shots: [string, string, number, boolean][] = [
  ['home-1920.png', '/cn', 1920, true],
  ['home-375.png', '/cn', 375, true],
  ['home-en-1920.png', '/en', 1920, false],
  ['finance-1920.png', '/cn/cloudFinance.html?dataType=customs', 1920, false],
  ['docs-1920.png', '/en/docsDetail-pod_api.html', 1920, false],
  ['register-375.png', '/cn/newVersion/register', 375, false],
];
try {
  for (const [file, path, width, fullPage] of shots) {
    const context = await browser.newContext({
      viewport: { width, height: width > 800 ? 1080 : 812 },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await page.goto(portal.url + path);
    await page.locator('main').waitFor();
    await page.waitForLoadState('networkidle');
    await page
      .locator('.loading')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page.screenshot({ path: join(outDir, file), fullPage });
    if (width < 800 && fullPage) {
      // Tall mobile pages are also cut into screen-sized parts, which are easier to look at.
      // Expressions as text: this rig is compiled without the DOM library, the page evaluates them.
      const height = await page.evaluate<number>('document.documentElement.scrollHeight');
      for (let top = 0, part = 0; top < height && part < 6; top += 1100, part += 1) {
        const clip = { x: 0, y: top, width, height: Math.min(1100, height - top) };
        await page.screenshot({
          path: join(outDir, file.replace('.png', `-part${part}.png`)),
          fullPage: true,
          clip,
        });
      }
      await page.evaluate('window.scrollTo(0, 0)');
      await page.getByRole('button', { name: /菜单|menu/i }).click();
      await page.locator('#mobile-drawer.open').waitFor();
      await page.screenshot({ path: join(outDir, file.replace('.png', '-drawer.png')) });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await portal.close();
  removeBuild(dist);
}
console.log(`screenshots in ${outDir}`);
