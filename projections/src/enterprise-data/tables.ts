import { ident, type Queryable } from '../db.ts';

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
      amount numeric NOT NULL,
      occurred_at text,
      production_time text,
      expire_time text,
      effective boolean NOT NULL,
      PRIMARY KEY (order_key, line_no)
    );
    CREATE INDEX IF NOT EXISTS stock_movements_stock ON ${s}.stock_movements (enterprise, warehouse_id, goods_id);`);
}

export interface DeclarationRow {
  declarationKey: string;
  dataSource: string;
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

export interface MovementRow {
  lineNo: number;
  warehouseId: string;
  goodsId: string;
  goodsName: string | null;
  barCode: string | null;
  batchCode: string;
  stockType: string;
  qty: number;
  amount: number;
  productionTime: string | null;
  expireTime: string | null;
}

export interface WarehouseOrderRow {
  orderKey: string;
  direction: string;
  enterprise: string;
  orderNo: string;
  warehouseId: string | null;
  warehouseName: string | null;
  occurredAt: string | null;
  inboundOrderNo: string | null;
  tallied: boolean;
  fields: Record<string, unknown>;
  provenance: Record<string, unknown>;
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

export async function upsertDeclaration(db: Queryable, schema: string, row: DeclarationRow): Promise<void> {
  await db.query(
    `INSERT INTO ${ident(schema)}.declarations (declaration_key, data_source, owner_code, declare_code, order_no, entry_no, ie_flag, declare_time, fields, provenance)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (declaration_key) DO UPDATE SET owner_code = EXCLUDED.owner_code, declare_code = EXCLUDED.declare_code,
       entry_no = EXCLUDED.entry_no, ie_flag = EXCLUDED.ie_flag, declare_time = EXCLUDED.declare_time,
       fields = EXCLUDED.fields, provenance = EXCLUDED.provenance`,
    [
      row.declarationKey,
      row.dataSource,
      row.ownerCode,
      row.declareCode,
      row.orderNo,
      row.entryNo,
      row.ieFlag,
      row.declareTime,
      JSON.stringify(row.fields),
      JSON.stringify(row.provenance),
    ],
  );
}

export async function findGoods(db: Queryable, schema: string, keys: readonly string[]): Promise<GoodsRow[]> {
  const { rows } = await db.query(`SELECT * FROM ${ident(schema)}.goods WHERE goods_key = ANY($1)`, [keys]);
  return rows.map(toGoods);
}

export async function upsertGoods(db: Queryable, schema: string, row: GoodsRow): Promise<void> {
  await db.query(
    `INSERT INTO ${ident(schema)}.goods (goods_key, enterprise, goods_no, sources, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (goods_key) DO UPDATE SET sources = EXCLUDED.sources, updated_at = EXCLUDED.updated_at`,
    [row.goodsKey, row.enterprise, row.goodsNo, JSON.stringify(row.sources), row.updatedAt],
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

export async function findTalliesOf(
  db: Queryable,
  schema: string,
  enterprise: string,
  inboundOrderNo: string,
): Promise<WarehouseOrderRow[]> {
  const { rows } = await db.query(
    `SELECT * FROM ${ident(schema)}.warehouse_orders WHERE direction = 'tally' AND enterprise = $1 AND inbound_order_no = $2`,
    [enterprise, inboundOrderNo],
  );
  return rows.map(toWarehouseOrder);
}

export async function upsertWarehouseOrder(
  db: Queryable,
  schema: string,
  row: WarehouseOrderRow,
): Promise<void> {
  await db.query(
    `INSERT INTO ${ident(schema)}.warehouse_orders (order_key, direction, enterprise, order_no, warehouse_id, warehouse_name, occurred_at, inbound_order_no, tallied, fields, provenance)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (order_key) DO UPDATE SET warehouse_id = EXCLUDED.warehouse_id, warehouse_name = EXCLUDED.warehouse_name,
       occurred_at = EXCLUDED.occurred_at, inbound_order_no = EXCLUDED.inbound_order_no, tallied = EXCLUDED.tallied,
       fields = EXCLUDED.fields, provenance = EXCLUDED.provenance`,
    [
      row.orderKey,
      row.direction,
      row.enterprise,
      row.orderNo,
      row.warehouseId,
      row.warehouseName,
      row.occurredAt,
      row.inboundOrderNo,
      row.tallied,
      JSON.stringify(row.fields),
      JSON.stringify(row.provenance),
    ],
  );
}

/** Replaces an order's movements (a corrected order replaces its lines; a tally makes an inbound's lines not count). */
export async function replaceMovements(
  db: Queryable,
  schema: string,
  order: { orderKey: string; enterprise: string; occurredAt: string | null; effective: boolean },
  movements: readonly MovementRow[],
): Promise<void> {
  const s = ident(schema);
  await db.query(`DELETE FROM ${s}.stock_movements WHERE order_key = $1`, [order.orderKey]);
  if (movements.length === 0) return;
  await db.query(
    `INSERT INTO ${s}.stock_movements (order_key, line_no, enterprise, warehouse_id, goods_id, goods_name, bar_code, batch_code,
       stock_type, qty, amount, occurred_at, production_time, expire_time, effective)
     SELECT $1, m.line_no, $2, m.warehouse_id, m.goods_id, m.goods_name, m.bar_code, m.batch_code, m.stock_type, m.qty, m.amount,
       $3, m.production_time, m.expire_time, $4
     FROM jsonb_to_recordset($5::jsonb) AS m(line_no integer, warehouse_id text, goods_id text, goods_name text, bar_code text,
       batch_code text, stock_type text, qty numeric, amount numeric, production_time text, expire_time text)`,
    [
      order.orderKey,
      order.enterprise,
      order.occurredAt,
      order.effective,
      JSON.stringify(
        movements.map((m) => ({
          line_no: m.lineNo,
          warehouse_id: m.warehouseId,
          goods_id: m.goodsId,
          goods_name: m.goodsName,
          bar_code: m.barCode,
          batch_code: m.batchCode,
          stock_type: m.stockType,
          qty: m.qty,
          amount: m.amount,
          production_time: m.productionTime,
          expire_time: m.expireTime,
        })),
      ),
    ],
  );
}

/** Sets whether an order's movements count (an inbound stops counting once tallied). */
export async function setMovementsEffective(
  db: Queryable,
  schema: string,
  orderKey: string,
  effective: boolean,
): Promise<void> {
  await db.query(`UPDATE ${ident(schema)}.stock_movements SET effective = $2 WHERE order_key = $1`, [
    orderKey,
    effective,
  ]);
}
