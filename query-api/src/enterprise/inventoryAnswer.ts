import type { StockRow } from '@tradelog/projections/enterprise-data/queries';
import { localizedError } from '@tradelog/schemas';

/**
 * The inventory query's answer (query spec §5 "Inventory"), pure: from the stock folded from
 * documents (dataSource 10) or from the warehouse's own stock reports (dataSource 20).
 */

/** `*` asks for every goods id or warehouse; otherwise a comma list of goods ids, one warehouse. */
export function inventoryScope(request: { goodsId: string; warehouseId: string }): {
  goodsIds: string[] | null;
  warehouseId: string | null;
} {
  const goodsIds =
    request.goodsId.trim() === '*'
      ? null
      : request.goodsId
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean);
  const warehouseId = request.warehouseId.trim() === '*' ? null : request.warehouseId.trim();
  return { goodsIds, warehouseId };
}

/** The answer's envelope: its page by §5's names (pageNo, pageCount). */
export const inventoryAnswer = (
  page: { page: number; pageSize: number },
  dataSource: string,
  total: number,
  goodsList: Record<string, unknown>[],
) => ({
  totalCount: total,
  pageNo: page.page,
  pageSize: page.pageSize,
  pageCount: Math.ceil(total / page.pageSize),
  dataSource,
  goodsList,
});

/** customerName must be the owner's name where a stock report gives one (§3 "Inventory"). */
export function assertCustomerName(code: string, asked: string, known: readonly unknown[]): void {
  const names = known.filter((name): name is string => typeof name === 'string' && name.trim() !== '');
  if (names.length === 0 || names.some((name) => name.trim() === asked.trim())) return;
  throw localizedError('CUSTOMER_NAME_MISMATCH', 409, {
    cn: `customerName（客户名称）与仓库为货主 ${code} 报告的名称不符`,
    en: `customerName (Customer name) is not the name the warehouse reports for owner ${code}`,
  });
}

/** The lines of the warehouses' stock reports (dataSource 20) for the goods asked, each with its report. */
export function reportedStockLines(
  reports: readonly { content: Record<string, unknown> }[],
  goodsIds: readonly string[] | null,
) {
  return reports
    .flatMap((row) =>
      (Array.isArray(row.content.stockList) ? (row.content.stockList as Record<string, unknown>[]) : []).map(
        (line) => ({ report: row.content, line }),
      ),
    )
    .filter(({ line }) => goodsIds === null || goodsIds.includes(String(line.goodsId)));
}

/** A warehouse's reported stock line as §5 answers it. */
export const reportedStockOut = (
  customerCode: string,
  { report, line }: { report: Record<string, unknown>; line: Record<string, unknown> },
) => ({
  warehouseId: report.warehouseId,
  customerCode,
  capital: line.capital ?? null,
  goodsId: line.goodsId,
  goodsName: line.goodsName ?? null,
  barCode: line.barCode ?? null,
  batchCode: line.batchCode ?? null,
  warehouseTime: line.warehouseTime ?? null,
  productionTime: line.productionTime ?? null,
  expireTime: line.expireTime ?? null,
  realStockNum: line.realStockNum,
  realFrozenStockNum: line.realFrozenStockNum ?? null,
  lockStockNum: line.lockStockNum ?? null,
  stockType: line.stockType,
  snapshotTime: report.snapshotTime,
});

/** Stock folded from documents as §5 answers it, its capital from the article. */
export const stockOut = (
  customerCode: string,
  row: StockRow,
  articles: ReadonlyMap<string, Record<string, unknown>>,
) => ({
  warehouseId: row.warehouseId,
  customerCode,
  capital: articles.get(row.goodsId)?.capital ?? null,
  goodsId: row.goodsId,
  goodsName: row.goodsName,
  barCode: row.barCode,
  batchCode: row.batchCode,
  warehouseTime: row.firstInAt,
  productionTime: row.productionTime,
  expireTime: row.expireTime,
  realStockNum: row.qty,
  // No partner document carries frozen or locked stock: unknown, not 0 (dataSource 20 has them).
  realFrozenStockNum: null,
  lockStockNum: null,
  stockType: row.stockType,
});
