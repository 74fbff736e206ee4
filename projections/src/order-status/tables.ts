import type { Provenance } from '@tradelog/schemas/kit/log/provenance';
import { ident, type PageRequest, pagedSelect, pagedTotal, type Queryable } from '../db.ts';
import { type Column, writeRecordset } from '../recordsets.ts';

/** Order status tables (one row per order; the history travels with it as a JSON array). */
export async function createOrderStatusTables(db: Queryable, schema: string): Promise<void> {
  const s = ident(schema);
  await db.query(`
    CREATE TABLE IF NOT EXISTS ${s}.orders (
      order_key text PRIMARY KEY,
      kind text NOT NULL,
      enterprise text NOT NULL,
      order_no text NOT NULL,
      status text NOT NULL,
      effective_time text,
      order_time text,
      content_sha256 text NOT NULL,
      fields jsonb NOT NULL,
      provenance jsonb NOT NULL,
      history jsonb NOT NULL
    );
    -- Arrival order, for paging (query spec §7: keep asking until a page is short): a new order
    -- takes the next number, an updated one keeps its own, so pages already read never shift.
    ALTER TABLE ${s}.orders ADD COLUMN IF NOT EXISTS seq bigserial;
    CREATE INDEX IF NOT EXISTS orders_enterprise ON ${s}.orders (kind, enterprise, order_time, order_no);`);
}

/**
 * An order's state as the order-status processor folds it (processors/src/order-status/reducer.ts,
 * its rules) and its row here are one declaration: the row is the state with the two columns
 * the table adds, so neither is cast into the other.
 */
export const orderKinds = ['purchase', 'saleOrderToB', 'saleOrderToC'] as const;
export type OrderKind = (typeof orderKinds)[number];
/** The submitted codes, or `none` when a document gives no status (the spec marks it optional). */
export type OrderStatus = '10' | '20' | '30' | 'none';

export type HistoryOutcome = 'applied' | 'amended' | 'rejected-terminal' | 'rejected-stale';

export interface HistoryEntry {
  status: OrderStatus;
  outcome: HistoryOutcome;
  effectiveTime: string | null;
  contentSha256: string;
  documentId: string;
  position: string;
  receivedAt: string;
}

export interface OrderState {
  kind: OrderKind;
  enterprise: string;
  orderNo: string;
  status: OrderStatus;
  effectiveTime: string | null;
  contentSha256: string;
  fields: Readonly<Record<string, unknown>>;
  provenance: Provenance;
  history: readonly HistoryEntry[];
}

/** The row: the state, its key, and the date the order queries filter on. */
export type OrderRow = OrderState & { orderKey: string; orderTime: string | null };

// biome-ignore lint/suspicious/noExplicitAny: a pg row
const toOrder = (row: any): OrderRow => ({
  orderKey: row.order_key,
  kind: row.kind,
  enterprise: row.enterprise,
  orderNo: row.order_no,
  status: row.status,
  effectiveTime: row.effective_time,
  orderTime: row.order_time,
  contentSha256: row.content_sha256,
  fields: row.fields,
  provenance: row.provenance,
  history: row.history,
});

export async function findOrders(
  db: Queryable,
  schema: string,
  orderKeys: readonly string[],
): Promise<OrderRow[]> {
  const { rows } = await db.query(`SELECT * FROM ${ident(schema)}.orders WHERE order_key = ANY($1)`, [
    orderKeys,
  ]);
  return rows.map(toOrder);
}

/** Writes a batch's changed orders with one statement (rows in key order: concurrent writers never deadlock). */
export async function upsertOrders(
  db: Queryable,
  schema: string,
  orders: readonly OrderRow[],
): Promise<void> {
  await writeRecordset(
    db,
    {
      table: `${ident(schema)}.orders`,
      key: ['order_key'],
      columns: orderColumns,
      // An order's key names its kind, enterprise and number: those stay as first written.
      onConflict: {
        update: [
          'status',
          'effective_time',
          'order_time',
          'content_sha256',
          'fields',
          'provenance',
          'history',
        ],
      },
      // In the caller's key order: `seq` numbers new orders in it.
      order: 'given',
    },
    orders,
  );
}

const orderColumns: readonly Column<OrderRow>[] = [
  ['order_key', 'text', (order) => order.orderKey],
  ['kind', 'text', (order) => order.kind],
  ['enterprise', 'text', (order) => order.enterprise],
  ['order_no', 'text', (order) => order.orderNo],
  ['status', 'text', (order) => order.status],
  ['effective_time', 'text', (order) => order.effectiveTime],
  ['order_time', 'text', (order) => order.orderTime],
  ['content_sha256', 'text', (order) => order.contentSha256],
  ['fields', 'jsonb', (order) => order.fields],
  ['provenance', 'jsonb', (order) => order.provenance],
  ['history', 'jsonb', (order) => order.history],
];

/**
 * Orders of one enterprise for the purchase / sales queries (query spec §3): order time within
 * [beginDate, endDate] (dates inclusive), optionally one order number, paged in arrival order
 * (`seq`) so that paging until a short page holds while orders keep arriving.
 */
/** Orders placed per month (`order_time`'s yyyy-MM) and kind, for an enterprise's trend; months in [fromMonth, toMonth]. */
export async function monthlyOrderCounts(
  db: Queryable,
  schema: string,
  filter: { enterprise: string; fromMonth: string; toMonth: string },
): Promise<{ month: string; kind: string; orders: number }[]> {
  const { rows } = await db.query(
    `SELECT substr(order_time, 1, 7) AS month, kind, count(*) AS orders FROM ${ident(schema)}.orders
     WHERE enterprise = $1 AND order_time >= $2 AND substr(order_time, 1, 7) <= $3
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [filter.enterprise, filter.fromMonth, filter.toMonth],
  );
  return rows.map((row) => ({ month: row.month, kind: row.kind, orders: Number(row.orders) }));
}

/** Which orders listOrders reads; ordersAsOf (processors/src/order-status/asOf.ts) takes the same. */
export interface OrderFilter {
  kind: string;
  enterprise: string;
  orderNo?: string;
  beginDate: string;
  endDate: string;
  cbepcomName?: string;
}

export async function listOrders(
  db: Queryable,
  schema: string,
  filter: OrderFilter & PageRequest,
): Promise<{ total: number; orders: OrderRow[] }> {
  const { rows } = await db.query(
    pagedSelect(
      '*',
      `FROM ${ident(schema)}.orders
       WHERE kind = $1 AND enterprise = $2 AND ($3::text IS NULL OR order_no = $3)
         AND order_time >= $4 AND order_time < ($5::date + 1)::text
         AND ($6::text IS NULL OR fields->>'cbepcomName' = $6)
       ORDER BY seq LIMIT $7 OFFSET $8`,
      filter.bounded,
    ),
    [
      filter.kind,
      filter.enterprise,
      filter.orderNo ?? null,
      filter.beginDate,
      filter.endDate,
      filter.cbepcomName ?? null,
      filter.limit,
      filter.offset,
    ],
  );
  return { total: pagedTotal(rows), orders: rows.map(toOrder) };
}
