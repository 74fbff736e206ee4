import type { Provenance } from '@tradelog/schemas/kit/log/provenance';
import { ident, type Queryable } from '../db.ts';
import { type Column, writeRecordset } from '../recordsets.ts';

/** Enterprise data tables: declarations, goods, warehouse orders and their stock movements. */
export async function createEnterpriseDataTables(db: Queryable, schema: string): Promise<void> {
  const s = ident(schema);
  await db.query(`
    CREATE TABLE IF NOT EXISTS ${s}.declarations (
      declaration_key text PRIMARY KEY,
      data_source text NOT NULL,
      owner_code text,
      declare_code text,
      order_no text NOT NULL,
      entry_no text,
      ie_flag text,
      declare_time text,
      fields jsonb NOT NULL,
      provenance jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS declarations_owner ON ${s}.declarations (owner_code, data_source, declare_time);
    CREATE INDEX IF NOT EXISTS declarations_declarer ON ${s}.declarations (declare_code, data_source, declare_time);
    CREATE TABLE IF NOT EXISTS ${s}.goods (
      goods_key text PRIMARY KEY,
      enterprise text NOT NULL,
      goods_no text NOT NULL,
      sources jsonb NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS goods_enterprise ON ${s}.goods (enterprise, goods_no);
    CREATE TABLE IF NOT EXISTS ${s}.warehouse_orders (
      order_key text PRIMARY KEY,
      direction text NOT NULL,
      enterprise text NOT NULL,
      order_no text NOT NULL,
      warehouse_id text,
      warehouse_name text,
      occurred_at text,
      inbound_order_no text,
      tallied boolean NOT NULL,
      fields jsonb NOT NULL,
      provenance jsonb NOT NULL
    );
    -- Arrival order, for paging (query spec §7: keep asking until a page is short): a new order
    -- takes the next number, a corrected one keeps its own, so pages already read never shift.
    ALTER TABLE ${s}.warehouse_orders ADD COLUMN IF NOT EXISTS seq bigserial;
    CREATE INDEX IF NOT EXISTS warehouse_orders_period ON ${s}.warehouse_orders (enterprise, direction, occurred_at);
    CREATE INDEX IF NOT EXISTS warehouse_orders_tally ON ${s}.warehouse_orders (enterprise, inbound_order_no) WHERE direction = 'tally';
    CREATE TABLE IF NOT EXISTS ${s}.stock_movements (
      order_key text NOT NULL,
      line_no integer NOT NULL,
      enterprise text NOT NULL,
      warehouse_id text NOT NULL,
      goods_id text NOT NULL,
      goods_name text,
      bar_code text,
      batch_code text NOT NULL,
      stock_type text NOT NULL,
      qty numeric NOT NULL,
      amount numeric,
      occurred_at text,
      production_time text,
      expire_time text,
      effective boolean NOT NULL,
      PRIMARY KEY (order_key, line_no)
    );
    -- A line without a price has no amount (null, not 0): the summary counts it as unpriced.
    ALTER TABLE ${s}.stock_movements ALTER COLUMN amount DROP NOT NULL;
    CREATE INDEX IF NOT EXISTS stock_movements_stock ON ${s}.stock_movements (enterprise, warehouse_id, goods_id);`);
}

export interface DeclarationRow {
  declarationKey: string;
  /** Query spec §3 dataSource: 10 port verification (check notes), 20 declaring firm (clearance). */
  dataSource: '10' | '20';
  ownerCode: string | null;
  declareCode: string | null;
  orderNo: string;
  entryNo: string | null;
  ieFlag: string | null;
  declareTime: string | null;
  fields: Record<string, unknown>;
  provenance: Record<string, unknown>;
}

export interface GoodsRow {
  goodsKey: string;
  enterprise: string;
  goodsNo: string;
  /** Fields and provenance per source document type; merged when read (later received wins). */
  sources: Record<string, { fields: Record<string, unknown>; provenance: Record<string, unknown> }>;
  updatedAt: string;
}

export type Direction = 'inbound' | 'outbound' | 'tally';

