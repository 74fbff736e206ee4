import { type Bilingual, localizedError } from '@tradelog/schemas';
import { type QueryTypeId, queryType } from '@tradelog/schemas/queries/catalogue';

/**
 * An export of every page of a paged lender query (query-api/README.md "Exports"), pure.
 *
 * - Asked with `?pages=all` beside a CSV or workbook `Accept`; JSON keeps its pages (§9).
 * - Read as one window from the first row, in the route's own read: one statement, so the rows
 *   agree with the answer's freshness as a page does (README "Paging while documents arrive").
 * - At most 50 pages of the spec's largest page (§9: 200), 10,000 rows; an answer of more is
 *   refused naming the filters that narrow it.
 * - It counts as the calls a caller paging at 200 would make (`default-key`, README "Call
 *   limits"), so an export never reads more for the same calls than paging would.
 */
export type PageScope = 'page' | 'all';

/** The spec's largest page (§9 "Enterprise queries": pageSize at most 200). */
export const exportPageSize = 200;
export const exportMaxPages = 50;
export const exportMaxRows = exportPageSize * exportMaxPages;

/** `?pages=all` on a table export asks for every page; anything else is the page asked for. */
export function pageScopeOf(query: Record<string, unknown>, wantsTable: boolean): PageScope {
  return wantsTable && query.pages === 'all' ? 'all' : 'page';
}

/**
 * The window an export of every page reads: from the first row, one past the cap, and no
 * further (`bounded`: the database counts what it read, not every match), so that an answer
 * past the cap is told by its count and refused without reading the rest.
 */
export const allPagesWindow = {
  page: 1,
  pageSize: exportMaxRows,
  limit: exportMaxRows + 1,
  offset: 0,
  bounded: true,
} as const;

/** The calls an export of `rows` rows counts as: its pages of 200, at least one (the request itself). */
export const callsOfExport = (rows: number): number => Math.max(1, Math.ceil(rows / exportPageSize));

/** What narrows each paged query's answer, for the refusal of one past the cap. */
const narrowing: Partial<Record<QueryTypeId, Bilingual>> = {
  purchaseOrders: {
    cn: '缩短 beginDate–endDate 的日期范围，或指定 orderNo',
    en: 'a shorter beginDate–endDate range, or orderNo',
  },
  salesToBusiness: {
    cn: '缩短 beginDate–endDate 的日期范围，或指定 orderNo',
    en: 'a shorter beginDate–endDate range, or orderNo',
  },
  salesToConsumer: {
    cn: '缩短 beginDate–endDate 的日期范围，或指定 orderNo、cbepcomName',
    en: 'a shorter beginDate–endDate range, or orderNo or cbepcomName',
  },
  customsDeclarations: {
    cn: '缩短 starDate–endDate 的日期范围',
    en: 'a shorter starDate–endDate range',
  },
  goods: { cn: '指定较晚的 requestTime', en: 'a later requestTime' },
  inventory: {
    cn: '指定 warehouseId 或 goodsId，而非 *',
    en: 'one warehouseId or the goodsIds wanted instead of *',
  },
  inboundDetails: { cn: '将 period 由年改为月', en: 'a month rather than a year as period' },
  outboundDetails: { cn: '将 period 由年改为月', en: 'a month rather than a year as period' },
};

const narrowingOfPath = new Map(
  Object.entries(narrowing).map(([id, hint]) => [queryType(id as QueryTypeId).path, hint]),
);

/**
 * Refuses an export of every page whose answer has more rows than the cap (422
 * `EXPORT_TOO_LARGE`), naming the filters of the query at `path` that narrow it. The count is of
 * the rows read, which stop at the cap + 1: past the cap the answer has "more than" it.
 */
export function assertWithinExportCap(path: string, totalCount: number): void {
  if (totalCount <= exportMaxRows) return;
  const hint = narrowingOfPath.get(path) ?? { cn: '收窄查询条件', en: 'narrower filters' };
  throw localizedError(
    'EXPORT_TOO_LARGE',
    422,
    {
      cn: `导出全部页最多 ${exportMaxRows} 行（${exportMaxPages} 页，每页 ${exportPageSize} 行），本次结果超过 ${exportMaxRows} 行；请${hint.cn}，或按页导出`,
      en: `An export of all pages holds at most ${exportMaxRows} rows (${exportMaxPages} pages of ${exportPageSize}); this answer has more. Ask with ${hint.en}, or export page by page`,
    },
    { maxRows: exportMaxRows },
  );
}
