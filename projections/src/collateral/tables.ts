import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import type { Provenance } from '@tradelog/schemas/kit/log/provenance';
import { ident, type Queryable } from '../db.ts';
import { type Column, writeRecordset } from '../recordsets.ts';

/**
 * Collateral tables (processors/README.md "Collateral rules"), beside the link-node tables the
 * projection keeps in its own schema: the pieces of collateral each chain holds, the financings
 * each chain holds, and every pairing of two financings on one piece ever seen (each pushed once).
 * Keys are JSON arrays of their parts: unambiguous whatever the partners' numbers hold.
 */
export async function createCollateralTables(db: Queryable, schema: string): Promise<void> {
  const s = ident(schema);
  await db.query(`
    CREATE TABLE IF NOT EXISTS ${s}.chain_pieces (
      chain_id text NOT NULL,
      piece_key text NOT NULL,
      kind text NOT NULL,
      number text NOT NULL,
      warehouse text,
      enterprise text NOT NULL,
      first_seen text NOT NULL,
      provenance jsonb NOT NULL,
      -- Another chain holds the piece too (markSharedPieces): what a financing opening on the
      -- chain must look at, found without reading the chain's other pieces.
      shared boolean NOT NULL DEFAULT false,
      PRIMARY KEY (chain_id, piece_key)
    );
    CREATE INDEX IF NOT EXISTS chain_pieces_piece ON ${s}.chain_pieces (piece_key);
    CREATE INDEX IF NOT EXISTS chain_pieces_shared ON ${s}.chain_pieces (chain_id) WHERE shared;
    CREATE TABLE IF NOT EXISTS ${s}.financing_states (
      financing_key text PRIMARY KEY,
      chain_id text NOT NULL,
      enterprise text NOT NULL,
      financing_no text NOT NULL,
      -- How many of its purchases have not reached a final status: open while some have not.
      unsettled integer NOT NULL,
      open boolean NOT NULL,
      first_seen text NOT NULL,
      provenance jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS financing_states_chain ON ${s}.financing_states (chain_id);
    CREATE INDEX IF NOT EXISTS financing_states_open ON ${s}.financing_states (chain_id) WHERE open;
    -- Each purchase naming a financing (node id) and whether it reached a final status, a row
    -- each: a batch reads and writes only the purchases its documents name, however many name
    -- the financing.
    CREATE TABLE IF NOT EXISTS ${s}.financing_purchases (
      financing_key text NOT NULL,
      node_id text NOT NULL,
      final boolean NOT NULL,
      PRIMARY KEY (financing_key, node_id)
    );
    -- What readers and the rebuild comparison read: each financing with its purchases as one map.
    CREATE OR REPLACE VIEW ${s}.financings AS
      SELECT f.financing_key, f.chain_id, f.enterprise, f.financing_no,
        (SELECT coalesce(jsonb_object_agg(p.node_id, p.final), '{}'::jsonb) FROM ${s}.financing_purchases p
         WHERE p.financing_key = f.financing_key) AS purchases,
        f.unsettled, f.open, f.first_seen, f.provenance
      FROM ${s}.financing_states f;
    CREATE TABLE IF NOT EXISTS ${s}.pairings (
      pair_key text PRIMARY KEY,
      piece_key text NOT NULL,
      kind text NOT NULL,
      number text NOT NULL,
      warehouse text,
      financing_a text NOT NULL,
      financing_b text NOT NULL,
      first_seen text NOT NULL,
      provenance jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS pairings_piece ON ${s}.pairings (piece_key);
    CREATE INDEX IF NOT EXISTS pairings_a ON ${s}.pairings (financing_a);
    CREATE INDEX IF NOT EXISTS pairings_b ON ${s}.pairings (financing_b);`);
}

export type CollateralKind = 'billOfLading' | 'warehouseReceipt' | 'contract';

