import { type Locale, type PageId, pathOf } from '../app/routes.ts';
import type { Dict } from '../i18n/i18n.ts';

/**
 * The header menu of portal spec §2/§3 ("Menu entry: label, icon, tips, hot flag, path, text,
 * index, optional subRoutes; children carry text, path, index"), built per locale. Pure so the
 * header, the mobile drawer and the sitemap render the same tree. `index` is an entry's place in
 * the menu and a child's in its entry (across its groups), from 0: the order keyboard and screen
 * reader users meet them in, which the header's keys follow.
 */
export interface MenuChild {
  text: string;
  path: string;
  index: number;
  hot?: boolean;
}
export interface MenuGroup {
  title: string;
  children: MenuChild[];
}
export type MenuIconName = 'home' | 'scenarios' | 'market' | 'experts' | 'about' | 'open' | 'help';
export interface MenuEntry {
  id: MenuIconName;
  label: string;
  /** Its icon (layout/icons.tsx), by name: the mobile drawer shows it before the label. */
  icon: MenuIconName;
  /** One line on what is behind the entry: the desktop link's title, the drawer's second line. */
  tips: string;
  index: number;
  path?: string;
  groups?: MenuGroup[];
}

/** A child as written below, before `numbered` gives it its index. */
type ChildLink = Omit<MenuChild, 'index'>;
type LinkTo = (page: PageId, text: string, param?: string) => ChildLink;
interface WrittenGroup {
  title: string;
  children: ChildLink[];
}
type WrittenEntry = Omit<MenuEntry, 'icon' | 'tips' | 'index' | 'groups'> & { groups?: WrittenGroup[] };

/** The menu as written below, with each entry's icon, tips and index, and each child's index. */
function numbered(entries: WrittenEntry[], t: Dict): MenuEntry[] {
  return entries.map((entry, index) => {
    let child = 0;
    return {
      ...entry,
      icon: entry.id,
      tips: t.nav.tips[entry.id],
      index,
      ...(entry.groups
        ? {
            groups: entry.groups.map((group) => ({
              ...group,
              children: group.children.map((item) => ({ ...item, index: child++ })),
            })),
          }
        : {}),
      // The spread's written groups are replaced by the numbered ones in the same place.
    } as MenuEntry;
  });
}

export function headerMenu(locale: Locale, t: Dict): MenuEntry[] {
  const link: LinkTo = (page, text, param) => ({ text, path: pathOf(locale, page, param) });
  return numbered(
    [
      { id: 'home', label: t.nav.home, path: pathOf(locale, 'home') },
      { id: 'scenarios', label: t.nav.scenarios, groups: scenarioGroups(link, t) },
      { id: 'market', label: t.nav.cloudMarket, groups: marketGroups(link, t) },
      { id: 'experts', label: t.nav.experts, path: pathOf(locale, 'specialistOnline') },
      { id: 'about', label: t.nav.about, groups: aboutGroups(link, t) },
      { id: 'open', label: t.nav.openPlatform, path: pathOf(locale, 'technologyPlatform') },
      { id: 'help', label: t.nav.helpCenter, path: pathOf(locale, 'helpCenterIndex') },
    ],
    t,
  );
}

function scenarioGroups(link: LinkTo, t: Dict): WrittenGroup[] {
  return [
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
  ];
}

function marketGroups(link: LinkTo, t: Dict): WrittenGroup[] {
  return [
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
  ];
}

function aboutGroups(link: LinkTo, t: Dict): WrittenGroup[] {
  return [
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

/**
 * The customer-service chat page of §2; its address differs when the host contains www. Both are
 * the operator's settings (`site.chat`); without them there is no chat button.
 */
export function chatUrl(host: string, chat: { www: string; other: string } | undefined): string | undefined {
  if (!chat) return undefined;
  return host.includes('www') ? chat.www : chat.other;
}

/** §7: the analytics scripts load only on the hosts the operator named (`site.analytics`). */
export function analyticsScripts(
  host: string,
  analytics: { hosts: string[]; scripts: string[] } | undefined,
): string[] {
  return analytics?.hosts.includes(host) ? analytics.scripts : [];
}

/** §2: an `is{Product}` query parameter (an embedding product's app) hides headers and the service button. */
export function embeddedByProduct(search: string): boolean {
  for (const key of new URLSearchParams(search).keys()) if (/^is[A-Z][A-Za-z]*$/.test(key)) return true;
  return false;
}

/**
 * Where login, registration, logout and the client, server and management links go (§1, §2).
 * The spec puts them on an external platform; its address is configuration (`VITE_PLATFORM_URL`,
 * README "Accounts"). Without one, the portal's own pages serve them: its login and registration
 * forms, logout through the content API, and the console for the client, server and
 * management links.
 */
export interface PlatformLinks {
  login: string;
  register: string;
  client: string;
  server: string;
  /** Where to go after the portal's own session ended; the platform's logout carries `redirect=` back (§1). */
  afterLogout: (returnTo: string) => string;
  /** §2: the management shortcut sends a logged-out visitor to login, else opens the platform with page and menu urls. */
  management: (loggedIn: boolean, pageUrl: string, menuUrl: string) => string;
}

export function platformLinks(platformUrl: string | undefined, locale: Locale): PlatformLinks {
  const base = platformUrl?.replace(/\/+$/, '');
  if (!base) {
    const login = pathOf(locale, 'form', 'login');
    const console = pathOf(locale, 'console');
    return {
      login,
      register: pathOf(locale, 'form', 'register'),
      client: console,
      server: console,
      afterLogout: (returnTo) => returnTo,
      management: (loggedIn) => (loggedIn ? console : login),
    };
  }
  return {
    login: `${base}/login`,
    register: `${base}/register`,
    client: `${base}/client`,
    server: `${base}/server`,
    afterLogout: (returnTo) => `${base}/logout?redirect=${encodeURIComponent(returnTo)}`,
    management: (loggedIn, pageUrl, menuUrl) =>
      loggedIn
        ? `${base}/manage?pageUrl=${encodeURIComponent(pageUrl)}&menuUrl=${encodeURIComponent(menuUrl)}`
        : `${base}/login`,
  };
}

/** §4: a chunk-load failure reloads the page, at most once per 60 seconds. */
export const chunkReloadGuardMs = 60_000;
export function mayReloadAfterChunkError(lastReloadAt: number | undefined, now: number): boolean {
  return lastReloadAt === undefined || now - lastReloadAt >= chunkReloadGuardMs;
}
