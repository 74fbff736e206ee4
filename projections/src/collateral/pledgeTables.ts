import { ident, type Queryable } from '../db.ts';
import type { CollateralProvenance } from './tables.ts';

/**
 * The collateral projection's release and coverage tables (processors/README.md "Release and
 * coverage alerts"): the warehouse orders and the stock on hand behind receipts, kept from the log
 * by enterprise data's inventory rule; the last stock report per goods and lot; each held
 * financing's coverage at its last evaluation; the releases published (one per financing, receipt
 * and causing document); the coverage thresholds crossed. One function per statement.
 */
export async function createPledgeTables(db: Queryable, schema: string): Promise<void> {
  const s = ident(schema);
  await db.query(`
    CREATE TABLE IF NOT EXISTS ${s}.pledge_orders (
      order_key text PRIMARY KEY,
      direction text NOT NULL,
      enterprise text NOT NULL,
      order_no text NOT NULL,
      warehouse_id text,
      -- The receipt (piece key) an inbound is or a tally counts; null for an outbound.
      receipt text,
      tallied boolean NOT NULL,
      movements jsonb NOT NULL,
      -- The stock keys of its movements: which receipts pledge a goods and lot.
      stock_keys text[] NOT NULL,
      provenance jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS pledge_orders_receipt ON ${s}.pledge_orders (receipt, enterprise) WHERE receipt IS NOT NULL;
    CREATE INDEX IF NOT EXISTS pledge_orders_stock ON ${s}.pledge_orders USING gin (stock_keys) WHERE receipt IS NOT NULL;
    CREATE TABLE IF NOT EXISTS ${s}.pledge_balances (stock_key text PRIMARY KEY, qty numeric NOT NULL);
    CREATE TABLE IF NOT EXISTS ${s}.pledge_reports (stock_key text PRIMARY KEY, qty numeric NOT NULL);
    -- The largest quantity a receipt's line ever pledged on a stock key: while the on-hand stays
    -- at or above it, no receipt on the key changes value, and a batch need not read them.
    CREATE TABLE IF NOT EXISTS ${s}.pledge_key_max (stock_key text PRIMARY KEY, qty numeric NOT NULL);
    CREATE TABLE IF NOT EXISTS ${s}.financing_coverage (
      financing_key text PRIMARY KEY,
      coverage numeric,
      stock_value numeric NOT NULL,
      purchase_amount numeric,
      unpriced_lines integer NOT NULL,
      provenance jsonb NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${s}.releases (
      release_key text PRIMARY KEY,
      financing_key text NOT NULL,
      piece_key text NOT NULL,
      document_id text NOT NULL,
      cause text NOT NULL,
      first_seen text NOT NULL,
      provenance jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS releases_financing ON ${s}.releases (financing_key);
    CREATE INDEX IF NOT EXISTS releases_document ON ${s}.releases (document_id);
    CREATE TABLE IF NOT EXISTS ${s}.coverage_crossings (
      crossing_key text PRIMARY KEY,
      financing_key text NOT NULL,
      threshold numeric NOT NULL,
      coverage_before numeric,
      coverage_after numeric NOT NULL,
      first_seen text NOT NULL,
      provenance jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS coverage_crossings_financing ON ${s}.coverage_crossings (financing_key);
    -- The stock left behind each receipt (rule 1) as its last change left it, in whole cents as
    -- coverage sums it: a chain's total is read as a sum of these, not recomputed from every
    -- order of every receipt the chain holds.
    CREATE TABLE IF NOT EXISTS ${s}.receipt_values (
      enterprise text NOT NULL,
      piece_key text NOT NULL,
      qty double precision NOT NULL,
      value double precision NOT NULL,
      cents bigint NOT NULL,
      unpriced_lines integer NOT NULL,
      PRIMARY KEY (enterprise, piece_key)
    );`);
}

export interface ReceiptValueRow {
  enterprise: string;
  pieceKey: string;
  qty: number;
  value: number;
  cents: number;
  unpricedLines: number;
}

/** The kept values of the given receipts (those never valued have no row: nothing is left behind them). */
export async function findReceiptValues(
  db: Queryable,
  schema: string,
  receipts: readonly { enterprise: string; pieceKey: string }[],
): Promise<ReceiptValueRow[]> {
  if (receipts.length === 0) return [];
  const { rows } = await db.query(
    `SELECT v.enterprise, v.piece_key, v.qty, v.value, v.unpriced_lines
     FROM unnest($1::text[], $2::text[]) AS w(enterprise, piece_key)
     JOIN ${ident(schema)}.receipt_values v ON v.enterprise = w.enterprise AND v.piece_key = w.piece_key`,
    [receipts.map((r) => r.enterprise), receipts.map((r) => r.pieceKey)],
  );
  return rows.map((row) => ({
    enterprise: row.enterprise,
    pieceKey: row.piece_key,
    qty: row.qty,
    value: row.value,
    cents: Number(row.cents),
    unpricedLines: row.unpriced_lines,
  }));
}

