import { type KeyLines, noKeyLines } from '@tradelog/projections/collateral/pledgeTables';
import type {
  Lookup,
  PledgeLine,
  PledgeMaps,
  PledgeOrder,
  PledgeState,
  ReceiptList,
  ReceiptValue,
} from './pledgeState.ts';

/**
 * Rule 1 of pledges.ts (processors/README.md "Release and coverage alerts", a receipt's stock): a
 * receipt's lines and the stock left behind them, the keys stock and receipts are kept under, and
 * which stock keys a batch must read for them.
 */

/** A goods and lot in one enterprise's warehouse, as enterprise data keeps stock (raw warehouse id). */
export const stockKeyOf = (
  enterprise: string,
  warehouseId: string | null,
  goodsId: string,
  batchCode: string,
) => JSON.stringify([enterprise, warehouseId ?? '', goodsId, batchCode]);

/** The distinct stock keys an order moves. */
export const stockKeysOf = (order: PledgeOrder) => [
  ...new Set(
    order.movements.map((m) => stockKeyOf(order.enterprise, order.warehouseId, m.goodsId, m.batchCode)),
  ),
];

/** An order's movements by stock key. */
export const linesOf = (order: Pick<PledgeOrder, 'enterprise' | 'warehouseId' | 'movements'>) =>
  order.movements.map((m) => ({
    stockKey: stockKeyOf(order.enterprise, order.warehouseId, m.goodsId, m.batchCode),
    qty: m.qty,
  }));

/** The receipts (JSON [enterprise, piece key]) of the given orders. */
export const receiptIdOf = (enterprise: string, pieceKey: string) => `${enterprise}\u0000${pieceKey}`;

/** A receipt id's enterprise and piece key (`receiptIdOf`; enterprise codes hold no NUL). */
export const receiptOfId = (id: string): [enterprise: string, pieceKey: string] => {
  const at = id.indexOf('\u0000');
  return [id.slice(0, at), id.slice(at + 1)];
};

/** Whether an order's movements count: an inbound's stop counting once a tally counts instead. */
export const effective = (order: PledgeOrder) => order.direction !== 'inbound' || !order.tallied;

/** Rule 1: the lines an order pledges to its receipt — an inbound's or a tally's that counts, each bringing goods in. */
export const pledgedLinesOf = (order: PledgeOrder): readonly PledgeLine[] =>
  order.receipt === null || order.direction === 'outbound' || !effective(order)
    ? []
    : order.movements.filter((line) => line.qty > 0);

/** Rule 1: a receipt's lines — its inbound's movements, or its tallies' once tallied — with their stock keys. */
export function receiptLines(
  state: Pick<PledgeState, 'orders' | 'receiptOrders'>,
  enterprise: string,
  pieceKey: string,
): { stockKey: string; qty: number; amount: number | null }[] {
  const lines: { stockKey: string; qty: number; amount: number | null }[] = [];
  for (const key of state.receiptOrders.get(receiptIdOf(enterprise, pieceKey)) ?? []) {
    const order = state.orders.get(key);
    if (order === undefined || order.receipt !== pieceKey || order.enterprise !== enterprise) continue;
    for (const line of pledgedLinesOf(order))
      lines.push({
        stockKey: stockKeyOf(enterprise, order.warehouseId, line.goodsId, line.batchCode),
        qty: line.qty,
        amount: line.amount,
      });
  }
  return lines;
}

/** A map line indexes and counts are written to: a batch's map, or a step's layer over it. */
type Indexed<V> = Lookup<string, V> & { set(key: string, value: V): unknown };

/**
 * Counts an order's pledged lines on their stock keys as the order starts (1) or stops (-1)
 * counting (`keyLines`): a key's largest line is kept as an upper bound while any line counts,
 * and forgotten when none does, so that a key whose receipts were all tallied elsewhere or
 * replaced is again one whose receipts need not be read.
 */
export function countKeyLines(keyLines: Indexed<KeyLines>, order: PledgeOrder, sign: 1 | -1): void {
  for (const line of pledgedLinesOf(order)) {
    const stockKey = stockKeyOf(order.enterprise, order.warehouseId, line.goodsId, line.batchCode);
    const kept = keyLines.get(stockKey) ?? noKeyLines;
    const lines = kept.lines + sign;
    keyLines.set(
      stockKey,
      lines <= 0 ? noKeyLines : { lines, maxQty: sign > 0 ? Math.max(kept.maxQty, line.qty) : kept.maxQty },
    );
  }
}

/** Rule 1: stock left behind lines, valued; unpriced lines counted (query-api portfolio `stockBehind`). */
export function stockLeft(
  lines: readonly { stockKey: string; qty: number; amount: number | null }[],
  balances: Lookup<string, number>,
) {
  let qty = 0;
  let value = 0;
  let unpricedLines = 0;
  const byKey = new Map<string, number>();
  for (const line of lines) {
    const left = Math.max(0, Math.min(balances.get(line.stockKey) ?? 0, line.qty));
    qty += left;
    byKey.set(line.stockKey, (byKey.get(line.stockKey) ?? 0) + left);
    if (line.amount === null) {
      if (left > 0) unpricedLines++;
    } else if (line.qty > 0) value += (line.amount * left) / line.qty;
  }
  return { qty, value, unpricedLines, byKey };
}

