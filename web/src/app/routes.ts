/**
 * The portal's route table (portal spec §2) and the pure resolver that turns a pathname into a
 * page, a redirect or a 404. Kept free of React so every rule is unit-tested; the router
 * component only renders what this returns.
 *
 * Decision (web/README.md, "Routing"): every page lives under `/{locale}/…`. A first segment
 * shaped like a locale but not supported (`/fr/…`, `/zh-TW`) is the spec's "unsupported locale"
 * 404; a known pattern whose parameter is malformed (`/cn/newsDetails-abc`) is the "invalid
 * route" 404; everything else unknown redirects to `/` of its locale, as §2 says.
 */
export const locales = ['cn', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'cn';

export const isLocale = (value: unknown): value is Locale => value === 'cn' || value === 'en';

export type PageId =
  | 'home'
  | 'financialTechnology'
  | 'marketplace'
  | 'partnerIn'
  | 'joinCentralize'
  | 'productCross'
  | 'productOnline'
  | 'productPolicy'
  | 'serviceAsk'
  | 'siteList'
  | 'messForm'
  | 'marketplaceDetail'
  | 'contactUs'
  | 'about'
  | 'sitemap'
  | 'helpCenterIndex'
  | 'serviceAdaptation'
  | 'digitalUpgrade'
  | 'globalOperation'
  | 'cloudMark'
  | 'technologyPlatform'
  | 'courseLive'
  | 'courseLiveDetail'
  | 'specialistOnline'
  | 'specialistOnlineDetail'
  | 'showRoom'
  | 'nxIntroduce'
  | 'toolCloud'
  | 'toolCloudDetail'
  | 'digitalOperation'
  | 'digitalFinance'
  | 'digitalInsurance'
  | 'digitalTaxation'
  | 'docsCenter'
  | 'docsDetail'
  | 'algorithmDetail'
  | 'blog'
  | 'blogDetail'
  | 'newsList'
  | 'newsDetails'
  | 'helpCenter'
  | 'helpCenterList'
  | 'helpCenterSearch'
  | 'ruleCenter'
  | 'cloudFinance'
  | 'cloudFinanceDetail'
  | 'form'
  | 'console'
  | 'consolePartner'
  | 'consoleLender'
  | 'consoleSubscriber'
  | 'consoleOperator';

/** Fixed paths (relative to the locale) of each page; the first one is canonical. */
export const fixedPaths: Readonly<Partial<Record<PageId, readonly string[]>>> = {
  home: ['', 'index'],
  financialTechnology: ['financialTechnology'],
  marketplace: ['Marketplace'],
  partnerIn: ['PartnerIn'],
  // §7 joinus/centralize.do has no route in §2; ours sits under the join page (content README "Join pages").
  joinCentralize: ['PartnerIn/centralize'],
  productCross: ['productCross'],
  productOnline: ['productOnline'],
  productPolicy: ['productPolicy'],
  serviceAsk: ['serviceAsk'],
  siteList: ['site.html', 'serviceList'],
  messForm: ['messForm.html'],
  contactUs: ['contactUs.html'],
  about: ['about.html'],
  sitemap: ['sitemap.html'],
  helpCenterIndex: ['helpCenterIndex.html'],
  serviceAdaptation: ['serviceAdaptation.html'],
  digitalUpgrade: ['digitalUpgrade.html'],
  globalOperation: ['globalOperation.html'],
  cloudMark: ['cloundMark.html'],
  technologyPlatform: ['TechnologyPlatform.html'],
  courseLive: ['courseLive'],
  courseLiveDetail: ['courseLiveDetail'],
  specialistOnline: ['specialistOnline.html'],
  showRoom: ['showRoom.html'],
  nxIntroduce: ['nxIntroduce.html'],
  toolCloud: ['toolCloud.html'],
  toolCloudDetail: ['toolCloudDetail.html'],
  digitalOperation: ['digitalOperation.html'],
  digitalFinance: ['digitalFinance.html'],
  digitalInsurance: ['digitalInsurance.html'],
  digitalTaxation: ['digitalTaxation.html'],
  cloudFinance: ['cloudFinance.html'],
  console: ['console'],
  consolePartner: ['console/partner'],
  consoleLender: ['console/lender'],
  consoleSubscriber: ['console/subscriber'],
  consoleOperator: ['console/operator'],
};

/** `{prefix}{detailId}` routes of §2; the id may carry the `.html` suffix the spec shows. */
export const detailPrefixes: Readonly<Record<string, PageId>> = {
  'MarketplaceDetail-': 'marketplaceDetail',
  'specialistOnlineDetail-': 'specialistOnlineDetail',
  'docsCenter-': 'docsCenter',
  'docsDetail-': 'docsDetail',
  'algorithmDetail-': 'algorithmDetail',
  'blog-': 'blog',
  'blogDetail-': 'blogDetail',
  'newsList-': 'newsList',
  'newsDetails-': 'newsDetails',
  'helpCenter-': 'helpCenter',
  'helpCenterList-': 'helpCenterList',
  'helpCenterSearch-': 'helpCenterSearch',
  'ruleCenter-': 'ruleCenter',
};

/** Detail ids are word characters (pod_api, 4239, kjdsddrz); search terms may be any text. */
const detailIdPattern = /^[\w-]{1,64}$/;

/** The cloud-finance detail pages of §2: `cloudFinance{Slug}.html`. */
export const cloudFinanceSlugs = [
  'Detail',
  'Lklblrz',
  'Xsxed',
  'Dhd',
  'Mzcdhd',
  'Jtyhphed',
  'Zgyhwmd',
  'Ztyhxyz',
  'Jcdbrzdb',
  'Payhzced',
  'Gdzykjtb',
  'Amhryh',
  'Llgyljrd',
  'Kjdsddrz',
  'Hmcgwy',
  'Myjr',
  'Zgyhysrz',
  'PayhYsrz',
  'PayhKcd',
  'Zsyh-xwsdd',
  'Zsyh-grxfsdd',
  'Zsyh-zqd',
  'Pxd',
  'Psd',
] as const;

/** Forms under /newVersion/{pageName} (§2, §3); other page names alias a general page. */
export const formPages = [
  'register',
  'login',
  'codeLogin',
  'contact',
  'signUp',
  'inquiry',
  'message',
  'centralize',
] as const;
export type FormPage = (typeof formPages)[number];
const newVersionAliases: Readonly<Record<string, PageId>> = {
  about: 'about',
  blog: 'blog',
  helpCenter: 'helpCenterIndex',
  newsList: 'newsList',
  showRoom: 'showRoom',
  contactUs: 'contactUs',
  specialistOnline: 'specialistOnline',
  cloudFinance: 'cloudFinance',
  toolCloud: 'toolCloud',
  courseLive: 'courseLive',
};

export interface PageMatch {
  page: PageId;
  /** detailId, cloud-finance slug or form name, when the route has one. */
  param?: string;
}

export type Resolution =
  | { kind: 'page'; locale: Locale; match: PageMatch }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound'; message: string };

/** §8: unmatched routes and unsupported locales read differently (the latter ends with a period). */
export const notFoundText = 'This page could not be found';
export const unsupportedLocaleText = 'This page could not be found.';

type LocalMatch = PageMatch | 'invalid' | undefined;

/** Matches a path relative to the locale (no leading slash) against the table. */
export function matchLocalPath(rest: string): LocalMatch {
  for (const [page, paths] of Object.entries(fixedPaths)) {
    if (paths?.includes(rest)) return { page: page as PageId };
  }
  for (const [prefix, page] of Object.entries(detailPrefixes)) {
    if (!rest.startsWith(prefix)) continue;
    const raw = safeDecode(rest.slice(prefix.length));
    if (raw === undefined) return 'invalid';
    const id = raw.replace(/\.html$/, '');
    if (page === 'helpCenterSearch') return id.trim() === '' ? 'invalid' : { page, param: id };
    // A numeric-only route given letters is the "invalid route" 404 of §2.
    if (numericDetail.has(page) && !/^\d+$/.test(id)) return 'invalid';
    return detailIdPattern.test(id) ? { page, param: id } : 'invalid';
  }
  const finance = /^cloudFinance([A-Za-z-]+)\.html$/.exec(rest);
  if (finance) {
    const slug = finance[1]!;
    return (cloudFinanceSlugs as readonly string[]).includes(slug)
      ? { page: 'cloudFinanceDetail', param: slug }
      : 'invalid';
  }
  const version = /^newVersion\/([A-Za-z]+)$/.exec(rest);
  if (version) {
    const name = version[1]!;
    if ((formPages as readonly string[]).includes(name)) return { page: 'form', param: name };
    const alias = newVersionAliases[name];
    return alias ? { page: alias } : 'invalid';
  }
  return undefined;
}

/** Content ids on these routes are numeric in the content API (articles, columns, experts). */
const numericDetail = new Set<PageId>([
  'newsDetails',
  'blogDetail',
  'algorithmDetail',
  'helpCenter',
  'helpCenterList',
  'ruleCenter',
  'specialistOnlineDetail',
  'newsList',
]);

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * A redirect's target with the request's query string kept (§4: a login lands on `/?SESSION=…`,
 * and the session must survive the hop to the locale path). A target's own query wins.
 */
export function redirectTarget(to: string, search: string): string {
  const query = search.replace(/^\?/, '');
  if (query === '' || to.includes('?')) return to;
  return `${to}?${query}`;
}

const localeShaped = /^[a-z]{2}(?:[-_][a-z]{2,4})?$/i;

export function resolvePath(pathname: string, preferred: Locale = defaultLocale): Resolution {
  const trimmed = pathname.replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '') return { kind: 'redirect', to: `/${preferred}` };
  const slash = trimmed.indexOf('/');
  const first = slash === -1 ? trimmed : trimmed.slice(0, slash);
  const rest = slash === -1 ? '' : trimmed.slice(slash + 1);
  if (isLocale(first)) {
    const match = matchLocalPath(rest);
    if (match === 'invalid') return { kind: 'notFound', message: notFoundText };
    if (match) return { kind: 'page', locale: first, match };
    return { kind: 'redirect', to: `/${first}` };
  }
  if (localeShaped.test(first)) return { kind: 'notFound', message: unsupportedLocaleText };
  // An old link without a locale (e.g. /about.html) keeps working in the visitor's locale.
  const legacy = matchLocalPath(trimmed);
  if (legacy && legacy !== 'invalid') return { kind: 'redirect', to: `/${preferred}/${trimmed}` };
  return { kind: 'redirect', to: '/' };
}

