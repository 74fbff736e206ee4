import type { OrderFilter, OrderRow } from '@tradelog/projections/order-status/tables';
import { eventsInLogOrder, type RecordAsOf } from '../documents/asOf.ts';
import { type OrderStatusState, reduceOrderStatus } from './reducer.ts';
import { orderRow } from './rows.ts';

/**
 * An enterprise's orders as they stood at a past moment (query-api/README.md "As of a moment"):
 * the projection's own reducer (reduceOrderStatus: its status rules and history) folded from an
 * empty state over the enterprise's order records received by then, and `listOrders`
 * (projections/src/order-status/tables.ts) answered from the folded state as rows of the table.
 */
export type { RecordAsOf };

/** The state the projection held after exactly these records. */
export function orderStatusStateOf(records: readonly RecordAsOf[]): OrderStatusState {
  let state: OrderStatusState = new Map();
  for (const event of eventsInLogOrder(records)) state = reduceOrderStatus(state, event).state;
  return state;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The day after a 'yyyy-mm-dd' day (Postgres' `date + 1`). */
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * listOrders: one kind of order of an enterprise whose order time falls within [beginDate,
 * endDate], optionally one number or one platform, in the order they were first received (the
 * table numbers the orders first written in one batch by key instead: README "As of a moment").
 */
export function ordersAsOf(
  records: readonly RecordAsOf[],
  filter: OrderFilter & { limit: number; offset: number },
): { total: number; orders: OrderRow[] } {
  const end = dayAfter(filter.endDate);
  // A map keeps the place of a key first set: orders stand in the order first folded.
  const orders = [...orderStatusStateOf(records)]
    .map(([key, order]) => orderRow(key, order))
    .filter(
      (order) =>
        order.kind === filter.kind &&
        order.enterprise === filter.enterprise &&
        (filter.orderNo === undefined || order.orderNo === filter.orderNo) &&
        order.orderTime !== null &&
        compareText(order.orderTime, filter.beginDate) >= 0 &&
        compareText(order.orderTime, end) < 0 &&
        (filter.cbepcomName === undefined || order.fields.cbepcomName === filter.cbepcomName),
    );
  return { total: orders.length, orders: orders.slice(filter.offset, filter.offset + filter.limit) };
}

/** monthlyOrderCounts: orders placed per month (the order time's yyyy-MM) and kind, months in [fromMonth, toMonth]. */
export function monthlyOrderCountsAsOf(
  records: readonly RecordAsOf[],
  filter: { enterprise: string; fromMonth: string; toMonth: string },
): { month: string; kind: string; orders: number }[] {
  const counts = new Map<string, { month: string; kind: string; orders: number }>();
  for (const [key, order] of orderStatusStateOf(records)) {
    const { orderTime, kind, enterprise } = orderRow(key, order);
    if (enterprise !== filter.enterprise || orderTime === null) continue;
    const month = orderTime.slice(0, 7);
    if (compareText(orderTime, filter.fromMonth) < 0 || compareText(month, filter.toMonth) > 0) continue;
    const id = `${month}|${kind}`;
    counts.set(id, { month, kind, orders: (counts.get(id)?.orders ?? 0) + 1 });
  }
  return [...counts.values()].sort((a, b) => compareText(a.month, b.month) || compareText(a.kind, b.kind));
}
