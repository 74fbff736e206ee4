import type { Bi, PortalContent } from '@tradelog/schemas/portal/content';
import type { AppList, AppProduct, AppSummary } from '@tradelog/schemas/portal/contentAnswers';
import { blocks, text } from './localized.ts';
import { apps, type SeedApp, sheetSample } from './seed/apps.ts';
import type { Lang } from './seed/types.ts';

/**
 * The application market's answers (portal spec §3 item, §7/§9 market list and detail): the seeded
 * product sheets with the operator's testimonials and pictures (README "Operator content"), in one
 * language. Pure, as the rest of the content reads (catalogue.ts).
 */
export function appSummary(app: SeedApp, lang: Lang): AppSummary {
  return {
    id: app.id,
    appName: text(app.appName, lang),
    category: app.category,
    categoryName: text(app.categoryName, lang),
    appIntroducetion: text(app.introduction, lang),
    appStatus: 'ON_THE_SHELF',
    sellPoints: app.sellPoints.map((item) => text(item, lang)),
    lowestPrice: app.lowestPrice,
    free: false,
    // §3's review fields of an item: every seeded product is on the shelf, so no picture is
    // still asked of its vendor and nothing was rejected (seed/articles.ts "Application listing rules").
    imgRequests: [],
    rejectReason: null,
    sheetSample,
  };
}

/** §7/§9: market list with rows and page (defaults rows=10, page=1). */
export function appList(page: number, rows: number, lang: Lang): AppList {
  const start = (page - 1) * rows;
  return { list: apps.slice(start, start + rows).map((app) => appSummary(app, lang)), total: apps.length };
}

type ItemGroup = AppProduct['appItemVoList'][number];

/** §3 appItemVoList: one way of buying a product (SaaS or on-premise) and its priced items, all on the shelf. */
function itemGroup<Item extends { amount: number }>(
  code: ItemGroup['code'],
  name: string,
  items: readonly Item[],
  itemName: (item: Item) => Bi,
  lang: Lang,
): ItemGroup {
  return {
    name,
    code,
    itemValueList: items.map((item) => ({
      name: text(itemName(item), lang),
      code,
      status: 'ON_THE_SHELF',
      amount: item.amount,
    })),
  };
}

export function appDetail(content: PortalContent, id: number, lang: Lang): AppProduct | undefined {
  const app = apps.find((candidate) => candidate.id === id);
  if (!app) return undefined;
  // Cases and reviews are testimonials: the operator's, not the product sheet's.
  const testimonials = (kind: 'case' | 'review') =>
    content.testimonials.filter((item) => item.app === id && item.kind === kind).map((item) => item.block);
  // Every section key of the seed, with cases and reviews: the answer's `ProductSectionKey`s.
  const sections = Object.fromEntries(
    Object.entries({ ...app.sections, cases: testimonials('case'), reviews: testimonials('review') }).map(
      ([key, value]) => [key, blocks(value, lang)],
    ),
  ) as AppProduct['sections'];
  return {
    ...appSummary(app, lang),
    // §3 mainPics: the operator's pictures of the product (content file `appPictures`); the
    // shipped sample's are one neutral picture marked "Sample picture", as the sample is marked.
    mainPics: (content.appPictures ?? [])
      .filter((picture) => picture.app === id)
      .map((picture, index) => ({
        id: id * 100 + index,
        title: text(picture.title, lang),
        url: picture.url,
      })),
    details: app.details.map((detail, index) => ({
      id: app.id * 100 + index,
      version: text(detail.version, lang),
      specifications: text(detail.specifications, lang),
      cycle: detail.cycle,
      amount: detail.amount,
      status: 'ON_THE_SHELF',
    })),
    appItemVoList: [
      itemGroup(
        'SAAS',
        lang === 'cn' ? 'SaaS 订阅' : 'SaaS subscription',
        app.details,
        (detail) => detail.version,
        lang,
      ),
      ...(app.deploy.length > 0
        ? [
            itemGroup(
              'DEPLOY',
              lang === 'cn' ? '本地化部署' : 'On-premise',
              app.deploy,
              (item) => item.name,
              lang,
            ),
          ]
        : []),
    ],
    sections,
    prices: app.prices.map((row) => ({
      edition: text(row.edition, lang),
      saas: row.saas[lang],
      onPremise: row.onPremise[lang],
    })),
    support: text(app.support, lang),
    sample: content.sample,
  };
}
