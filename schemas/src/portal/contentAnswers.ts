import type { SiteSettings } from './content.ts';

/**
 * The portal content API's answers (portal spec §7; built by query-api's content reads,
 * query-api/src/content/catalogue.ts, and rendered by the portal's pages). The API answers in the
 * language of the payload, so texts here are single-language; the bilingual content they are read
 * from is `content.ts`.
 */
export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

export interface Column {
  columnId: number;
  name: string;
  columnList?: Column[];
}

/** What an article is: the operator's news, or one of the site's own kinds. */
export type ArticleKind = 'news' | 'blog' | 'algorithm' | 'help' | 'rule';

export interface ArticleSummary {
  id: number;
  kind: ArticleKind;
  columnId: number;
  columnName: string;
  title: string;
  summary: string;
  publishTime: string;
  author: string;
  source: string;
  /** The operator's news while it is the shipped sample; the rule centre's sample legal texts. */
  sample?: boolean;
}

export interface Article extends ArticleSummary {
  body: Block[];
  prev?: { id: number; title: string };
  next?: { id: number; title: string };
}

export interface ArticlePage {
  list: ArticleSummary[];
  total: number;
  page: number;
  rows: number;
}

export interface Option {
  value: string;
  label: string;
}

export interface FinanceCategories {
  sample: boolean;
  dataTypes: Option[];
  institutions: Option[];
}

export interface FinanceProduct {
  sample: boolean;
  slug: string;
  name: string;
  kind: string;
  institution: string;
  institutionName: string;
  dataTypes: string[];
  dataTypeNames: string[];
  rateMin: number;
  rateMax: number;
  /** Maximum limit in units of 10,000 yuan (万). */
  limitWan: number;
  termMonths: number;
  guarantee: string;
  summary: string;
  features: string[];
  conditions: string[];
  process: string[];
  hot: boolean;
}

export interface AppDetail {
  id: number;
  version: string;
  specifications: string;
  cycle: 'A_YEAR' | 'HALF_YEAR' | 'ONE_MONTH' | 'SEVEN_DAY' | 'A_SET_OF';
  amount: number;
  status: 'ON_THE_SHELF' | 'REMOVED';
}

export interface AppItemValue {
  name: string;
  code: string;
  status: string;
  amount: number;
}

export interface AppSummary {
  id: number;
  appName: string;
  category: string;
  categoryName: string;
  appIntroducetion: string;
  appStatus: string;
  sellPoints: string[];
  /** Null where §9 gives no price (query-api seed/apps.ts). */
  lowestPrice: number | null;
  free: boolean;
  imgRequests: unknown[];
  rejectReason: string | null;
  /** The introduction, selling points and sheet sections are sample texts (query-api seed/apps.ts). */
  sheetSample: boolean;
}

export type ProductSectionKey =
  | 'introduction'
  | 'functions'
  | 'advantages'
  | 'features'
  | 'flow'
  | 'cases'
  | 'reviews'
  | 'qa'
  | 'afterSales';

export interface PriceRow {
  edition: string;
  saas: string;
  onPremise: string;
}

export interface AppProduct extends AppSummary {
  /** Its cases and reviews are the operator's testimonials, still the shipped sample. */
  sample: boolean;
  mainPics: { id: number; title: string; url: string }[];
  details: AppDetail[];
  appItemVoList: { name: string; code: 'DEPLOY' | 'SAAS'; itemValueList: AppItemValue[] }[];
  sections: Record<ProductSectionKey, Block[]>;
  prices: PriceRow[];
  support: string;
}

export interface AppList {
  list: AppSummary[];
  total: number;
}

export interface Expert {
  sample: boolean;
  id: number;
  name: string;
  title: string;
  organisation: string;
  fields: string[];
  years: number;
  bio: string;
  topics: string[];
}

/** Content the operator owns carries `sample: true` while it is the shipped sample (README "Operator content"). */
export interface HomeData {
  sample: boolean;
  figures: { value: string; label: string }[];
  partners: string[];
  news: ArticleSummary[];
  finance: FinanceProduct[];
  apps: AppSummary[];
  experts: Expert[];
}

/** `home/bottom.do`: the footer's contact details (§3) and the site settings, as the operator gave them. */
export interface SiteData {
  sample: boolean;
  contact: { hotline: string; address: string; email: string; postcode: string };
  site: SiteSettings;
}

/** `registrationTerms`, `legalSecrecy.do`: a text a visitor accepts, with its version. */
export interface LegalText {
  version: string;
  title: string;
  body: Block[];
}

/** `joinus/index.do`, `joinus/centralize.do` (query-api content README "Join pages"). */
export interface JoinPageData {
  sample: boolean;
  lead: string;
  audiences: string[];
  benefits: string[];
  steps: string[];
  /** The individual page only: the §3 roles one may join as. */
  roles?: { value: string }[];
}

/** `home/settlePlatform.do`: the home page's join band, the individual join page without its audiences. */
export type SettlePlatformData = Omit<JoinPageData, 'audiences'>;

/** A tool of the tool market (query-api content README "Tool market"): one of the platform's look-ups. */
export interface MarketTool {
  id: number;
  code: string;
  appName: string;
  category: string;
  categoryName: string;
  appIntroducetion: string;
}
export interface MarketToolDetail extends MarketTool {
  kind: 'query' | 'subscription' | 'trackOrSubscribe';
  method: 'GET' | 'POST';
  path: string;
  parameters: { name: string; title: string; required: boolean }[];
  answer: string;
}

/** `link/index.do`: the link-node service's interfaces, from the query catalogue. */
export interface LinkBandData {
  interfaces: { code: string; kind: 'query' | 'subscription'; title: string; path: string }[];
}
