import type { EnterpriseTrendMonth } from '@tradelog/schemas/queries/requests';
import { ident, type PageRequest, pagedSelect, pagedTotal, type Queryable } from '../db.ts';
import type { Movement } from './movements.ts';
import {
  type DeclarationRow,
  type GoodsRow,
  toDeclaration,
  toGoods,
  toWarehouseOrder,
  type WarehouseOrderRow,
} from './tables.ts';

/** Read queries of the enterprise data queries (query spec §3, §7), one per statement. */

/** Customs declarations of an enterprise as owner (10) or declaring firm (20), from one data source, in a date range. */
export async function listDeclarations(
  db: Queryable,
  schema: string,
  filter: {
    enterprise: string;
    enterpriseType: '10' | '20';
    dataSource: '10' | '20';
    startDate: string;
    endDate: string;
  } & PageRequest,
): Promise<{ total: number; rows: DeclarationRow[] }> {
  const column = filter.enterpriseType === '10' ? 'owner_code' : 'declare_code';
  const { rows } = await db.query(
    pagedSelect(
      '*',
      `FROM ${ident(schema)}.declarations
       WHERE ${column} = $1 AND data_source = $2 AND declare_time >= $3 AND declare_time < ($4::date + 1)::text
       ORDER BY declare_time, declaration_key LIMIT $5 OFFSET $6`,
      filter.bounded,
    ),
    [filter.enterprise, filter.dataSource, filter.startDate, filter.endDate, filter.limit, filter.offset],
  );
  return {
    total: pagedTotal(rows),
    rows: rows.map(toDeclaration),
  };
}

/** Goods of an enterprise, optionally only those updated since a time. */
export async function listGoods(
  db: Queryable,
  schema: string,
  filter: { enterprise: string; since?: string } & PageRequest,
): Promise<{ total: number; rows: GoodsRow[] }> {
  const { rows } = await db.query(
    pagedSelect(
      '*',
      `FROM ${ident(schema)}.goods
       WHERE enterprise = $1 AND ($2::timestamptz IS NULL OR updated_at >= $2)
       ORDER BY goods_no LIMIT $3 OFFSET $4`,
      filter.bounded,
    ),
    [filter.enterprise, filter.since ?? null, filter.limit, filter.offset],
  );
  return {
    total: pagedTotal(rows),
    rows: rows.map(toGoods),
  };
}

/** A warehouse's stock of one goods, batch and stock type: its movements summed. */
export interface StockRow extends Omit<Movement, 'amount'> {
  warehouseId: string;
  firstInAt: string | null;
}

/** Current stock per warehouse, goods, batch and stock type, from the movements that count. */
export async function listStock(
  db: Queryable,
  schema: string,
  filter: {
    enterprise: string;
    warehouseId: string | null;
    goodsIds: readonly string[] | null;
  } & PageRequest,
): Promise<{ total: number; rows: StockRow[] }> {
  const { rows } = await db.query(
    pagedSelect(
      `warehouse_id, goods_id, max(goods_name) AS goods_name, max(bar_code) AS bar_code, batch_code, stock_type,
       sum(qty) AS qty, min(occurred_at) FILTER (WHERE qty > 0) AS first_in_at, max(production_time) AS production_time,
       max(expire_time) AS expire_time`,
      `FROM ${ident(schema)}.stock_movements
       WHERE enterprise = $1 AND effective AND ($2::text IS NULL OR warehouse_id = $2) AND ($3::text[] IS NULL OR goods_id = ANY($3))
       GROUP BY warehouse_id, goods_id, batch_code, stock_type
       ORDER BY warehouse_id, goods_id, batch_code, stock_type LIMIT $4 OFFSET $5`,
      filter.bounded,
    ),
    [filter.enterprise, filter.warehouseId, filter.goodsIds, filter.limit, filter.offset],
  );
  return {
    total: pagedTotal(rows),
    rows: rows.map((row) => ({
      warehouseId: row.warehouse_id,
      goodsId: row.goods_id,
      goodsName: row.goods_name,
      barCode: row.bar_code,
      batchCode: row.batch_code,
      stockType: row.stock_type,
      qty: Number(row.qty),
      firstInAt: row.first_in_at,
      productionTime: row.production_time,
      expireTime: row.expire_time,
    })),
  };
}

