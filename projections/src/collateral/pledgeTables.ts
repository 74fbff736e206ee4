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
    -- The receipts' lines that count on a stock key (rule 1) and the largest of them since the
    -- key last had none: no receipt on the key changes value while the on-hand stays at or
    -- above that quantity, or when every line counted is the batch's own, so a batch need not
    -- read them.
    CREATE TABLE IF NOT EXISTS ${s}.pledge_key_lines (
      stock_key text PRIMARY KEY,
      lines integer NOT NULL,
      max_qty numeric NOT NULL
    );
    -- Each financing's purchases summed (rule 4) as the fold keeps the sum: a batch reads the
    -- sum and the amounts of the purchases its documents name, however many name the financing.
    CREATE TABLE IF NOT EXISTS ${s}.financing_amounts (
      financing_key text PRIMARY KEY,
      purchases integer NOT NULL,
      unknown integer NOT NULL,
      millionths numeric NOT NULL
    );
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

/** A goods line of a warehouse order, as a signed stock movement (enterprise data's). */
export interface PledgeLine {
  goodsId: string;
  batchCode: string;
  qty: number;
  amount: number | null;
}

export type PledgeDirection = 'inbound' | 'outbound' | 'tally';

export interface PledgeOrderRow {
  /** enterprise-data's warehouse order key: direction, enterprise, order number. */
  orderKey: string;
  direction: PledgeDirection;
  enterprise: string;
  orderNo: string;
  warehouseId: string | null;
  /** The receipt's piece key an inbound is, or a tally counts; null for an outbound. */
  receipt: string | null;
  /** An inbound whose tally counts instead (its movements no longer do). */
  tallied: boolean;
  movements: PledgeLine[];
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
  table: 'pledge_balances' | 'pledge_reports',
  stockKeys: readonly string[],
): Promise<Map<string, number>> {
  if (stockKeys.length === 0) return new Map();
  const { rows } = await db.query(
    `SELECT stock_key, qty FROM ${ident(schema)}.${table} WHERE stock_key = ANY($1)`,
    [stockKeys],
  );
  return new Map(rows.map((row) => [row.stock_key as string, Number(row.qty)]));
}

/**
 * The receipts' lines that count on a stock key (rule 1 of processors/src/collateral/pledges.ts):
 * how many, and an upper bound of their quantities (the largest since the key last had none; 0
 * when none counts). One type for the fold's state and the row.
 */
export interface KeyLines {
  lines: number;
  maxQty: number;
}

export const noKeyLines: KeyLines = { lines: 0, maxQty: 0 };

/** The lines counted on the given stock keys; a key with none has no row. */
export async function findKeyLines(
  db: Queryable,
  schema: string,
  stockKeys: readonly string[],
): Promise<Map<string, KeyLines>> {
  if (stockKeys.length === 0) return new Map();
  const { rows } = await db.query(
    `SELECT stock_key, lines, max_qty FROM ${ident(schema)}.pledge_key_lines WHERE stock_key = ANY($1)`,
    [stockKeys],
  );
  return new Map(
    rows.map((row) => [row.stock_key as string, { lines: row.lines, maxQty: Number(row.max_qty) }]),
  );
}

export interface CoverageRow {
  financingKey: string;
  coverage: number | null;
  stockValue: number;
  purchaseAmount: number | null;
  unpricedLines: number;
  provenance: CollateralProvenance;
}

export const numberOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Number(value);

export async function findCoverage(
  db: Queryable,
  schema: string,
  financingKeys: readonly string[],
): Promise<CoverageRow[]> {
  const { rows } = await db.query(
    `SELECT * FROM ${ident(schema)}.financing_coverage WHERE financing_key = ANY($1)`,
    [financingKeys],
  );
  return rows.map(toCoverage);
}

/** A financing_coverage row (or its `to_jsonb`) as the fold and the alerts read it. */
// biome-ignore lint/suspicious/noExplicitAny: a pg row
export const toCoverage = (row: any): CoverageRow => ({
  financingKey: row.financing_key,
  coverage: numberOrNull(row.coverage),
  stockValue: Number(row.stock_value),
  purchaseAmount: numberOrNull(row.purchase_amount),
  unpricedLines: row.unpriced_lines,
  provenance: row.provenance,
});

/**
 * The given purchases (node ids) of the financings and the purchaseAmount each one's latest
 * version states: only those a batch names (its sums are kept in financing_amounts).
 */
export async function findPurchaseAmounts(
  db: Queryable,
  schema: string,
  query: { financingKeys: readonly string[]; nodeIds: readonly string[] },
): Promise<{ financingKey: string; nodeId: string; amount: number | null }[]> {
  if (query.financingKeys.length === 0 || query.nodeIds.length === 0) return [];
  const s = ident(schema);
  const { rows } = await db.query(
    `SELECT p.financing_key, p.node_id, n.fields->>'purchaseAmount' AS amount
     FROM ${s}.financing_purchases p JOIN ${s}.nodes n ON n.node_id = p.node_id
     WHERE p.financing_key = ANY($1) AND p.node_id = ANY($2)`,
    [query.financingKeys, query.nodeIds],
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

/** A financing's purchases summed (rule 4): how many, how many state no amount, the sum in millionths. */
export interface AmountTotalRow {
  financingKey: string;
  purchases: number;
  unknown: number;
  millionths: bigint;
}

/** The kept sums of the given financings (one with no purchase yet has no row). */
export async function findAmountTotals(
  db: Queryable,
  schema: string,
  financingKeys: readonly string[],
): Promise<AmountTotalRow[]> {
  if (financingKeys.length === 0) return [];
  const { rows } = await db.query(
    `SELECT financing_key, purchases, unknown, millionths::text AS millionths
     FROM ${ident(schema)}.financing_amounts WHERE financing_key = ANY($1)`,
    [financingKeys],
  );
  return rows.map((row) => ({
    financingKey: row.financing_key,
    purchases: row.purchases,
    unknown: row.unknown,
    millionths: BigInt(row.millionths),
  }));
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
