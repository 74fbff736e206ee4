import type { JoinPageContent, PortalContent } from '@tradelog/schemas/portal/content';
import type {
  Article as ArticleAnswer,
  ArticlePage,
  ArticleSummary,
  Column,
  Expert,
  FinanceCategories,
  FinanceProduct,
  HomeData,
  JoinPageData,
  LegalText as LegalTextAnswer,
  SettlePlatformData,
  SiteData,
} from '@tradelog/schemas/portal/contentAnswers';
import { portalRoles } from '@tradelog/schemas/portal/forms';
import { blocks, text } from './localized.ts';
import { appList } from './marketCatalogue.ts';
import { articles, blogColumns, helpMenu, newsColumns, pageColumns, ruleMenu } from './seed/articles.ts';
import { dataTypes } from './seed/finance.ts';
import type { LegalText } from './seed/legal.ts';
import type { Lang, SeedArticle, SeedColumn } from './seed/types.ts';

/**
 * Pure read functions over the seeded portal content and the operator's (README "Operator
 * content"): each answers in one language (the payload's `lang`, portal spec §7) with the shapes
 * the portal renders. No I/O, so the router stays a thin shell and every answer is unit-tested.
 */

function column(value: SeedColumn, lang: Lang): Column {
  return {
    columnId: value.columnId,
    name: text(value.name, lang),
    ...(value.columnList ? { columnList: value.columnList.map((child) => column(child, lang)) } : {}),
  };
}

const columnName = (columnId: number, lang: Lang): string => {
  const all = [...newsColumns, ...pageColumns, ...blogColumns];
  const walk = (items: SeedColumn[]): SeedColumn | undefined => {
    for (const item of items) {
      if (item.columnId === columnId) return item;
      const found = item.columnList ? walk(item.columnList) : undefined;
      if (found) return found;
    }
    return undefined;
  };
  const found = walk(all) ?? walk([helpMenu, ruleMenu]);
  return found ? text(found.name, lang) : '';
};

/**
 * The site's own articles (blog, algorithm, help, rules) and the operator's news (README
 * "Operator content"); news carries `sample` as every part of the content file does.
 */
export type Article = SeedArticle | (PortalContent['news'][number] & { kind: 'news'; sample: boolean });

const newsCache = new WeakMap<PortalContent, Article[]>();
export function articlesOf(content: PortalContent): Article[] {
  let all = newsCache.get(content);
  if (!all) {
    all = [
      ...content.news.map((article) => ({ ...article, kind: 'news' as const, sample: content.sample })),
      ...articles,
    ];
    newsCache.set(content, all);
  }
  return all;
}

export function summary(article: Article, lang: Lang): ArticleSummary {
  return {
    id: article.id,
    kind: article.kind,
    columnId: article.columnId,
    columnName: columnName(article.columnId, lang),
    title: text(article.title, lang),
    summary: text(article.summary, lang),
    publishTime: article.publishTime,
    author: text(article.author, lang),
    source: text(article.source, lang),
    ...('sample' in article ? { sample: article.sample } : {}),
  };
}

/** The news proper: not the courses and exhibits the operator keeps as articles of their own pages. */
const newsColumnIds = new Set(newsColumns.map((item) => item.columnId));
const isNewsProper = (article: Article) => article.kind !== 'news' || newsColumnIds.has(article.columnId);

export const newestFirst = (a: Article, b: Article) =>
  b.publishTime.localeCompare(a.publishTime) || b.id - a.id;

export function columnsOf(kind: 'news' | 'blog', lang: Lang): Column[] {
  return (kind === 'news' ? newsColumns : blogColumns).map((item) => column(item, lang));
}

/** All leaf column ids under a column (a list of a parent column shows its children's articles). */
export function columnFamily(columnId: number): Set<number> {
  const family = new Set([columnId]);
  const walk = (items: SeedColumn[], inside: boolean) => {
    for (const item of items) {
      const here = inside || item.columnId === columnId;
      if (here) family.add(item.columnId);
      if (item.columnList) walk(item.columnList, here);
    }
  };
  walk([helpMenu, ruleMenu], false);
  return family;
}