export interface WarehouseSummaryRow {
  inputQty: number;
  inputAmount: number;
  inputSkuNum: number;
  outputQty: number;
  outputAmount: number;
  outputSkuNum: number;
  inventoryQty: number;
  inventoryAmount: number;
  inventorySkuNum: number;
  /** Lines behind each amount that state no price: the amount covers the priced lines only. */
  inputUnpricedLines: number;
  outputUnpricedLines: number;
  inventoryUnpricedLines: number;
}

/**
 * Inputs and outputs within [from, to) and the inventory standing at `to` (times as 'yyyy-mm-dd').
 * Amounts add the lines that state a price; lines without one are counted beside each amount
 * (query spec §3 gives the amounts, not how an unpriced line is valued; we value none).
 */
export async function warehouseSummary(
  db: Queryable,
  schema: string,
  filter: { enterprise: string; from: string; to: string },
): Promise<WarehouseSummaryRow> {
  const { rows } = await db.query(
    `WITH m AS (SELECT * FROM ${ident(schema)}.stock_movements WHERE enterprise = $1 AND effective AND occurred_at < $3),
     stock AS (SELECT goods_id, sum(qty) AS qty, sum(amount) AS amount, count(*) FILTER (WHERE amount IS NULL) AS unpriced
       FROM m GROUP BY goods_id)
     SELECT
       coalesce(sum(qty) FILTER (WHERE qty > 0 AND occurred_at >= $2), 0) AS input_qty,
       coalesce(sum(amount) FILTER (WHERE qty > 0 AND occurred_at >= $2), 0) AS input_amount,
       count(DISTINCT goods_id) FILTER (WHERE qty > 0 AND occurred_at >= $2) AS input_sku,
       coalesce(-sum(qty) FILTER (WHERE qty < 0 AND occurred_at >= $2), 0) AS output_qty,
       coalesce(-sum(amount) FILTER (WHERE qty < 0 AND occurred_at >= $2), 0) AS output_amount,
       count(DISTINCT goods_id) FILTER (WHERE qty < 0 AND occurred_at >= $2) AS output_sku,
       (SELECT coalesce(sum(qty), 0) FROM stock) AS inventory_qty,
       (SELECT coalesce(sum(amount), 0) FROM stock) AS inventory_amount,
       (SELECT count(*) FROM stock WHERE qty > 0) AS inventory_sku,
       count(*) FILTER (WHERE qty > 0 AND occurred_at >= $2 AND amount IS NULL) AS input_unpriced,
       count(*) FILTER (WHERE qty < 0 AND occurred_at >= $2 AND amount IS NULL) AS output_unpriced,
       (SELECT coalesce(sum(unpriced), 0) FROM stock) AS inventory_unpriced
     FROM m`,
    [filter.enterprise, filter.from, filter.to],
  );
  const row = rows[0];
  return {
    inputQty: Number(row.input_qty),
    inputAmount: Number(row.input_amount),
    inputSkuNum: Number(row.input_sku),
    outputQty: Number(row.output_qty),
    outputAmount: Number(row.output_amount),
    outputSkuNum: Number(row.output_sku),
    inventoryQty: Number(row.inventory_qty),
    inventoryAmount: Number(row.inventory_amount),
    inventorySkuNum: Number(row.inventory_sku),
    inputUnpricedLines: Number(row.input_unpriced),
    outputUnpricedLines: Number(row.output_unpriced),
    inventoryUnpricedLines: Number(row.inventory_unpriced),
  };
}

/**
 * A month of the enterprise trend as enterprise data counts it: the stock movements and the
 * month-end stock (every effective movement up to it, as warehouseSummary counts it); the order
 * counts come from order-status (query-api/src/enterprise/trend.ts).
 */
export type MonthlyStockRow = Omit<
  EnterpriseTrendMonth,
  'purchaseOrders' | 'salesToBusiness' | 'salesToConsumer'
>;

/**
 * An enterprise's stock movements per month through `toMonth` (yyyy-MM), with the running stock
 * at each month's end; months without movements are absent (the caller carries the stock over).
 */