/** A holding's, financing's or pairing's provenance: the document that brought it, and its type. */
export type CollateralProvenance = Provenance & { documentType: DocumentTypeId };

/** A piece as a chain holds it (the collateral rules' state: processors/src/collateral/reducer.ts). */
export interface PieceHolding {
  kind: CollateralKind;
  number: string;
  warehouse: string | null;
  enterprise: string;
  firstSeen: string;
  provenance: CollateralProvenance;
}

/** A chain_pieces row: which chain holds which piece, and how. */
export interface PieceRow extends PieceHolding {
  chainId: string;
  pieceKey: string;
}

export interface FinancingRow {
  financingKey: string;
  chainId: string;
  enterprise: string;
  financingNo: string;
  /** Each purchase naming it and whether it is final. */
  purchases: Record<string, boolean>;
  open: boolean;
  firstSeen: string;
  provenance: CollateralProvenance;
}

/**
 * A financing as the batch shell reads and writes it: how many of its purchases are not final
 * (open while some are),
 * and of its purchases only those the batch asked for (read) or changed (written).
 */
export interface FinancingStateRow extends FinancingRow {
  unsettled: number;
}

/** Two financings found holding one piece (the collateral rules' state and the pairings row, one shape). */
export interface Pairing {
  key: string;
  pieceKey: string;
  kind: CollateralKind;
  number: string;
  warehouse: string | null;
  financingA: string;
  financingB: string;
  firstSeen: string;
  provenance: CollateralProvenance;
}

/** A financing's key: the enterprise and its financing order number. */
export const financingKeyOf = (enterprise: string, financingNo: string) =>
  JSON.stringify([enterprise, financingNo]);

// biome-ignore lint/suspicious/noExplicitAny: a pg row
const toPiece = (row: any): PieceRow => ({
  chainId: row.chain_id,
  pieceKey: row.piece_key,
  kind: row.kind,
  number: row.number,
  warehouse: row.warehouse,
  enterprise: row.enterprise,
  firstSeen: row.first_seen,
  provenance: row.provenance,
});

// biome-ignore lint/suspicious/noExplicitAny: a pg row
export const toFinancing = (row: any): FinancingRow => ({
  financingKey: row.financing_key,
  chainId: row.chain_id,
  enterprise: row.enterprise,
  financingNo: row.financing_no,
  purchases: row.purchases,
  open: row.open,
  firstSeen: row.first_seen,
  provenance: row.provenance,
});

/**
 * Rows of `table` on the pieces a batch names, found by Postgres rather than sent to it: every
 * piece of the chains read whole ($1), the pieces of the named chains that another chain holds
 * too ($3, through the partial index on `shared`) and the given piece keys ($2, the batch's
 * documents' own). The named keys are made one array first (`ARRAY(…)`, an init plan), so the
 * look-up is one bitmap scan of the piece index whatever the statistics say; as a join (or a
 * probe per key) Postgres took 2 to 7 times longer for a batch's two thousand keys.
 */
async function onNamedPieces(
  db: Queryable,
  schema: string,
  table: 'chain_pieces' | 'pairings',
  query: NamedPieces,
) {
  const s = ident(schema);
  const { rows } = await db.query(
    `SELECT * FROM ${s}.${table}
     WHERE piece_key = ANY (ARRAY(SELECT piece_key FROM ${s}.chain_pieces WHERE chain_id = ANY($1))
       || ARRAY(SELECT piece_key FROM ${s}.chain_pieces WHERE chain_id = ANY($3) AND shared) || $2::text[])`,
    [query.chainIds, query.pieceKeys, query.sharedOf],
  );
  return rows;
}

/** Which pieces a batch loads (`onNamedPieces`). */
export interface NamedPieces {
  /** Chains read whole: every piece. */
  chainIds: readonly string[];
  /** Chains of which only the pieces another chain holds too. */
  sharedOf: readonly string[];
  pieceKeys: readonly string[];
}

