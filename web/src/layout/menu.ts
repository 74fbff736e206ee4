import { type Locale, type PageId, pathOf } from '../app/routes.ts';
import type { Dict } from '../i18n/i18n.ts';

/**
 * The header menu of portal spec §2/§3 (label, hot flag, path, children), built per locale.
 * Pure so the header, the mobile drawer and the sitemap render the same tree.
 */
export interface MenuChild {
  text: string;
  path: string;
  hot?: boolean;
}
export interface MenuGroup {
  title: string;
  children: MenuChild[];
}
export interface MenuEntry {
  id: string;
  label: string;
  path?: string;
  groups?: MenuGroup[];
}

export function headerMenu(locale: Locale, t: Dict): MenuEntry[] {
  const link = (page: PageId, text: string, param?: string): MenuChild => ({
    text,
    path: pathOf(locale, page, param),
  });
  return [
    { id: 'home', label: t.nav.home, path: pathOf(locale, 'home') },
    {
      id: 'scenarios',
      label: t.nav.scenarios,
      groups: [
        {
          title: t.nav.scenarios,
          children: [
            link('digitalOperation', t.nav.digitalOperation),
            link('digitalFinance', t.nav.digitalFinance),
            link('digitalInsurance', t.nav.digitalInsurance),
            link('digitalTaxation', t.nav.digitalTaxation),
          ],
        },
        {
          title: t.nav.about,
          children: [
            link('serviceAdaptation', t.nav.serviceAdaptation),
            link('digitalUpgrade', t.nav.digitalUpgrade),
            link('globalOperation', t.nav.globalOperation),
          ],
        },
      ],
    },
    {
      id: 'market',
      label: t.nav.cloudMarket,
      groups: [
        {
          title: t.nav.cloudMarket,
          children: [
            link('marketplace', t.nav.marketplace),
            link('toolCloud', t.nav.toolCloud),
            link('cloudFinance', t.nav.cloudFinance),
            link('cloudMark', t.nav.cloudMark),
          ],
        },
        {
          // §2: "Finance grouping in the menu: order financing (marked hot), inventory pledge,
          // trade purchasing agency, factoring."
          title: t.nav.financeGroup,
          children: [
            { ...link('cloudFinanceDetail', t.nav.orderFinancing, 'Kjdsddrz'), hot: true },
            link('cloudFinanceDetail', t.nav.inventoryPledge, 'Xsxed'),
            link('cloudFinanceDetail', t.nav.purchasingAgency, 'Hmcgwy'),
            link('cloudFinanceDetail', t.nav.factoring, 'Lklblrz'),
          ],
        },
      ],
    },
    { id: 'experts', label: t.nav.experts, path: pathOf(locale, 'specialistOnline') },
    {
      id: 'about',
      label: t.nav.about,
      groups: [
        {
          title: t.nav.about,
          children: [
            link('about', t.nav.aboutUs),
            link('newsList', t.nav.news, '1001'),
            link('blog', t.nav.blog, '2001'),
            link('showRoom', t.nav.showRoom),
            link('courseLive', t.nav.courseLive),
            link('contactUs', t.nav.contactUs),
            link('siteList', t.nav.siteList),
          ],
        },
      ],
    },
    { id: 'open', label: t.nav.openPlatform, path: pathOf(locale, 'technologyPlatform') },
    { id: 'help', label: t.nav.helpCenter, path: pathOf(locale, 'helpCenterIndex') },
  ];
}

/** Areas whose mobile drawer shows an extra menu (§2: open platform, finance, help, rules). */
export type DrawerVariant = 'default' | 'openPlatform' | 'finance' | 'help' | 'rules';

export function drawerVariant(page: PageId): DrawerVariant {
  if (page === 'technologyPlatform' || page === 'docsCenter' || page === 'docsDetail') return 'openPlatform';
  if (page === 'cloudFinance' || page === 'cloudFinanceDetail' || page === 'financialTechnology')
    return 'finance';
  if (page.startsWith('helpCenter')) return 'help';
  if (page === 'ruleCenter') return 'rules';
  return 'default';
}

/** The customer-service chat page of §2; its address differs when the host contains www. */
export function chatUrl(host: string): string {
  return host.includes('www')
    ? 'https://chat.tradelog.example/www/index.html'
    : 'https://chat.tradelog.example/site/index.html';
}

/** §2: an `is{Product}` query parameter (an embedding product's app) hides headers and the service button. */
export function embeddedByProduct(search: string): boolean {
  for (const key of new URLSearchParams(search).keys()) if (/^is[A-Z][A-Za-z]*$/.test(key)) return true;
  return false;
}

/** The external platform where login, logout and registration happen (§1). */
export const platformUrl = 'https://platform.tradelog.example';
export const loginUrl = `${platformUrl}/login`;
export const registerUrl = `${platformUrl}/register`;
export const clientUrl = `${platformUrl}/client`;
export const serverUrl = `${platformUrl}/server`;

/** §2: the management-platform shortcut opens the platform with page and menu urls when logged in. */
export function managementUrl(loggedIn: boolean, pageUrl: string, menuUrl: string): string {
  if (!loggedIn) return loginUrl;
  return `${platformUrl}/manage?pageUrl=${encodeURIComponent(pageUrl)}&menuUrl=${encodeURIComponent(menuUrl)}`;
}

/** §4: a chunk-load failure reloads the page, at most once per 60 seconds. */
export const chunkReloadGuardMs = 60_000;
export function mayReloadAfterChunkError(lastReloadAt: number | undefined, now: number): boolean {
  return lastReloadAt === undefined || now - lastReloadAt >= chunkReloadGuardMs;
}
