import type { PortalContent } from '@tradelog/schemas/portal/content';
import { type Article, articlesOf, columnFamily, newestFirst, searchCentres, summary } from './catalogue.ts';
import { text } from './localized.ts';
import {
  blogColumns,
  courseColumn,
  helpMenu,
  newsColumns,
  ruleMenu,
  showroomColumn,
} from './seed/articles.ts';
import type { Lang, SeedColumn } from './seed/types.ts';

/**
 * The news, blog, help and rule channels (portal spec §7 `navigList.do`, `channels/list`,
 * `/apiNewsDetail/front/channels/get`, `meet/newsInfo`, `meet/index.do`, `meet/legalize.do`,
 * `/{product}-official/helpCenter/query`). §7 names these calls without their shapes; each answers
 * what the page that makes it shows (README "Channels"), from the site's columns and articles and
 * the operator's news. Pure: the router only passes the payload in.
 */
export type ChannelKind = 'news' | 'blog' | 'help' | 'rule' | 'course' | 'showroom';

interface Channel {
  column: SeedColumn;
  kind: ChannelKind;
  /** The channels above it, outermost first. */
  ancestors: SeedColumn[];
}

const roots: { kind: ChannelKind; columns: SeedColumn[] }[] = [
  { kind: 'news', columns: newsColumns },
  { kind: 'blog', columns: blogColumns },
  // The help and rule menus' roots (4218, 4222) are channels too: a list of one shows the whole centre.
  { kind: 'help', columns: [helpMenu] },
  { kind: 'rule', columns: [ruleMenu] },
  // The operator's articles behind the course and showroom pages (README "Courses and showroom").
  { kind: 'course', columns: [courseColumn] },
  { kind: 'showroom', columns: [showroomColumn] },
];

/** Every channel, depth first, each once (built once: the columns are the seed's). */
const channels: Channel[] = roots.flatMap(({ kind, columns }) => {
  const found: Channel[] = [];
  const walk = (items: SeedColumn[], ancestors: SeedColumn[]) => {
    for (const column of items) {
      found.push({ column, kind, ancestors });
      if (column.columnList) walk(column.columnList, [...ancestors, column]);
    }
  };
  walk(columns, []);
  return found;
});

const channelOf = (columnId: number) => channels.find((channel) => channel.column.columnId === columnId);
const named = (column: SeedColumn, lang: Lang) => ({
  columnId: column.columnId,
  name: text(column.name, lang),
});

/** The articles listed under a channel: its own and its sub-channels'. */
function articlesUnder(content: PortalContent, columnId: number): Article[] {
  const family = columnFamily(columnId);
  return articlesOf(content)
    .filter((article) => family.has(article.columnId))
    .sort(newestFirst);
}

const isKind = (value: unknown): value is ChannelKind => roots.some((root) => root.kind === value);

/**
 * `channels/list`: every channel of a kind (all kinds when none is asked), flat, each with its
 * parent, so a page can resolve any article's channel path without walking a tree.
 */
export function channelList(kind: unknown, lang: Lang) {
  return channels
    .filter((channel) => !isKind(kind) || channel.kind === kind)
    .map((channel) => ({
      ...named(channel.column, lang),
      kind: channel.kind,
      parentId: channel.ancestors.at(-1)?.columnId ?? null,
    }));
}

/** `/apiNewsDetail/front/channels/get`: one channel with its path (breadcrumb), children and article count. */
export function channelDetail(content: PortalContent, columnId: number, lang: Lang) {
  const channel = channelOf(columnId);
  if (!channel) return undefined;
  return {
    ...named(channel.column, lang),
    kind: channel.kind,
    path: [...channel.ancestors, channel.column].map((column) => named(column, lang)),
    columnList: (channel.column.columnList ?? []).map((column) => named(column, lang)),
    total: articlesUnder(content, columnId).length,
  };
}

/**
 * `navigList.do` (beside `recommendNewsList.do` on the news and blog pages): the column
 * navigation of a news or blog page — each column with how many articles it lists and its newest.
 */
export function navigation(content: PortalContent, kind: unknown, lang: Lang) {
  const columns = kind === 'blog' ? blogColumns : newsColumns;
  return columns.map((column) => {
    const listed = articlesUnder(content, column.columnId);
    const newest = listed[0];
    return {
      ...named(column, lang),
      total: listed.length,
      newest: newest
        ? { id: newest.id, title: text(newest.title, lang), publishTime: newest.publishTime }
        : null,
    };
  });
}

/**
 * `meet/newsInfo`: an article's head without its body (title, column, time, the channel path),
 * for the share card and breadcrumb of a page that shows it; undefined for an unknown id.
 */
export function newsInfo(content: PortalContent, id: number, lang: Lang) {
  const article = articlesOf(content).find((candidate) => candidate.id === id);
  if (!article) return undefined;
  const channel = channelOf(article.columnId);
  return {
    ...summary(article, lang),
    path: channel ? [...channel.ancestors, channel.column].map((column) => named(column, lang)) : [],
  };
}

/** `meet/index.do` (a §7 home call): the home page's news band, each news column with its newest three. */
export function newsBand(content: PortalContent, lang: Lang, perColumn = 3) {
  return {
    sample: content.sample,
    columns: newsColumns.map((column) => ({
      ...named(column, lang),
      list: articlesUnder(content, column.columnId)
        .slice(0, perColumn)
        .map((article) => summary(article, lang)),
    })),
  };
}

/**
 * `/{product}-official/helpCenter/query` (GET): the help centre's own query — help articles only
 * (rules have their centre), by keyword in either language or under a help column (default the
 * whole centre, 4218), paged as `newsList.do` is.
 */
export function helpQuery(
  content: PortalContent,
  query: { keyword: string; columnId: number; page: number; rows: number },
  lang: Lang,
) {
  const keyword = query.keyword.trim();
  const underColumn = channelOf(query.columnId)?.kind === 'help' ? query.columnId : helpMenu.columnId;
  const family = columnFamily(underColumn);
  const matching =
    keyword === ''
      ? articlesUnder(content, underColumn).map((article) => summary(article, lang))
      : searchCentres(keyword, lang).filter(
          (article) => article.kind === 'help' && family.has(article.columnId),
        );
  const start = (query.page - 1) * query.rows;
  return {
    list: matching.slice(start, start + query.rows),
    total: matching.length,
    page: query.page,
    rows: query.rows,
  };
}

/**
 * §2 "Footer links for data security, intellectual property and legal statement point to
 * rule-centre detail ids": `meet/legalize.do` answers them (and the privacy policy's), each with
 * its rule article's title, so the footer's legal links are the rule centre's, whatever it holds.
 */
export const legalRuleIds = {
  privacy: 5101,
  legalStatement: 5102,
  dataSecurity: 5103,
  intellectualProperty: 5104,
} as const;

export function legalLinks(content: PortalContent, lang: Lang) {
  const all = articlesOf(content);
  return Object.entries(legalRuleIds).map(([key, id]) => {
    const article = all.find((candidate) => candidate.id === id)!;
    return { key, id, title: text(article.title, lang), sample: article.sample === true };
  });
}