/**
 * Every row holding a named piece (`onNamedPieces`), so every chain holding one, with that
 * piece. One statement: the chains' piece keys never travel to the process and back.
 */
export async function findPieces(db: Queryable, schema: string, query: NamedPieces): Promise<PieceRow[]> {
  return (await onNamedPieces(db, schema, 'chain_pieces', query)).map(toPiece);
}

/**
 * The open financings of the given chains, and those of the given keys, each with only the
 * purchases asked for (`purchaseNodes`): a batch needs no other, and a financing many purchases
 * name would otherwise cost all of them every batch.
 */
export async function findFinancings(
  db: Queryable,
  schema: string,
  query: {
    chainIds: readonly string[];
    financingKeys: readonly string[];
    purchaseNodes: readonly string[];
  },
): Promise<FinancingStateRow[]> {
  const s = ident(schema);
  const { rows } = await db.query(
    `SELECT f.*, (SELECT coalesce(jsonb_object_agg(p.node_id, p.final), '{}'::jsonb) FROM ${s}.financing_purchases p
        WHERE p.financing_key = f.financing_key AND p.node_id = ANY($3)) AS purchases
     FROM ${s}.financing_states f WHERE (f.chain_id = ANY($1) AND f.open) OR f.financing_key = ANY($2)`,
    [query.chainIds, query.financingKeys, query.purchaseNodes],
  );
  return rows.map((row) => ({ ...toFinancing(row), unsettled: row.unsettled }));
}

/**
 * A batch's merges move the financings of each absorbed chain to the chain that finally holds
 * it (link-node tables' `applyChainMerges` moves the nodes); the batch loads only the open ones.
 */
export async function moveFinancings(
  db: Queryable,
  schema: string,
  merges: readonly { absorbed: string; into: string }[],
): Promise<void> {
  if (merges.length === 0) return;
  await db.query(
    `UPDATE ${ident(schema)}.financing_states f SET chain_id = m.target
     FROM unnest($1::text[], $2::text[]) AS m(absorbed, target)
     WHERE f.chain_id = ANY($1) AND f.chain_id = m.absorbed`,
    [merges.map((m) => m.absorbed), merges.map((m) => m.into)],
  );
}

/**
 * Marks which holdings of the given pieces another chain shares (`shared`), after a batch
 * wrote or emptied them: one statement, rows in key order.
 */
export async function markSharedPieces(
  db: Queryable,
  schema: string,
  pieceKeys: readonly string[],
): Promise<void> {
  if (pieceKeys.length === 0) return;
  const s = ident(schema);
  await db.query(
    `UPDATE ${s}.chain_pieces p SET shared = c.holders > 1
     FROM (SELECT piece_key, count(*) AS holders FROM ${s}.chain_pieces WHERE piece_key = ANY($1) GROUP BY piece_key) c
     WHERE p.piece_key = ANY($1) AND p.piece_key = c.piece_key AND p.shared <> (c.holders > 1)`,
    [pieceKeys],
  );
}

// biome-ignore lint/suspicious/noExplicitAny: a pg row
const toPairing = (row: any): Pairing => ({
  key: row.pair_key,
  pieceKey: row.piece_key,
  kind: row.kind,
  number: row.number,
  warehouse: row.warehouse,
  financingA: row.financing_a,
  financingB: row.financing_b,
  firstSeen: row.first_seen,
  provenance: row.provenance,
});

/** The pairings already recorded on the named pieces (`onNamedPieces`). */
export async function findPairings(db: Queryable, schema: string, query: NamedPieces): Promise<Pairing[]> {
  return (await onNamedPieces(db, schema, 'pairings', query)).map(toPairing);
}

/**
 * Writes what a batch changed in the chains' pieces: the chains it emptied (absorbed by a merge)
 * lose their rows, and each piece a chain gained or now holds from an earlier sighting is
 * written; two statements, rows in key order. A chain's other pieces are left as they are, so a
 * batch costs what it changed, not the size of the chains it touched.
 */