export async function monthlyStockMovements(
  db: Queryable,
  schema: string,
  filter: { enterprise: string; toMonth: string },
): Promise<MonthlyStockRow[]> {
  const { rows } = await db.query(
    `WITH per AS (
       SELECT substr(occurred_at, 1, 7) AS month,
         coalesce(sum(qty) FILTER (WHERE qty > 0), 0) AS input_qty,
         coalesce(sum(amount) FILTER (WHERE qty > 0), 0) AS input_amount,
         coalesce(-sum(qty) FILTER (WHERE qty < 0), 0) AS output_qty,
         coalesce(-sum(amount) FILTER (WHERE qty < 0), 0) AS output_amount,
         sum(qty) AS net_qty, sum(amount) AS net_amount,
         count(*) FILTER (WHERE qty > 0 AND amount IS NULL) AS input_unpriced,
         count(*) FILTER (WHERE qty < 0 AND amount IS NULL) AS output_unpriced,
         count(*) FILTER (WHERE amount IS NULL) AS unpriced
       FROM ${ident(schema)}.stock_movements
       WHERE enterprise = $1 AND effective AND occurred_at IS NOT NULL AND substr(occurred_at, 1, 7) <= $2
       GROUP BY 1)
     SELECT month, input_qty, input_amount, output_qty, output_amount, input_unpriced, output_unpriced,
       sum(net_qty) OVER (ORDER BY month) AS inventory_qty, sum(net_amount) OVER (ORDER BY month) AS inventory_amount,
       sum(unpriced) OVER (ORDER BY month) AS inventory_unpriced
     FROM per ORDER BY month`,
    [filter.enterprise, filter.toMonth],
  );
  return rows.map((row) => ({
    month: row.month,
    inputQty: Number(row.input_qty),
    inputAmount: Number(row.input_amount),
    outputQty: Number(row.output_qty),
    outputAmount: Number(row.output_amount),
    inventoryQty: Number(row.inventory_qty),
    inventoryAmount: Number(row.inventory_amount),
    inputUnpricedLines: Number(row.input_unpriced),
    outputUnpricedLines: Number(row.output_unpriced),
    inventoryUnpricedLines: Number(row.inventory_unpriced),
  }));
}

/** An enterprise's inbound or outbound orders within [from, to), a page of them. */
export interface WarehouseOrderFilter extends PageRequest {
  enterprise: string;
  direction: 'inbound' | 'outbound';
  from: string;
  to: string;
}

/** Inbound or outbound orders of an enterprise within [from, to), with their lines as submitted. */
export async function listWarehouseOrders(
  db: Queryable,
  schema: string,
  filter: WarehouseOrderFilter,
): Promise<{ total: number; rows: WarehouseOrderRow[] }> {
  const { rows } = await db.query(
    pagedSelect(
      '*',
      `FROM ${ident(schema)}.warehouse_orders
       WHERE enterprise = $1 AND direction = $2 AND occurred_at >= $3 AND occurred_at < $4
       ORDER BY occurred_at, order_no LIMIT $5 OFFSET $6`,
      filter.bounded,
    ),
    [filter.enterprise, filter.direction, filter.from, filter.to, filter.limit, filter.offset],
  );
  return {
    total: pagedTotal(rows),
    rows: rows.map(toWarehouseOrder),
  };
}

export interface WarehouseLineRow {
  orderNo: string;
  warehouseId: string | null;
  occurredAt: string | null;
  lineNo: number;
  line: Record<string, unknown>;
}

/**
 * The lines of an enterprise's inbound or outbound orders within [from, to), one row per goods
 * line as submitted, in arrival order of their orders (`seq`), so that a client paging until a
 * short page neither misses nor repeats a line while documents keep arriving.
 */
export async function listWarehouseLines(
  db: Queryable,
  schema: string,
  filter: WarehouseOrderFilter,
): Promise<{ total: number; rows: WarehouseLineRow[] }> {
  const { rows } = await db.query(
    pagedSelect(
      'o.order_no, o.warehouse_id, o.occurred_at, l.line_no, l.line',
      `FROM ${ident(schema)}.warehouse_orders o
     CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(o.fields->'goodsList') = 'array'
       THEN o.fields->'goodsList' ELSE '[]'::jsonb END) WITH ORDINALITY AS l(line, line_no)
     WHERE o.enterprise = $1 AND o.direction = $2 AND o.occurred_at >= $3 AND o.occurred_at < $4
     ORDER BY o.seq, l.line_no LIMIT $5 OFFSET $6`,
      filter.bounded,
    ),
    [filter.enterprise, filter.direction, filter.from, filter.to, filter.limit, filter.offset],
  );
  return {
    total: pagedTotal(rows),
    rows: rows.map((row) => ({
      orderNo: row.order_no,
      warehouseId: row.warehouse_id,
      occurredAt: row.occurred_at,
      lineNo: Number(row.line_no),
      line: row.line,
    })),
  };
}

