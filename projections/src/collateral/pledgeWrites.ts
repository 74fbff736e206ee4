import { ident, type Queryable } from '../db.ts';
import type { CoverageRow, PledgeOrderRow, ReceiptValueRow } from './pledgeTables.ts';
import type { CollateralProvenance } from './tables.ts';

/**
 * The collateral batch's writes of its release and coverage tables (pledgeTables.ts declares them):
 * one statement per table, rows in key order (processors/README.md "Release and coverage alerts").
 */

export interface ReleaseRow {
  releaseKey: string;
  financingKey: string;
  pieceKey: string;
  documentId: string;
  cause: string;
  firstSeen: string;
  provenance: CollateralProvenance;
}

export interface CrossingRow {
  crossingKey: string;
  financingKey: string;
  threshold: number;
  coverageBefore: number | null;
  coverageAfter: number;
  firstSeen: string;
  provenance: CollateralProvenance;
}

/** Writes a batch's changed orders, balances, reports and coverage, and its new releases and crossings; rows in key order. */
export async function writePledges(
  db: Queryable,
  schema: string,
  change: {
    orders: readonly PledgeOrderRow[];
    balances: readonly [string, number][];
    reports: readonly [string, number][];
    keyMaxQty: readonly [string, number][];
    receiptValues: readonly ReceiptValueRow[];
    coverage: readonly CoverageRow[];
    releases: readonly ReleaseRow[];
    crossings: readonly CrossingRow[];
  },
): Promise<void> {
  const s = ident(schema);
  await upsertOrders(db, s, change.orders);
  await upsertStockQuantities(db, `${s}.pledge_balances`, change.balances);
  await upsertStockQuantities(db, `${s}.pledge_reports`, change.reports);
  await upsertStockQuantities(db, `${s}.pledge_key_max`, change.keyMaxQty);
  await upsertReceiptValues(db, s, change.receiptValues);
  await writeRecordset(db, `${s}.financing_coverage`, 'financing_key', 'update', change.coverage, [
    ['financing_key', 'text', (c) => c.financingKey],
    ['coverage', 'numeric', (c) => c.coverage],
    ['stock_value', 'numeric', (c) => c.stockValue],
    ['purchase_amount', 'numeric', (c) => c.purchaseAmount],
    ['unpriced_lines', 'integer', (c) => c.unpricedLines],
    ['provenance', 'jsonb', (c) => c.provenance],
  ]);
  // Releases and crossings are kept as first recorded: the same document again adds nothing.
  await writeRecordset(db, `${s}.releases`, 'release_key', 'keep', change.releases, [
    ['release_key', 'text', (r) => r.releaseKey],
    ['financing_key', 'text', (r) => r.financingKey],
    ['piece_key', 'text', (r) => r.pieceKey],
    ['document_id', 'text', (r) => r.documentId],
    ['cause', 'text', (r) => r.cause],
    ['first_seen', 'text', (r) => r.firstSeen],
    ['provenance', 'jsonb', (r) => r.provenance],
  ]);
  await writeRecordset(db, `${s}.coverage_crossings`, 'crossing_key', 'keep', change.crossings, [
    ['crossing_key', 'text', (c) => c.crossingKey],
    ['financing_key', 'text', (c) => c.financingKey],
    ['threshold', 'numeric', (c) => c.threshold],
    ['coverage_before', 'numeric', (c) => c.coverageBefore],
    ['coverage_after', 'numeric', (c) => c.coverageAfter],
    ['first_seen', 'text', (c) => c.firstSeen],
    ['provenance', 'jsonb', (c) => c.provenance],
  ]);
}

/** A column of a recordset write: its name, its SQL type, and how a row gives its value. */
type Column<Row> = readonly [name: string, type: string, of: (row: Row) => unknown];

/**
 * One statement for a batch's rows of a table: the rows as one JSON recordset, in key order,
 * each new one inserted and each known one updated (`update`) or kept as it is (`keep`).
 */