export const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** What the stock left behind a receipt is read from (rule 1). */
export type ReceiptValues = Pick<PledgeState, 'orders' | 'receiptOrders' | 'balances' | 'receiptValues'>;

/** Rule 1: the stock left behind a receipt, as kept (`receiptValues`) or from its lines. */
export function receiptValueOf(values: ReceiptValues, enterprise: string, pieceKey: string): ReceiptValue {
  return (
    values.receiptValues.get(receiptIdOf(enterprise, pieceKey)) ??
    stockLeft(receiptLines(values, enterprise, pieceKey), values.balances)
  );
}

/** A receipt's value in whole cents, rounded as the portfolio rounds it (rule 4 sums these). */
export const centsOf = (value: ReceiptValue) => Math.round(value.value * 100);

/**
 * The indexes of a set of orders and the value behind each receipt, for maps loaded whole (the
 * batch shell, once per batch): `receiptOrders`, `stockReceipts`, `receiptOnKey`,
 * `receiptValues` (`keyLines` is read as kept: the steps count it).
 */
export function indexOrders(maps: PledgeMaps): void {
  const ordersOf = new Map<string, Set<string>>();
  for (const order of maps.orders.values()) {
    if (order.receipt === null || order.direction === 'outbound') continue;
    const id = receiptIdOf(order.enterprise, order.receipt);
    const keys = ordersOf.get(id) ?? new Set(maps.receiptOrders.get(id) ?? []);
    keys.add(order.key);
    ordersOf.set(id, keys);
  }
  for (const [id, keys] of ordersOf) maps.receiptOrders.set(id, [...keys]);
  for (const id of ordersOf.keys()) {
    const [enterprise, pieceKey] = receiptOfId(id);
    for (const key of maps.receiptOrders.get(id) ?? []) {
      const order = maps.orders.get(key);
      if (order !== undefined) indexOrderLines(maps, order, id);
    }
    const left = stockLeft(receiptLines(maps, enterprise, pieceKey), maps.balances);
    maps.receiptValues.set(id, { qty: left.qty, value: left.value, unpricedLines: left.unpricedLines });
  }
}

/**
 * The stock keys whose receipts a batch must read: those it reports (rule 3c compares a report
 * with every receipt on the key), and those on which the stock left behind another receipt's
 * line may change. Stock left behind a line is the on-hand, never more than the line's quantity
 * (rule 1): it cannot change while the on-hand stays at or above every line's quantity on the
 * key (`keyLines`, an upper bound), and within a batch the on-hand moves by at most the sum of
 * the quantities of the lines the batch's orders, their earlier versions and the other orders of
 * their receipts hold on the key. Nor can another receipt's when every line counting on the key
 * is one of those orders' (`ownLines`: the batch reads their receipts anyway). A stock key many
 * receipts share (a goods kept without lots) then costs a batch its receipts only when its stock
 * runs low, and a key whose receipts were tallied onto other keys costs it none.
 */
export function stockKeysToRead(batch: {
  reported: Iterable<string>;
  lines: Iterable<{ stockKey: string; qty: number }>;
  balances: Lookup<string, number>;
  keyLines: Lookup<string, KeyLines>;
  /** The lines counting on each key that the batch's own orders, as kept, pledge (`pledgedLinesOf`). */
  ownLines: Lookup<string, number>;
}): Set<string> {
  const moved = new Map<string, { total: number; largest: number }>();
  for (const { stockKey, qty } of batch.lines) {
    const size = Math.abs(qty);
    const known = moved.get(stockKey) ?? { total: 0, largest: 0 };
    moved.set(stockKey, { total: known.total + size, largest: Math.max(known.largest, size) });
  }
  const read = new Set(batch.reported);
  for (const [stockKey, { total, largest }] of moved) {
    const kept = batch.keyLines.get(stockKey) ?? noKeyLines;
    if (kept.lines <= (batch.ownLines.get(stockKey) ?? 0)) continue;
    const lowest = (batch.balances.get(stockKey) ?? 0) - total;
    if (lowest < Math.max(kept.maxQty, largest)) read.add(stockKey);
  }
  return read;
}

/** How many pledged lines the given orders hold on each stock key (`stockKeysToRead`'s `ownLines`). */
export function pledgedLinesByKey(orders: Iterable<PledgeOrder>): Map<string, number> {
  const byKey = new Map<string, number>();
  for (const order of orders)
    for (const line of pledgedLinesOf(order)) {
      const stockKey = stockKeyOf(order.enterprise, order.warehouseId, line.goodsId, line.batchCode);
      byKey.set(stockKey, (byKey.get(stockKey) ?? 0) + 1);
    }
  return byKey;
}

/**
 * Indexes an order's lines under its receipt `id` (`receiptIdOf`): each stock key lists the
 * receipt once (`stockReceipts`, `receiptOnKey`).
 */
export function indexOrderLines(
  maps: { stockReceipts: Indexed<ReceiptList>; receiptOnKey: Indexed<true> },
  order: PledgeOrder,
  id: string,
): void {
  for (const line of order.movements) {
    const stockKey = stockKeyOf(order.enterprise, order.warehouseId, line.goodsId, line.batchCode);
    const onKey = JSON.stringify([stockKey, id]);
    if (!maps.receiptOnKey.has(onKey)) {
      maps.receiptOnKey.set(onKey, true);
      maps.stockReceipts.set(stockKey, { id, next: maps.stockReceipts.get(stockKey) });
    }
  }
}