export function articlePage(
  content: PortalContent,
  columnId: number,
  page: number,
  rows: number,
  lang: Lang,
): ArticlePage {
  const family = columnFamily(columnId);
  const matching = articlesOf(content)
    .filter((article) => family.has(article.columnId))
    .sort(newestFirst);
  const start = (page - 1) * rows;
  return {
    list: matching.slice(start, start + rows).map((article) => summary(article, lang)),
    total: matching.length,
    page,
    rows,
  };
}

export function articleDetail(content: PortalContent, id: number, lang: Lang): ArticleAnswer | undefined {
  const all = articlesOf(content);
  const article = all.find((candidate) => candidate.id === id);
  if (!article) return undefined;
  const siblings = all.filter((candidate) => candidate.columnId === article.columnId).sort(newestFirst);
  const index = siblings.indexOf(article);
  const link = (other: Article | undefined) =>
    other ? { id: other.id, title: text(other.title, lang) } : undefined;
  return {
    ...summary(article, lang),
    body: blocks(article.body, lang),
    ...(link(siblings[index + 1]) ? { prev: link(siblings[index + 1]) } : {}),
    ...(link(siblings[index - 1]) ? { next: link(siblings[index - 1]) } : {}),
  };
}

/** §7 recommendNewsList.do, related to an article: its column's first, then its kind's, newest first. */
export function recommended(content: PortalContent, id: number, lang: Lang, count = 3): ArticleSummary[] {
  const all = articlesOf(content);
  const article = all.find((candidate) => candidate.id === id);
  const sameColumn = (candidate: Article) => Number(candidate.columnId === article?.columnId);
  return (
    all
      .filter((candidate) => candidate.id !== id && candidate.kind === (article?.kind ?? 'news'))
      // A course or exhibit is related to its own page's, news to news.
      .filter((candidate) =>
        article && !isNewsProper(article) ? candidate.columnId === article.columnId : isNewsProper(candidate),
      )
      .sort((a, b) => sameColumn(b) - sameColumn(a) || newestFirst(a, b))
      .slice(0, count)
      .map((candidate) => summary(candidate, lang))
  );
}

/** §7: the help (4218) and rule (4222) menus; any other column id has no menu. */
export function centreMenu(columnId: number, lang: Lang): Column[] | undefined {
  const root =
    columnId === helpMenu.columnId ? helpMenu : columnId === ruleMenu.columnId ? ruleMenu : undefined;
  return root ? (root.columnList ?? []).map((item) => column(item, lang)) : undefined;
}

/** Keyword search over help and rule articles, in both languages' titles, summaries and bodies. */
export function searchCentres(keyword: string, lang: Lang): ArticleSummary[] {
  const needle = keyword.trim().toLowerCase();
  if (needle === '') return [];
  const haystack = (article: SeedArticle) =>
    [
      article.title,
      article.summary,
      ...article.body.flatMap((block) => (block.kind === 'list' ? block.items : [block.text])),
    ]
      .flatMap((value) => [value.cn, value.en])
      .join('\n')
      .toLowerCase();
  return articles
    .filter(
      (article) => (article.kind === 'help' || article.kind === 'rule') && haystack(article).includes(needle),
    )
    .map((article) => summary(article, lang));
}

const allInstitutions = { value: 'all', label: { cn: '全部', en: 'All' } };

export function financeCategories(content: PortalContent, lang: Lang): FinanceCategories {
  return {
    sample: content.sample,
    dataTypes: dataTypes.map((item) => ({ value: item.value, label: text(item.label, lang) })),
    institutions: [allInstitutions, ...content.finance.institutions].map((item) => ({
      value: item.value,
      label: text(item.label, lang),
    })),
  };
}

