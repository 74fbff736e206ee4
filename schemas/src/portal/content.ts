import type { JsonSchema } from '../documents/json-schema.ts';
import { createValidatorCompiler, type Validate } from '../documents/validator.ts';

/**
 * The portal content an operator owns (query-api/src/content/README.md "Operator content"): the
 * footer's contact details, home-page figures and partners, experts, product testimonials, news, the
 * finance institutions and products (portal spec §9), the join pages, per-route keywords, and the site settings
 * (regional sites, chat, scan-code targets, analytics hosts). One JSON file, edited by the
 * operator and checked against this schema when query-api starts; the shipped file is sample
 * content and says so (`sample: true`), which the portal shows beside every part it fills.
 */
export interface Bi {
  cn: string;
  en: string;
}
export type ContentBlock =
  | { kind: 'heading'; text: Bi }
  | { kind: 'paragraph'; text: Bi }
  | { kind: 'list'; items: Bi[] };

export interface ContentExpert {
  id: number;
  name: Bi;
  title: Bi;
  organisation: Bi;
  fields: Bi[];
  years: number;
  bio: Bi;
  topics: Bi[];
}
export interface ContentFinanceProduct {
  slug: string;
  name: Bi;
  kind: Bi;
  institution: string;
  dataTypes: string[];
  rateMin: number;
  rateMax: number;
  limitWan: number;
  termMonths: number;
  guarantee: Bi;
  summary: Bi;
  features: Bi[];
  hot?: boolean;
}
export interface RegionalSiteSetting {
  /** §1: the main Greater Bay Area site, Huangshi, Yinchuan (the portal's dictionary names them). */
  id: 'gba' | 'huangshi' | 'yinchuan';
  /** The site's address; a site without one is neither linked nor suggested. */
  url?: string;
  main: boolean;
  /** Cities whose visitors belong to this site (§4), as the IP database names them, without 市. */
  cities: string[];
}
export interface SiteSettings {
  regionalSites: RegionalSiteSetting[];
  /** §2: the customer-service chat page; the address differs when the host contains www. */
  chat?: { www: string; other: string };
  /** §2 side panel: what the consultation and free-course scan codes open. */
  scanCodes?: { consult?: string; course?: string };
  /** §7: analytics scripts, loaded only when the page's host is one of `hosts`. */
  analytics?: { hosts: string[]; scripts: string[] };
  /** §7: the maps service, its script loaded on demand with an access key (`MapsSetting`). */
  maps?: MapsSetting;
}
/**
 * §7 "a maps service script loads on demand with an access key {key}": the contact page offers
 * the office on a map, and the provider's loader is asked for only when a visitor opens it
 * (web/README.md "Maps"). The drawing speaks the WebGL maps API of the provider the spec's
 * analytics come from (`BMapGL`: Map, Point, Marker); its loader calls back when ready.
 */
export interface MapsSetting {
  /** The loader's address, `{key}` and `{callback}` filled in by the page. */
  script: string;
  /** The browser access key the provider issued for the portal's hosts (public by design). */
  key: string;
  /**
   * Sources beyond the script's own origin that the loader fetches code, styles, tiles and data
   * from (`https://host` or `https://*.domain`): allowed by the pages' Content-Security-Policy.
   */
  sources?: string[];
  /** Where the office is (WGS-84 degrees as the provider takes them) and how close to show it. */
  office: { lng: number; lat: number; zoom?: number };
}
/**
 * A join page (portal spec §7 `joinus/index.do`, `joinus/centralize.do`; query-api content README
 * "Join pages"): what joining brings and how it goes, as the operator offers it.
 */
export interface JoinPageContent {
  lead: Bi;
  /** Who the page is for (centralised joining: the organisations that bring their members). */
  audiences: Bi[];
  benefits: Bi[];
  steps: Bi[];
}
/** A news article (§2 newsList, newsDetails) in one of the news columns the portal lists. */
export interface ContentArticle {
  id: number;
  columnId: number;
  title: Bi;
  summary: Bi;
  /** YYYY-MM-DD. */
  publishTime: string;
  author: Bi;
  source: Bi;
  body: ContentBlock[];
}
export interface PortalContent {
  sample: boolean;
  contact: { hotline: string; address: Bi; email: string; postcode: string };
  figures: { value: string; label: Bi }[];
  partners: Bi[];
  experts: ContentExpert[];
  testimonials: { app: number; kind: 'case' | 'review'; block: ContentBlock }[];
  /** §3 mainPics of a market item: the operator's pictures of a product (`app` its id), in order. */
  appPictures?: { app: number; title: Bi; url: string }[];
  /** The news the portal shows (the platform's own blog, help and rules stay with the site). */
  news: ContentArticle[];
  finance: {
    institutions: { value: string; label: Bi; kind: Bi }[];
    products: ContentFinanceProduct[];
    conditions: Bi[];
    process: Bi[];
  };
  join: { index: JoinPageContent; centralize: JoinPageContent };
  /** Per-route keywords (§2), by the portal's page id. */
  keywords: Record<string, Bi>;
  site: SiteSettings;
}

