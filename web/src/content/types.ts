/**
 * The portal content API's response shapes (portal spec §7; served by query-api's content
 * router). The API answers in the language of the payload, so texts here are single-language.
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

export interface ArticleSummary {
  id: number;
  kind: 'news' | 'blog' | 'algorithm' | 'help' | 'rule';
  columnId: number;
  columnName: string;
  title: string;
  summary: string;
  publishTime: string;
  author: string;
  source: string;
  views: number;
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
  dataTypes: Option[];
  institutions: Option[];
}

export interface FinanceProduct {
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
  lowestPrice: number;
  free: boolean;
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
  id: number;
  name: string;
  title: string;
  organisation: string;
  fields: string[];
  years: number;
  bio: string;
  topics: string[];
}

export interface HomeData {
  news: ArticleSummary[];
  finance: FinanceProduct[];
  apps: AppSummary[];
  experts: Expert[];
}