export interface WarehouseOrderRow {
  orderKey: string;
  direction: Direction;
  enterprise: string;
  orderNo: string;
  warehouseId: string | null;
  warehouseName: string | null;
  occurredAt: string | null;
  /** A tally's inbound order; null otherwise. */
  inboundOrderNo: string | null;
  /** An inbound's declared quantities count until a tally of it reports what really arrived. */
  tallied: boolean;
  fields: Record<string, unknown>;
  provenance: Provenance;
}

/**
 * An article's fields, merged from its sources (goods import, goods sync): the later received
 * wins, so a rebuild reading the two topics in another interleaving shows the same article.
 */
export function mergedGoodsFields(row: Pick<GoodsRow, 'sources'>): Record<string, unknown> {
  const sources = Object.entries(row.sources).sort(
    ([typeA, a], [typeB, b]) =>
      String(a.provenance.receivedAt).localeCompare(String(b.provenance.receivedAt)) ||
      typeA.localeCompare(typeB),
  );
  return Object.assign({}, ...sources.map(([, source]) => source.fields));
}

/** Row mappers from the tables' snake_case columns, shared by the writers and the read queries. */
// biome-ignore lint/suspicious/noExplicitAny: pg rows
export const toDeclaration = (row: any): DeclarationRow => ({
  declarationKey: row.declaration_key,
  dataSource: row.data_source,
  ownerCode: row.owner_code,
  declareCode: row.declare_code,
  orderNo: row.order_no,
  entryNo: row.entry_no,
  ieFlag: row.ie_flag,
  declareTime: row.declare_time,
  fields: row.fields,
  provenance: row.provenance,
});
// biome-ignore lint/suspicious/noExplicitAny: pg rows
export const toGoods = (row: any): GoodsRow => ({
  goodsKey: row.goods_key,
  enterprise: row.enterprise,
  goodsNo: row.goods_no,
  sources: row.sources,
  updatedAt: row.updated_at.toISOString(),
});
// biome-ignore lint/suspicious/noExplicitAny: pg rows
export const toWarehouseOrder = (row: any): WarehouseOrderRow => ({
  orderKey: row.order_key,
  direction: row.direction,
  enterprise: row.enterprise,
  orderNo: row.order_no,
  warehouseId: row.warehouse_id,
  warehouseName: row.warehouse_name,
  occurredAt: row.occurred_at,
  inboundOrderNo: row.inbound_order_no,
  tallied: row.tallied,
  fields: row.fields,
  provenance: row.provenance,
});

export async function findDeclarations(
  db: Queryable,
  schema: string,
  keys: readonly string[],
): Promise<DeclarationRow[]> {
  const { rows } = await db.query(
    `SELECT * FROM ${ident(schema)}.declarations WHERE declaration_key = ANY($1)`,
    [keys],
  );
  return rows.map(toDeclaration);
}

/** A declaration's source, enterprise and order number are its key's parts. */
const declarationColumns: readonly Column<DeclarationRow>[] = [
  ['declaration_key', 'text', (row) => row.declarationKey],
  ['data_source', 'text', (row) => row.dataSource],
  ['owner_code', 'text', (row) => row.ownerCode],
  ['declare_code', 'text', (row) => row.declareCode],
  ['order_no', 'text', (row) => row.orderNo],
  ['entry_no', 'text', (row) => row.entryNo],
  ['ie_flag', 'text', (row) => row.ieFlag],
  ['declare_time', 'text', (row) => row.declareTime],
  ['fields', 'jsonb', (row) => row.fields],
  ['provenance', 'jsonb', (row) => row.provenance],
];

const goodsColumns: readonly Column<GoodsRow>[] = [
  ['goods_key', 'text', (row) => row.goodsKey],
  ['enterprise', 'text', (row) => row.enterprise],
  ['goods_no', 'text', (row) => row.goodsNo],
  ['sources', 'jsonb', (row) => row.sources],
  ['updated_at', 'timestamptz', (row) => row.updatedAt],
];

