import { ident, type Queryable } from '../db.ts';
import { type Column, writeRecordset } from '../recordsets.ts';
import type {
  AmountTotalRow,
  CoverageRow,
  KeyLines,
  PledgeOrderRow,
  ReceiptValueRow,
} from './pledgeTables.ts';
import type { CollateralProvenance } from './tables.ts';

/**
 * The collateral batch's writes of its release and coverage tables (pledgeTables.ts declares them):
 * one statement per table, rows in key order (processors/README.md "Release and coverage alerts").
 */

/** A release published: the fold's state and the row alike (processors' pledgeState.ts). */
export interface ReleaseRow {
  /** JSON [financing key, receipt piece key, causing document id]. */
  key: string;
  financingKey: string;
  pieceKey: string;
  documentId: string;
  cause: 'outbound' | 'tally' | 'stockReport';
  firstSeen: string;
  provenance: CollateralProvenance;
}

/** A coverage threshold crossed: the fold's state and the row alike (processors' pledgeState.ts). */
export interface CrossingRow {
  /** JSON [financing key, threshold, causing document id]. */
  key: string;
  financingKey: string;
  threshold: number;
  coverageBefore: number | null;
  coverageAfter: number;
  firstSeen: string;
  provenance: CollateralProvenance;
}

/**
 * Writes a batch's changed orders, balances, reports, purchase sums and coverage, and its new
 * releases and crossings; rows in key order.
 */
export async function writePledges(
  db: Queryable,
  schema: string,
  change: {
    orders: readonly PledgeOrderRow[];
    balances: readonly [string, number][];
    reports: readonly [string, number][];
    keyLines: readonly (KeyLines & { stockKey: string })[];
    receiptValues: readonly ReceiptValueRow[];
    amountTotals: readonly AmountTotalRow[];
    coverage: readonly CoverageRow[];
    releases: readonly ReleaseRow[];
    crossings: readonly CrossingRow[];
  },
): Promise<void> {
  const s = ident(schema);
  await writeRecordset(
    db,
    { table: `${s}.pledge_orders`, key: ['order_key'], columns: orderColumns },
    change.orders,
  );
  await upsertStockQuantities(db, `${s}.pledge_balances`, change.balances);
  await upsertStockQuantities(db, `${s}.pledge_reports`, change.reports);
  await writeRecordset(
    db,
    { table: `${s}.pledge_key_lines`, key: ['stock_key'], columns: keyLinesColumns },
    change.keyLines,
  );
  await upsertReceiptValues(db, s, change.receiptValues);
  await writeRecordset(
    db,
    { table: `${s}.financing_amounts`, key: ['financing_key'], columns: amountTotalColumns },
    change.amountTotals,
  );
  await writeRecordset(
    db,
    { table: `${s}.financing_coverage`, key: ['financing_key'], columns: coverageColumns },
    change.coverage,
  );
  // Releases and crossings are kept as first recorded: the same document again adds nothing.
  await writeRecordset(
    db,
    { table: `${s}.releases`, key: ['release_key'], columns: releaseColumns, onConflict: 'keep' },
    change.releases,
  );
  await writeRecordset(
    db,
    { table: `${s}.coverage_crossings`, key: ['crossing_key'], columns: crossingColumns, onConflict: 'keep' },
    change.crossings,
  );
}

/** Warehouse orders: their stock keys become a text array (the GIN index finds receipts by key). */
const orderColumns: readonly Column<PledgeOrderRow>[] = [
  ['order_key', 'text', (o) => o.orderKey],
  ['direction', 'text', (o) => o.direction],
  ['enterprise', 'text', (o) => o.enterprise],
  ['order_no', 'text', (o) => o.orderNo],
  ['warehouse_id', 'text', (o) => o.warehouseId],
  ['receipt', 'text', (o) => o.receipt],
  ['tallied', 'boolean', (o) => o.tallied],
  ['movements', 'jsonb', (o) => o.movements],
  ['stock_keys', 'text[]', (o) => o.stockKeys],
  ['provenance', 'jsonb', (o) => o.provenance],
];

const keyLinesColumns: readonly Column<KeyLines & { stockKey: string }>[] = [
  ['stock_key', 'text', (k) => k.stockKey],
  ['lines', 'integer', (k) => k.lines],
  ['max_qty', 'numeric', (k) => k.maxQty],
];

/** The sum in millionths travels as its decimal digits (a JSON number would round past 2^53). */
const amountTotalColumns: readonly Column<AmountTotalRow>[] = [
  ['financing_key', 'text', (t) => t.financingKey],
  ['purchases', 'integer', (t) => t.purchases],
  ['unknown', 'integer', (t) => t.unknown],
  ['millionths', 'numeric', (t) => t.millionths.toString()],
];

const coverageColumns: readonly Column<CoverageRow>[] = [
  ['financing_key', 'text', (c) => c.financingKey],
  ['coverage', 'numeric', (c) => c.coverage],
  ['stock_value', 'numeric', (c) => c.stockValue],
  ['purchase_amount', 'numeric', (c) => c.purchaseAmount],
  ['unpriced_lines', 'integer', (c) => c.unpricedLines],
  ['provenance', 'jsonb', (c) => c.provenance],
];

const releaseColumns: readonly Column<ReleaseRow>[] = [
  ['release_key', 'text', (r) => r.key],
  ['financing_key', 'text', (r) => r.financingKey],
  ['piece_key', 'text', (r) => r.pieceKey],
  ['document_id', 'text', (r) => r.documentId],
  ['cause', 'text', (r) => r.cause],
  ['first_seen', 'text', (r) => r.firstSeen],
  ['provenance', 'jsonb', (r) => r.provenance],
];

const crossingColumns: readonly Column<CrossingRow>[] = [
  ['crossing_key', 'text', (c) => c.key],
  ['financing_key', 'text', (c) => c.financingKey],
  ['threshold', 'numeric', (c) => c.threshold],
  ['coverage_before', 'numeric', (c) => c.coverageBefore],
  ['coverage_after', 'numeric', (c) => c.coverageAfter],
  ['first_seen', 'text', (c) => c.firstSeen],
  ['provenance', 'jsonb', (c) => c.provenance],
];

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