export async function writeChainPieces(
  db: Queryable,
  schema: string,
  change: { emptied: readonly string[]; pieces: readonly PieceRow[] },
): Promise<void> {
  const s = ident(schema);
  if (change.emptied.length > 0)
    await db.query(`DELETE FROM ${s}.chain_pieces WHERE chain_id = ANY($1)`, [change.emptied]);
  await writeRecordset(
    db,
    { table: `${s}.chain_pieces`, key: ['chain_id', 'piece_key'], columns: pieceColumns },
    change.pieces,
  );
}

/**
 * Writes a batch's changed financings, rows in key order: one statement for the financings, one
 * for the purchases the batch changed (`purchases` holds only those).
 */
export async function upsertFinancings(
  db: Queryable,
  schema: string,
  financings: readonly FinancingStateRow[],
): Promise<void> {
  if (financings.length === 0) return;
  const s = ident(schema);
  await writeRecordset(
    db,
    {
      table: `${s}.financing_states`,
      key: ['financing_key'],
      columns: financingColumns,
      onConflict: { update: ['chain_id', 'unsettled', 'open', 'first_seen', 'provenance'] },
    },
    financings,
  );
  const purchases = financings
    .flatMap((f) =>
      Object.entries(f.purchases).map(([nodeId, final]) => [f.financingKey, nodeId, final] as const),
    )
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  if (purchases.length === 0) return;
  await db.query(
    `INSERT INTO ${s}.financing_purchases (financing_key, node_id, final)
     SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[])
     ON CONFLICT (financing_key, node_id) DO UPDATE SET final = EXCLUDED.final`,
    [purchases.map((p) => p[0]), purchases.map((p) => p[1]), purchases.map((p) => p[2])],
  );
}

/** Records a batch's new pairings with one statement (a pairing once recorded stays). */
export async function insertPairings(
  db: Queryable,
  schema: string,
  pairings: readonly Pairing[],
): Promise<void> {
  await writeRecordset(
    db,
    { table: `${ident(schema)}.pairings`, key: ['pair_key'], columns: pairingColumns, onConflict: 'keep' },
    pairings,
  );
}

const pieceColumns: readonly Column<PieceRow>[] = [
  ['chain_id', 'text', (p) => p.chainId],
  ['piece_key', 'text', (p) => p.pieceKey],
  ['kind', 'text', (p) => p.kind],
  ['number', 'text', (p) => p.number],
  ['warehouse', 'text', (p) => p.warehouse],
  ['enterprise', 'text', (p) => p.enterprise],
  ['first_seen', 'text', (p) => p.firstSeen],
  ['provenance', 'jsonb', (p) => p.provenance],
];

/** A financing's purchases are rows of their own (financing_purchases). */
const financingColumns: readonly Column<FinancingStateRow>[] = [
  ['financing_key', 'text', (f) => f.financingKey],
  ['chain_id', 'text', (f) => f.chainId],
  ['enterprise', 'text', (f) => f.enterprise],
  ['financing_no', 'text', (f) => f.financingNo],
  ['unsettled', 'integer', (f) => f.unsettled],
  ['open', 'boolean', (f) => f.open],
  ['first_seen', 'text', (f) => f.firstSeen],
  ['provenance', 'jsonb', (f) => f.provenance],
];

const pairingColumns: readonly Column<Pairing>[] = [
  ['pair_key', 'text', (p) => p.key],
  ['piece_key', 'text', (p) => p.pieceKey],
  ['kind', 'text', (p) => p.kind],
  ['number', 'text', (p) => p.number],
  ['warehouse', 'text', (p) => p.warehouse],
  ['financing_a', 'text', (p) => p.financingA],
  ['financing_b', 'text', (p) => p.financingB],
  ['first_seen', 'text', (p) => p.firstSeen],
  ['provenance', 'jsonb', (p) => p.provenance],
];