/** An order's direction, enterprise and number are its key's parts. */
const warehouseOrderColumns: readonly Column<WarehouseOrderRow>[] = [
  ['order_key', 'text', (row) => row.orderKey],
  ['direction', 'text', (row) => row.direction],
  ['enterprise', 'text', (row) => row.enterprise],
  ['order_no', 'text', (row) => row.orderNo],
  ['warehouse_id', 'text', (row) => row.warehouseId],
  ['warehouse_name', 'text', (row) => row.warehouseName],
  ['occurred_at', 'text', (row) => row.occurredAt],
  ['inbound_order_no', 'text', (row) => row.inboundOrderNo],
  ['tallied', 'boolean', (row) => row.tallied],
  ['fields', 'jsonb', (row) => row.fields],
  ['provenance', 'jsonb', (row) => row.provenance],
];

/** Writes a batch's changed declarations with one statement (rows in key order). */
export async function upsertDeclarations(
  db: Queryable,
  schema: string,
  rows: readonly DeclarationRow[],
): Promise<void> {
  await writeRecordset(
    db,
    {
      table: `${ident(schema)}.declarations`,
      key: ['declaration_key'],
      columns: declarationColumns,
      onConflict: {
        update: ['owner_code', 'declare_code', 'entry_no', 'ie_flag', 'declare_time', 'fields', 'provenance'],
      },
    },
    rows,
  );
}

export async function findGoods(db: Queryable, schema: string, keys: readonly string[]): Promise<GoodsRow[]> {
  const { rows } = await db.query(`SELECT * FROM ${ident(schema)}.goods WHERE goods_key = ANY($1)`, [keys]);
  return rows.map(toGoods);
}

/** Writes a batch's changed articles with one statement (rows in key order). */
export async function upsertGoodsRows(
  db: Queryable,
  schema: string,
  rows: readonly GoodsRow[],
): Promise<void> {
  await writeRecordset(
    db,
    {
      table: `${ident(schema)}.goods`,
      key: ['goods_key'],
      columns: goodsColumns,
      onConflict: { update: ['sources', 'updated_at'] },
    },
    rows,
  );
}

export async function findWarehouseOrders(
  db: Queryable,
  schema: string,
  keys: readonly string[],
): Promise<WarehouseOrderRow[]> {
  const { rows } = await db.query(
    `SELECT * FROM ${ident(schema)}.warehouse_orders WHERE order_key = ANY($1)`,
    [keys],
  );
  return rows.map(toWarehouseOrder);
}

/** The tallies of the given inbound orders (enterprise, inbound order number), in one statement. */
export async function findTalliesOf(
  db: Queryable,
  schema: string,
  inbounds: readonly { enterprise: string; inboundOrderNo: string }[],
): Promise<WarehouseOrderRow[]> {
  if (inbounds.length === 0) return [];
  const { rows } = await db.query(
    // One index probe per order (processors/README.md "Batch look-ups").
    `SELECT o.* FROM unnest($1::text[], $2::text[]) AS w(enterprise, inbound_order_no)
     CROSS JOIN LATERAL (
       SELECT * FROM ${ident(schema)}.warehouse_orders o
       WHERE o.enterprise = w.enterprise AND o.inbound_order_no = w.inbound_order_no AND o.direction = 'tally'
       OFFSET 0) o`,
    [inbounds.map((i) => i.enterprise), inbounds.map((i) => i.inboundOrderNo)],
  );
  return rows.map(toWarehouseOrder);
}

/** Writes a batch's changed warehouse orders with one statement (rows in key order). */
export async function upsertWarehouseOrders(
  db: Queryable,
  schema: string,
  rows: readonly WarehouseOrderRow[],
): Promise<void> {
  await writeRecordset(
    db,
    {
      table: `${ident(schema)}.warehouse_orders`,
      key: ['order_key'],
      columns: warehouseOrderColumns,
      onConflict: {
        update: [
          'warehouse_id',
          'warehouse_name',
          'occurred_at',
          'inbound_order_no',
          'tallied',
          'fields',
          'provenance',
        ],
      },
    },
    rows,
  );
}