/**
 * Rule 4's sum for each given chain: its warehouse receipts and their kept values, valued for
 * the enterprise that holds each. One index range a chain: what a batch reads of a chain's
 * receipts, however many it holds.
 */
export async function findReceiptTotals(
  db: Queryable,
  schema: string,
  chainIds: readonly string[],
): Promise<{ chainId: string; receipts: number; cents: number; unpricedLines: number }[]> {
  if (chainIds.length === 0) return [];
  const s = ident(schema);
  const { rows } = await db.query(
    `SELECT p.chain_id, count(*) AS receipts, coalesce(sum(v.cents), 0) AS cents,
       coalesce(sum(v.unpriced_lines), 0) AS unpriced_lines
     FROM ${s}.chain_pieces p
     LEFT JOIN ${s}.receipt_values v ON v.enterprise = p.enterprise AND v.piece_key = p.piece_key
     WHERE p.chain_id = ANY($1) AND p.kind = 'warehouseReceipt'
     GROUP BY p.chain_id`,
    [chainIds],
  );
  return rows.map((row) => ({
    chainId: row.chain_id,
    receipts: Number(row.receipts),
    cents: Number(row.cents),
    unpricedLines: Number(row.unpriced_lines),
  }));
}

export interface PledgeOrderRow {
  orderKey: string;
  direction: 'inbound' | 'outbound' | 'tally';
  enterprise: string;
  orderNo: string;
  warehouseId: string | null;
  receipt: string | null;
  tallied: boolean;
  movements: { goodsId: string; batchCode: string; qty: number; amount: number | null }[];
  stockKeys: string[];
  provenance: CollateralProvenance;
}

// biome-ignore lint/suspicious/noExplicitAny: a pg row
const toOrder = (row: any): PledgeOrderRow => ({
  orderKey: row.order_key,
  direction: row.direction,
  enterprise: row.enterprise,
  orderNo: row.order_no,
  warehouseId: row.warehouse_id,
  receipt: row.receipt,
  tallied: row.tallied,
  movements: row.movements,
  stockKeys: row.stock_keys,
  provenance: row.provenance,
});

/** The receipts (piece key, enterprise) with a line on one of the stock keys. */
export async function findReceiptsOnStock(
  db: Queryable,
  schema: string,
  stockKeys: readonly string[],
): Promise<{ receipt: string; enterprise: string }[]> {
  if (stockKeys.length === 0) return [];
  const { rows } = await db.query(
    `SELECT DISTINCT receipt, enterprise FROM ${ident(schema)}.pledge_orders
     WHERE receipt IS NOT NULL AND stock_keys && $1::text[]`,
    [stockKeys],
  );
  return rows.map((row) => ({ receipt: row.receipt, enterprise: row.enterprise }));
}

/** The orders of the given keys and every order (inbound, tallies) of the given receipts. */
export async function findPledgeOrders(
  db: Queryable,
  schema: string,
  query: { orderKeys: readonly string[]; receipts: readonly string[] },
): Promise<PledgeOrderRow[]> {
  const { rows } = await db.query(
    `SELECT * FROM ${ident(schema)}.pledge_orders WHERE order_key = ANY($1)
       OR (receipt IS NOT NULL AND receipt = ANY($2))`,
    [query.orderKeys, query.receipts],
  );
  return rows.map(toOrder);
}

/** Quantities by stock key, of the balances or of the last reports. */
export async function findStockQuantities(
  db: Queryable,
  schema: string,
  table: 'pledge_balances' | 'pledge_reports' | 'pledge_key_max',
  stockKeys: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await db.query(
    `SELECT stock_key, qty FROM ${ident(schema)}.${table} WHERE stock_key = ANY($1)`,
    [stockKeys],
  );
  return new Map(rows.map((row) => [row.stock_key as string, Number(row.qty)]));
}

export interface CoverageRow {
  financingKey: string;
  coverage: number | null;
  stockValue: number;
  purchaseAmount: number | null;
  unpricedLines: number;
  provenance: CollateralProvenance;
}

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export async function findCoverage(
  db: Queryable,
  schema: string,
  financingKeys: readonly string[],
): Promise<CoverageRow[]> {
  const { rows } = await db.query(
    `SELECT * FROM ${ident(schema)}.financing_coverage WHERE financing_key = ANY($1)`,
    [financingKeys],
  );
  return rows.map((row) => ({
    financingKey: row.financing_key,
    coverage: numberOrNull(row.coverage),
    stockValue: Number(row.stock_value),
    purchaseAmount: numberOrNull(row.purchase_amount),
    unpricedLines: row.unpriced_lines,
    provenance: row.provenance,
  }));
}