async function writeRecordset<Row>(
  db: Queryable,
  table: string,
  key: string,
  onConflict: 'update' | 'keep',
  rows: readonly Row[],
  columns: readonly Column<Row>[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => name);
  const conflict =
    onConflict === 'keep'
      ? 'DO NOTHING'
      : `DO UPDATE SET ${names
          .filter((name) => name !== key)
          .map((name) => `${name} = EXCLUDED.${name}`)
          .join(', ')}`;
  await db.query(
    `INSERT INTO ${table} (${names.join(', ')})
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(${columns.map(([name, type]) => `${name} ${type}`).join(', ')})
     ORDER BY ${key} ON CONFLICT (${key}) ${conflict}`,
    [JSON.stringify(rows.map((row) => Object.fromEntries(columns.map(([name, , of]) => [name, of(row)]))))],
  );
}

/** Warehouse orders: their stock keys become a text array (the GIN index finds receipts by key). */
async function upsertOrders(db: Queryable, s: string, orders: readonly PledgeOrderRow[]): Promise<void> {
  if (orders.length === 0) return;
  await db.query(
    `INSERT INTO ${s}.pledge_orders (order_key, direction, enterprise, order_no, warehouse_id, receipt, tallied, movements, stock_keys, provenance)
     SELECT order_key, direction, enterprise, order_no, warehouse_id, receipt, tallied, movements,
       ARRAY(SELECT jsonb_array_elements_text(stock_keys)), provenance
     FROM jsonb_to_recordset($1::jsonb) AS r(order_key text, direction text, enterprise text, order_no text,
       warehouse_id text, receipt text, tallied boolean, movements jsonb, stock_keys jsonb, provenance jsonb)
     ORDER BY order_key
     ON CONFLICT (order_key) DO UPDATE SET direction = EXCLUDED.direction, enterprise = EXCLUDED.enterprise,
       order_no = EXCLUDED.order_no, warehouse_id = EXCLUDED.warehouse_id, receipt = EXCLUDED.receipt,
       tallied = EXCLUDED.tallied, movements = EXCLUDED.movements, stock_keys = EXCLUDED.stock_keys,
       provenance = EXCLUDED.provenance`,
    [
      JSON.stringify(
        orders.map((o) => ({
          order_key: o.orderKey,
          direction: o.direction,
          enterprise: o.enterprise,
          order_no: o.orderNo,
          warehouse_id: o.warehouseId,
          receipt: o.receipt,
          tallied: o.tallied,
          movements: o.movements,
          stock_keys: o.stockKeys,
          provenance: o.provenance,
        })),
      ),
    ],
  );
}

/** A quantity per stock key (balances, last reports, largest lines). */
async function upsertStockQuantities(
  db: Queryable,
  table: string,
  rows: readonly [string, number][],
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO ${table} (stock_key, qty) SELECT * FROM unnest($1::text[], $2::numeric[])
     ON CONFLICT (stock_key) DO UPDATE SET qty = EXCLUDED.qty`,
    [rows.map(([key]) => key), rows.map(([, qty]) => qty)],
  );
}

async function upsertReceiptValues(
  db: Queryable,
  s: string,
  rows: readonly ReceiptValueRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO ${s}.receipt_values (enterprise, piece_key, qty, value, cents, unpriced_lines)
     SELECT * FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::bigint[], $6::integer[])
     ON CONFLICT (enterprise, piece_key) DO UPDATE SET qty = EXCLUDED.qty, value = EXCLUDED.value,
       cents = EXCLUDED.cents, unpriced_lines = EXCLUDED.unpriced_lines`,
    [
      rows.map((r) => r.enterprise),
      rows.map((r) => r.pieceKey),
      rows.map((r) => r.qty),
      rows.map((r) => r.value),
      rows.map((r) => r.cents),
      rows.map((r) => r.unpricedLines),
    ],
  );
}
