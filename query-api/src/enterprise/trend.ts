import type { MonthlyStockRow } from '@tradelog/projections/enterprise-data/queries';
import { localizedError } from '@tradelog/schemas';
import type { EnterpriseTrendMonth } from '@tradelog/schemas/queries/requests';

/**
 * An enterprise's monthly trend (query-api/README.md "Enterprise trend"), pure: the months asked
 * for, each with the orders placed in it (order-status projection) and the stock movements and
 * month-end stock (enterprise-data projection). Months without data are there with zero orders
 * and movements and the stock carried over — nothing is estimated.
 */
export const trendMonthLimit = 24;

/** The months from `from` to `to` (yyyy-MM), both included; at most `trendMonthLimit`. */
export function monthsBetween(from: string, to: string): string[] {
  const index = (month: string) => {
    const [year, m] = month.split('-').map(Number) as [number, number];
    return year * 12 + (m - 1);
  };
  const count = index(to) - index(from) + 1;
  if (count < 1 || count > trendMonthLimit)
    throw localizedError('VALIDATION_FAILED', 400, {
      cn: `toMonth 不得早于 fromMonth，且最多 ${trendMonthLimit} 个月`,
      en: `toMonth must not be before fromMonth, and at most ${trendMonthLimit} months apart`,
    });
  return Array.from({ length: count }, (_, n) => {
    const at = index(from) + n;
    return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`;
  });
}

const orderField = {
  purchase: 'purchaseOrders',
  saleOrderToB: 'salesToBusiness',
  saleOrderToC: 'salesToConsumer',
} as const;

export function trendOf(
  months: readonly string[],
  orders: readonly { month: string; kind: string; orders: number }[],
  stock: readonly MonthlyStockRow[],
): EnterpriseTrendMonth[] {
  const byMonth = new Map(stock.map((row) => [row.month, row]));
  // The stock before the first month: the last month-end at or before it.
  let carried = { inventoryQty: 0, inventoryAmount: 0, inventoryUnpricedLines: 0 };
  for (const row of stock) if (row.month < months[0]!) carried = row;
  return months.map((month) => {
    const movements = byMonth.get(month);
    if (movements) carried = movements;
    const counts = { purchaseOrders: 0, salesToBusiness: 0, salesToConsumer: 0 };
    for (const row of orders) {
      const field = orderField[row.kind as keyof typeof orderField];
      if (row.month === month && field) counts[field] += row.orders;
    }
    return {
      month,
      ...counts,
      inputQty: movements?.inputQty ?? 0,
      inputAmount: movements?.inputAmount ?? 0,
      outputQty: movements?.outputQty ?? 0,
      outputAmount: movements?.outputAmount ?? 0,
      inventoryQty: carried.inventoryQty,
      inventoryAmount: carried.inventoryAmount,
      inputUnpricedLines: movements?.inputUnpricedLines ?? 0,
      outputUnpricedLines: movements?.outputUnpricedLines ?? 0,
      inventoryUnpricedLines: carried.inventoryUnpricedLines,
    };
  });
}