/** §9's two-level filter: first by data type, then by institution; `all` leaves a level open. */
export function filterFinance(
  content: PortalContent,
  filter: { dataType?: string; institution?: string; slug?: string },
  lang: Lang,
): FinanceProduct[] {
  const { institutions, conditions, process } = content.finance;
  return content.finance.products
    .filter((product) => !filter.slug || product.slug === filter.slug)
    .filter(
      (product) =>
        !filter.dataType || filter.dataType === 'all' || product.dataTypes.includes(filter.dataType),
    )
    .filter(
      (product) =>
        !filter.institution || filter.institution === 'all' || product.institution === filter.institution,
    )
    .map((product) => {
      const institution = institutions.find((item) => item.value === product.institution)!;
      return {
        slug: product.slug,
        name: text(product.name, lang),
        kind: text(product.kind, lang),
        institution: product.institution,
        institutionName: `${text(institution.label, lang)}（${text(institution.kind, lang)}）`.replace(
          '（）',
          '',
        ),
        dataTypes: product.dataTypes,
        dataTypeNames: product.dataTypes.map((value) =>
          text(dataTypes.find((item) => item.value === value)!.label, lang),
        ),
        rateMin: product.rateMin,
        rateMax: product.rateMax,
        limitWan: product.limitWan,
        termMonths: product.termMonths,
        guarantee: text(product.guarantee, lang),
        summary: text(product.summary, lang),
        features: product.features.map((item) => text(item, lang)),
        conditions: conditions.map((item) => text(item, lang)),
        process: process.map((item) => text(item, lang)),
        hot: product.hot === true,
        sample: content.sample,
      };
    });
}

export function expertList(content: PortalContent, lang: Lang): Expert[] {
  return content.experts.map((expert) => ({
    id: expert.id,
    name: text(expert.name, lang),
    title: text(expert.title, lang),
    organisation: text(expert.organisation, lang),
    fields: expert.fields.map((item) => text(item, lang)),
    years: expert.years,
    bio: text(expert.bio, lang),
    topics: expert.topics.map((item) => text(item, lang)),
    sample: content.sample,
  }));
}

export function homeData(content: PortalContent, lang: Lang): HomeData {
  return {
    sample: content.sample,
    figures: content.figures.map((figure) => ({ value: figure.value, label: text(figure.label, lang) })),
    partners: content.partners.map((partner) => text(partner, lang)),
    news: articlesOf(content)
      .filter((article) => article.kind === 'news' && isNewsProper(article))
      .sort(newestFirst)
      .slice(0, 5)
      .map((article) => summary(article, lang)),
    // Three products: those the operator marked hot first, then in the file's order.
    finance: [...filterFinance(content, {}, lang)].sort((a, b) => Number(b.hot) - Number(a.hot)).slice(0, 3),
    apps: appList(1, 5, lang).list,
    experts: expertList(content, lang).slice(0, 4),
  };
}

/** The footer (§3: hotline, address, email, postcode) and the site settings (README "Operator content"). */
export function siteData(content: PortalContent, lang: Lang): SiteData {
  const { contact, site } = content;
  return {
    sample: content.sample,
    contact: { ...contact, address: text(contact.address, lang) },
    site,
  };
}

/** §2 per-route keywords, by the portal's page id. */
export function keywordsOf(content: PortalContent, lang: Lang): Record<string, string> {
  return Object.fromEntries(
    Object.entries(content.keywords).map(([page, value]) => [page, text(value, lang)]),
  );
}

/** A text a visitor accepts at registration (§7 home/registrationTerms, home/legalSecrecy.do), with its version. */
export function legalText(text: LegalText, lang: Lang): LegalTextAnswer {
  return { version: text.version, title: text.title[lang], body: blocks(text.body, lang) };
}

/**
 * The join pages (README "Join pages"): `index` for a provider joining on its own, with the §3
 * roles one may join as; `centralize` for an organisation bringing its members in together.
 */
export function joinPage(content: PortalContent, page: 'index' | 'centralize', lang: Lang): JoinPageData {
  const value: JoinPageContent = content.join[page];
  return {
    sample: content.sample,
    lead: text(value.lead, lang),
    audiences: value.audiences.map((item) => text(item, lang)),
    benefits: value.benefits.map((item) => text(item, lang)),
    steps: value.steps.map((item) => text(item, lang)),
    ...(page === 'index' ? { roles: portalRoles.map((role) => ({ value: role })) } : {}),
  };
}

/**
 * §7 home call `home/settlePlatform.do` (README "Join pages"): the home page's "join the
 * platform" band, which §7 does not shape. A visitor there wants the pitch, what joining brings,
 * how it goes and what one may join as, so it is the operator's individual join page without its
 * audiences list (the band links there for the rest); no count of members, which nobody vouches for.
 */
export function settlePlatform(content: PortalContent, lang: Lang): SettlePlatformData {
  const { audiences: _audiences, ...band } = joinPage(content, 'index', lang);
  return band;
}