/** Builds the canonical path of a page, for links. */
export function pathOf(locale: Locale, page: PageId, param?: string): string {
  if (page === 'cloudFinanceDetail') return `/${locale}/cloudFinance${param ?? 'Detail'}.html`;
  if (page === 'form') return `/${locale}/newVersion/${param ?? 'contact'}`;
  if (page === 'docsDetail') return `/${locale}/docsDetail-${param}.html`;
  const prefix = Object.entries(detailPrefixes).find(([, id]) => id === page)?.[0];
  if (prefix) return `/${locale}/${prefix}${param ?? ''}`;
  const fixed = fixedPaths[page]?.[0] ?? '';
  return fixed === '' ? `/${locale}` : `/${locale}/${fixed}`;
}

/**
 * The same page in the other language (the cn/en switch keeps the visitor's page): the locale
 * segment switched, the query string kept. A detail page is named by its query
 * (`toolCloudDetail.html?code=…`, `courseLiveDetail?id=…`); without it the switch led to "page
 * not found" or to the list.
 */
export function switchLocale(pathname: string, to: Locale, search = ''): string {
  const parts = pathname.split('/');
  if (!isLocale(parts[1])) return `/${to}`;
  parts[1] = to;
  return redirectTarget(parts.join('/') || `/${to}`, search);
}