/** Goods of an enterprise by their numbers (the details' brand, category and price). */
export async function findGoodsOf(
  db: Queryable,
  schema: string,
  enterprise: string,
  goodsNos: readonly string[],
): Promise<GoodsRow[]> {
  if (goodsNos.length === 0) return [];
  const { rows } = await db.query(
    `SELECT * FROM ${ident(schema)}.goods WHERE enterprise = $1 AND goods_no = ANY($2)`,
    [enterprise, goodsNos],
  );
  return rows.map(toGoods);
}

/** A line of goods a warehouse receipt brought in, and how much of its goods and lot is in stock now. */
export interface ReceiptLine {
  /** The receipt: its inbound document (record key on its topic) of its enterprise. */
  enterprise: string;
  topic: string;
  recordKey: string;
  warehouseId: string;
  goodsId: string;
  batchCode: string;
  /** What the line brought in, and its value (null: the line states no price). */
  qty: number;
  amount: number | null;
  /** The goods and lot's stock in the warehouse now (every effective movement). */
  onHand: number;
}

/**
 * The lines behind warehouse receipts (query-api/README.md "Portfolio"): each receipt's inbound
 * order, or the tallies that replaced its lines once it was tallied, with the stock of each
 * line's goods and lot in its warehouse now.
 */
export async function findReceiptLines(
  db: Queryable,
  schema: string,
  receipts: readonly { enterprise: string; topic: string; recordKey: string }[],
): Promise<ReceiptLine[]> {
  // Run even for no receipts: a read over a projection is one statement (query-api's readLive).
  const s = ident(schema);
  const { rows } = await db.query(
    `WITH r AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS r(enterprise, topic, record_key)),
     inbound AS (
       SELECT r.enterprise, r.topic, r.record_key, o.order_no, o.warehouse_id FROM r
       JOIN ${s}.warehouse_orders o ON o.enterprise = r.enterprise AND o.direction = 'inbound'
         AND o.provenance->>'topic' = r.topic AND o.provenance->>'recordKey' = r.record_key),
     orders AS (
       SELECT i.enterprise, i.topic, i.record_key, o.order_key FROM inbound i
       JOIN ${s}.warehouse_orders o ON o.enterprise = i.enterprise AND (
         (o.direction = 'inbound' AND o.order_no = i.order_no AND o.warehouse_id IS NOT DISTINCT FROM i.warehouse_id)
         OR (o.direction = 'tally' AND o.inbound_order_no = i.order_no))),
     lines AS (
       SELECT o.enterprise, o.topic, o.record_key, m.warehouse_id, m.goods_id, m.batch_code, m.qty, m.amount FROM orders o
       JOIN ${s}.stock_movements m ON m.order_key = o.order_key AND m.effective AND m.qty > 0)
     SELECT l.*, (SELECT coalesce(sum(h.qty), 0) FROM ${s}.stock_movements h
         WHERE h.enterprise = l.enterprise AND h.warehouse_id = l.warehouse_id AND h.goods_id = l.goods_id
           AND h.batch_code = l.batch_code AND h.effective) AS on_hand
     FROM lines l ORDER BY l.enterprise, l.topic, l.record_key, l.goods_id, l.batch_code`,
    [receipts.map((r) => r.enterprise), receipts.map((r) => r.topic), receipts.map((r) => r.recordKey)],
  );
  return rows.map((row) => ({
    enterprise: row.enterprise,
    topic: row.topic,
    recordKey: row.record_key,
    warehouseId: row.warehouse_id,
    goodsId: row.goods_id,
    batchCode: row.batch_code,
    qty: Number(row.qty),
    amount: row.amount === null ? null : Number(row.amount),
    onHand: Number(row.on_hand),
  }));
}