/** Each purchase (node id) of the financings and its purchaseAmount as its latest version states it. */
export async function findPurchaseAmounts(
  db: Queryable,
  schema: string,
  financingKeys: readonly string[],
): Promise<{ financingKey: string; nodeId: string; amount: number | null }[]> {
  const s = ident(schema);
  const { rows } = await db.query(
    `SELECT p.financing_key, p.node_id, n.fields->>'purchaseAmount' AS amount
     FROM ${s}.financing_purchases p JOIN ${s}.nodes n ON n.node_id = p.node_id
     WHERE p.financing_key = ANY($1)`,
    [financingKeys],
  );
  return rows.map((row) => {
    const amount = row.amount === null || row.amount.trim() === '' ? null : Number(row.amount);
    return {
      financingKey: row.financing_key,
      nodeId: row.node_id,
      amount: amount !== null && Number.isFinite(amount) ? amount : null,
    };
  });
}

/** The release keys already recorded for the given causing documents. */
export async function findReleaseKeys(
  db: Queryable,
  schema: string,
  documentIds: readonly string[],
): Promise<string[]> {
  const { rows } = await db.query(
    `SELECT release_key FROM ${ident(schema)}.releases WHERE document_id = ANY($1)`,
    [documentIds],
  );
  return rows.map((row) => row.release_key);
}

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

/** An open alert of a financing as the portfolio lists it (query-api/src/lenders/alerts.ts). */
export interface FinancingAlertRows {
  financingKey: string;
  releases: {
    pieceKey: string;
    documentId: string;
    cause: string;
    firstSeen: string;
    provenance: CollateralProvenance;
  }[];
  coverage: CoverageRow | null;
  crossings: {
    threshold: number;
    coverageBefore: number | null;
    coverageAfter: number;
    firstSeen: string;
    provenance: CollateralProvenance;
  }[];
}

/**
 * The release and coverage rows of the given financings: every release, the coverage at the last
 * evaluation and every threshold crossing (the reader picks what is open for its caller). A live
 * version built by a revision before these tables has none of them: no rows until the upgrade
 * rebuild switches (processors/README.md "Upgrading a projection"), rather than a failed read.
 */
export async function findFinancingAlerts(
  db: Queryable,
  schema: string,
  financingKeys: readonly string[],
): Promise<FinancingAlertRows[]> {
  const s = ident(schema);
  const built = await db.query(`SELECT to_regclass(format('%I.releases', $1::text)) IS NOT NULL AS held`, [
    schema,
  ]);
  if (built.rows[0]?.held !== true) return [];
  const { rows } = await db.query(
    `SELECT k.financing_key,
       (SELECT coalesce(jsonb_agg(jsonb_build_object('pieceKey', r.piece_key, 'documentId', r.document_id,
            'cause', r.cause, 'firstSeen', r.first_seen, 'provenance', r.provenance) ORDER BY r.first_seen, r.release_key), '[]'::jsonb)
        FROM ${s}.releases r WHERE r.financing_key = k.financing_key) AS releases,
       (SELECT to_jsonb(c) FROM ${s}.financing_coverage c WHERE c.financing_key = k.financing_key) AS coverage,
       (SELECT coalesce(jsonb_agg(jsonb_build_object('threshold', x.threshold, 'coverageBefore', x.coverage_before,
            'coverageAfter', x.coverage_after, 'firstSeen', x.first_seen, 'provenance', x.provenance)
            ORDER BY x.first_seen, x.crossing_key), '[]'::jsonb)
        FROM ${s}.coverage_crossings x WHERE x.financing_key = k.financing_key) AS crossings
     FROM unnest($1::text[]) AS k(financing_key)`,
    [financingKeys],
  );
  return rows.map((row) => ({
    financingKey: row.financing_key,
    releases: row.releases,
    coverage:
      row.coverage === null
        ? null
        : {
            financingKey: row.financing_key,
            coverage: numberOrNull(row.coverage.coverage),
            stockValue: Number(row.coverage.stock_value),
            purchaseAmount: numberOrNull(row.coverage.purchase_amount),
            unpricedLines: row.coverage.unpriced_lines,
            provenance: row.coverage.provenance,
          },
    crossings: (row.crossings as FinancingAlertRows['crossings']).map((x) => ({
      ...x,
      threshold: Number(x.threshold),
      coverageBefore: numberOrNull(x.coverageBefore),
      coverageAfter: Number(x.coverageAfter),
    })),
  }));
}
