import type { WarehouseLineRow } from '@tradelog/projections/enterprise-data/queries';
import { numberOf, textOf } from './answerFields.ts';

/** The inbound and outbound details' rows (query spec §3), pure. */

/** A line's goods id, as the stock movements name it (processors/src/enterprise-data/reducer.ts). */
export const goodsIdOf = (line: Record<string, unknown>) =>
  textOf(line.entGoodsNo) ?? textOf(line.goodsNo) ?? textOf(line.barCode);

/** The goods numbers the lines name (goods id and bar code): the articles a page of details reads. */
export const detailGoodsNumbers = (lines: { rows: readonly WarehouseLineRow[] }) => [
  ...new Set(
    lines.rows.flatMap((row) =>
      [goodsIdOf(row.line), textOf(row.line.barCode)].filter((n): n is string => n !== undefined),
    ),
  ),
];

/**
 * One row of the inbound or outbound details (§3): the line as submitted, completed from the
 * article (goods import / goods sync) for what a warehouse line does not carry — brand,
 * categoryLevel1, a price when the line has none, production and expiry times. Quantities: an
 * inbound line's declared quantity (the tally's count is in the inventory), an outbound line's
 * actual quantity, else its declared one. Absent values are null, never invented.
 */
export function detailLine(
  direction: 'inbound' | 'outbound',
  row: WarehouseLineRow,
  goods: ReadonlyMap<string, Record<string, unknown>>,
) {
  const line = row.line;
  const goodsId = goodsIdOf(line) ?? null;
  const article = (goodsId ? goods.get(goodsId) : undefined) ?? goods.get(textOf(line.barCode) ?? '') ?? {};
  const qty =
    direction === 'inbound'
      ? (numberOf(line.declareQty) ?? numberOf(line.enterpriseQty))
      : (numberOf(line.actualQty) ?? numberOf(line.declareQty));
  return {
    entOrderNo: row.orderNo,
    warehouseId: row.warehouseId,
    warehouseTime: row.occurredAt,
    goodsId,
    barCode: textOf(line.barCode) ?? textOf(article.barCode) ?? null,
    goodsName: textOf(line.goodsName) ?? textOf(line.entGoodsName) ?? textOf(article.goodsName) ?? null,
    [direction === 'inbound' ? 'inputSkuNum' : 'outputSkuNum']: qty,
    lotNo: textOf(line.lotNo) ?? null,
    productionTime: textOf(line.productDate) ?? textOf(line.productionTime) ?? null,
    expireTime: textOf(line.expiryDate) ?? textOf(line.expDate) ?? null,
    price: numberOf(line.declareUnitPrice) ?? numberOf(line.price) ?? numberOf(article.recordPrice),
    brand: textOf(line.brand) ?? textOf(article.brand) ?? null,
    categoryLevel1: textOf(line.firstCategory) ?? textOf(article.firstCategory) ?? null,
  };
}