const text = (maxLength: number): JsonSchema => ({ type: 'string', maxLength });
const object = (properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((key) => !optional.includes(key)),
  additionalProperties: false,
});
const list = (items: JsonSchema, maxItems = 200): JsonSchema => ({ type: 'array', items, maxItems });
const bi = (maxLength = 2000): JsonSchema => object({ cn: text(maxLength), en: text(maxLength) });
const url: JsonSchema = { type: 'string', format: 'uri', pattern: '^https?://', maxLength: 500 };
const count: JsonSchema = { type: 'integer', minimum: 0 };
const joinPage = object({
  lead: bi(500),
  audiences: list(bi(200), 20),
  benefits: list(bi(300), 20),
  steps: list(bi(300), 20),
});
const block: JsonSchema = {
  anyOf: [
    object({ kind: { type: 'string', enum: ['heading', 'paragraph'] }, text: bi() }),
    object({ kind: { type: 'string', const: 'list' }, items: list(bi()) }),
  ],
};

export const portalContentSchema: JsonSchema = {
  ...object(
    {
      $comment: text(1000),
      sample: { type: 'boolean' },
      contact: object({ hotline: text(30), address: bi(200), email: text(100), postcode: text(10) }),
      figures: list(object({ value: text(20), label: bi(100) }), 8),
      partners: list(bi(100), 50),
      experts: list(
        object({
          id: count,
          name: bi(50),
          title: bi(100),
          organisation: bi(200),
          fields: list(bi(50), 10),
          years: count,
          bio: bi(),
          topics: list(bi(200), 20),
        }),
      ),
      testimonials: list(object({ app: count, kind: { type: 'string', enum: ['case', 'review'] }, block })),
      // A path on the portal's own host (`/…`): the pages' Content-Security-Policy loads images
      // from the portal's origin only (img-src 'self'), so a picture elsewhere would never show.
      appPictures: list(
        object({
          app: count,
          title: bi(100),
          url: { type: 'string', pattern: '^/[^/\\\\]', maxLength: 500 },
        }),
        100,
      ),
      finance: object({
        institutions: list(object({ value: text(50), label: bi(100), kind: bi(50) }), 50),
        products: list(
          object(
            {
              slug: { type: 'string', pattern: '^[A-Za-z][A-Za-z-]*$', maxLength: 50 },
              name: bi(100),
              kind: bi(50),
              institution: text(50),
              dataTypes: list(text(50), 20),
              rateMin: { type: 'number', minimum: 0 },
              rateMax: { type: 'number', minimum: 0 },
              limitWan: { type: 'number', minimum: 0 },
              termMonths: count,
              guarantee: bi(100),
              summary: bi(500),
              features: list(bi(200), 20),
              hot: { type: 'boolean' },
            },
            ['hot'],
          ),
        ),
        conditions: list(bi(200), 20),
        process: list(bi(200), 20),
      }),
      news: list(
        object({
          id: { type: 'integer', minimum: 1 },
          columnId: count,
          title: bi(200),
          summary: bi(500),
          publishTime: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
          author: bi(50),
          source: bi(100),
          body: list(block, 100),
        }),
        500,
      ),
      join: object({ index: joinPage, centralize: joinPage }),
      // Our JsonSchema type knows additionalProperties only as a flag; here it types the values.
      keywords: {
        type: 'object',
        maxProperties: 100,
        additionalProperties: bi(300),
      } as unknown as JsonSchema,
      site: object(
        {
          regionalSites: list(
            object(
              {
                id: { type: 'string', enum: ['gba', 'huangshi', 'yinchuan'] },
                url,
                main: { type: 'boolean' },
                cities: list(text(20), 100),
              },
              ['url'],
            ),
            3,
          ),
          chat: object({ www: url, other: url }),
          scanCodes: object({ consult: url, course: url }, ['consult', 'course']),
          analytics: object({ hosts: list(text(253), 20), scripts: list(url, 5) }),
          maps: object(
            {
              // A template, so not a URI until filled: `{` is not a URI character.
              script: {
                type: 'string',
                maxLength: 500,
                pattern: '^https?://(?=\\S*\\{key\\})(?=\\S*\\{callback\\})\\S+$',
              },
              key: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.-]+$' },
              sources: list(
                {
                  type: 'string',
                  maxLength: 253,
                  pattern: '^https?://(\\*\\.)?[A-Za-z0-9.-]+(:[0-9]{1,5})?$',
                },
                10,
              ),
              office: object(
                {
                  lng: { type: 'number', minimum: -180, maximum: 180 },
                  lat: { type: 'number', minimum: -90, maximum: 90 },
                  zoom: { type: 'integer', minimum: 3, maximum: 19 },
                },
                ['zoom'],
              ),
            },
            ['sources'],
          ),
        },
        ['chat', 'scanCodes', 'analytics', 'maps'],
      ),
    },
    ['$comment', 'appPictures'],
  ),
};

/** Checks a content file's JSON (query-api checks at start-up, before serving any of it). */
export function createPortalContentValidator(): Validate {
  return createValidatorCompiler({})(portalContentSchema);
}
