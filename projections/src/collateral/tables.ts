import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import type { Provenance } from '@tradelog/schemas/kit/log/provenance';
import { ident, type Queryable } from '../db.ts';

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
 * A financing as the batch shell reads and writes it: how many of its purchases are not final,
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
const toFinancing = (row: any): FinancingRow => ({
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
const onNamedPieces = (s: string, table: string) =>
  `SELECT * FROM ${s}.${table}
   WHERE piece_key = ANY (ARRAY(SELECT piece_key FROM ${s}.chain_pieces WHERE chain_id = ANY($1))
     || ARRAY(SELECT piece_key FROM ${s}.chain_pieces WHERE chain_id = ANY($3) AND shared) || $2::text[])`;

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
  const s = ident(schema);
  const { rows } = await db.query(onNamedPieces(s, 'chain_pieces'), [
    query.chainIds,
    query.pieceKeys,
    query.sharedOf,
  ]);
  return rows.map(toPiece);
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
  const s = ident(schema);
  const { rows } = await db.query(onNamedPieces(s, 'pairings'), [
    query.chainIds,
    query.pieceKeys,
    query.sharedOf,
  ]);
  return rows.map(toPairing);
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
  if (change.pieces.length === 0) return;
  await db.query(
    `INSERT INTO ${s}.chain_pieces (chain_id, piece_key, kind, number, warehouse, enterprise, first_seen, provenance)
     SELECT chain_id, piece_key, kind, number, warehouse, enterprise, first_seen, provenance
     FROM jsonb_to_recordset($1::jsonb) AS r(chain_id text, piece_key text, kind text, number text, warehouse text,
       enterprise text, first_seen text, provenance jsonb)
     ORDER BY chain_id, piece_key
     ON CONFLICT (chain_id, piece_key) DO UPDATE SET kind = EXCLUDED.kind, number = EXCLUDED.number,
       warehouse = EXCLUDED.warehouse, enterprise = EXCLUDED.enterprise, first_seen = EXCLUDED.first_seen,
       provenance = EXCLUDED.provenance`,
    [
      JSON.stringify(
        change.pieces.map((p) => ({
          chain_id: p.chainId,
          piece_key: p.pieceKey,
          kind: p.kind,
          number: p.number,
          warehouse: p.warehouse,
          enterprise: p.enterprise,
          first_seen: p.firstSeen,
          provenance: p.provenance,
        })),
      ),
    ],
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
  await db.query(
    `INSERT INTO ${s}.financing_states (financing_key, chain_id, enterprise, financing_no, unsettled, open, first_seen, provenance)
     SELECT financing_key, chain_id, enterprise, financing_no, unsettled, open, first_seen, provenance
     FROM jsonb_to_recordset($1::jsonb) AS r(financing_key text, chain_id text, enterprise text, financing_no text,
       unsettled integer, open boolean, first_seen text, provenance jsonb)
     ORDER BY financing_key
     ON CONFLICT (financing_key) DO UPDATE SET chain_id = EXCLUDED.chain_id, unsettled = EXCLUDED.unsettled,
       open = EXCLUDED.open, first_seen = EXCLUDED.first_seen, provenance = EXCLUDED.provenance`,
    [
      JSON.stringify(
        financings.map((f) => ({
          financing_key: f.financingKey,
          chain_id: f.chainId,
          enterprise: f.enterprise,
          financing_no: f.financingNo,
          unsettled: f.unsettled,
          open: f.open,
          first_seen: f.firstSeen,
          provenance: f.provenance,
        })),
      ),
    ],
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
  if (pairings.length === 0) return;
  await db.query(
    `INSERT INTO ${ident(schema)}.pairings (pair_key, piece_key, kind, number, warehouse, financing_a, financing_b, first_seen, provenance)
     SELECT pair_key, piece_key, kind, number, warehouse, financing_a, financing_b, first_seen, provenance
     FROM jsonb_to_recordset($1::jsonb) AS r(pair_key text, piece_key text, kind text, number text, warehouse text,
       financing_a text, financing_b text, first_seen text, provenance jsonb)
     ORDER BY pair_key ON CONFLICT (pair_key) DO NOTHING`,
    [
      JSON.stringify(
        pairings.map((p) => ({
          pair_key: p.key,
          piece_key: p.pieceKey,
          kind: p.kind,
          number: p.number,
          warehouse: p.warehouse,
          financing_a: p.financingA,
          financing_b: p.financingB,
          first_seen: p.firstSeen,
          provenance: p.provenance,
        })),
      ),
    ],
  );
}

/** One piece of a financing's collateral and the other open financings holding it (the exposure query). */
export interface ExposedPiece {
  kind: CollateralKind;
  number: string;
  warehouse: string | null;
  firstSeen: string;
  provenance: Record<string, unknown>;
  others: {
    enterprise: string;
    financingNo: string;
    firstSeen: string;
    provenance: Record<string, unknown>;
  }[];
}

/**
 * A financing's collateral: every piece its chain holds and, for each, the other financings
 * that hold it now (open ones, any enterprise; the caller decides what it may name). Null when
 * the enterprise has no such financing.
 */
export async function findExposure(
  db: Queryable,
  schema: string,
  financing: { enterprise: string; financingNo: string },
): Promise<{ financing: FinancingRow; pieces: ExposedPiece[] } | null> {
  const s = ident(schema);
  const key = financingKeyOf(financing.enterprise, financing.financingNo);
  const { rows } = await db.query(
    `SELECT f.*, p.kind, p.number, p.warehouse, p.first_seen AS piece_first_seen, p.provenance AS piece_provenance,
       (SELECT coalesce(jsonb_agg(jsonb_build_object('enterprise', o.enterprise, 'financingNo', o.financing_no,
            'firstSeen', greatest(o.first_seen, h.first_seen), 'provenance', o.provenance)
            ORDER BY o.enterprise, o.financing_no), '[]'::jsonb)
        FROM ${s}.chain_pieces h JOIN ${s}.financings o ON o.chain_id = h.chain_id AND o.open
        WHERE h.piece_key = p.piece_key AND o.financing_key <> f.financing_key) AS others
     FROM ${s}.financings f LEFT JOIN ${s}.chain_pieces p ON p.chain_id = f.chain_id
     WHERE f.financing_key = $1
     ORDER BY p.kind, p.warehouse NULLS FIRST, p.number`,
    [key],
  );
  if (rows.length === 0) return null;
  return {
    financing: toFinancing(rows[0]),
    pieces: rows
      .filter((row) => row.kind !== null)
      .map((row) => ({
        kind: row.kind,
        number: row.number,
        warehouse: row.warehouse,
        firstSeen: row.piece_first_seen,
        provenance: row.piece_provenance,
        others: row.others,
      })),
  };
}

/**
 * The link-node rows of every chain holding one of a financing's pieces (its own chain among
 * them), in this projection's own chains: what a collateral answer as of a moment replays
 * (query-api/README.md "As of a moment"), at most `limit`. Empty when the enterprise has no such
 * financing.
 */
export async function findExposureNodes(
  db: Queryable,
  schema: string,
  financing: { enterprise: string; financingNo: string },
  limit: number,
): Promise<{ enterprise: string; provenance: Record<string, unknown> }[]> {
  const s = ident(schema);
  const { rows } = await db.query(
    `SELECT n.enterprise, n.provenance FROM ${s}.nodes n WHERE n.chain_id IN (
       SELECT chain_id FROM ${s}.financing_states WHERE financing_key = $1
       UNION
       SELECT h.chain_id FROM ${s}.financing_states f
         JOIN ${s}.chain_pieces p ON p.chain_id = f.chain_id
         JOIN ${s}.chain_pieces h ON h.piece_key = p.piece_key
       WHERE f.financing_key = $1)
     LIMIT $2`,
    [financingKeyOf(financing.enterprise, financing.financingNo), limit],
  );
  return rows.map((row) => ({ enterprise: row.enterprise, provenance: row.provenance }));
}

/**
 * The link-node rows of every chain holding a piece of a financing of the given enterprises (null:
 * every one) first seen by `seenBy`, open or not today (its own chain among them): what the
 * portfolio as of a moment replays (query-api/README.md "Portfolio"), at most `limit`. A
 * financing open then was seen by then, and its chain then is a part of its chain now.
 */
export async function findPortfolioNodes(
  db: Queryable,
  schema: string,
  query: { enterprises: readonly string[] | null; seenBy: Date; limit: number },
): Promise<{ enterprise: string; provenance: Record<string, unknown> }[]> {
  const s = ident(schema);
  const { rows } = await db.query(
    `WITH f AS (SELECT chain_id FROM ${s}.financing_states
       WHERE ($1::text[] IS NULL OR enterprise = ANY($1)) AND first_seen <= $2)
     SELECT n.enterprise, n.provenance FROM ${s}.nodes n WHERE n.chain_id IN (
       SELECT chain_id FROM f
       UNION
       SELECT h.chain_id FROM f JOIN ${s}.chain_pieces p ON p.chain_id = f.chain_id
         JOIN ${s}.chain_pieces h ON h.piece_key = p.piece_key)
     LIMIT $3`,
    [query.enterprises, query.seenBy.toISOString(), query.limit],
  );
  return rows.map((row) => ({ enterprise: row.enterprise, provenance: row.provenance }));
}

/** When the first financing of the given enterprises (null: every one) was seen; null: none yet. */
export async function findFirstFinancingSeen(
  db: Queryable,
  schema: string,
  enterprises: readonly string[] | null,
): Promise<string | null> {
  const { rows } = await db.query(
    `SELECT min(first_seen) AS first FROM ${ident(schema)}.financing_states
     WHERE $1::text[] IS NULL OR enterprise = ANY($1)`,
    [enterprises],
  );
  return rows[0]?.first ?? null;
}

/** An open alert: two financings, both still holding, on one piece. */
export interface OpenPairing {
  kind: CollateralKind;
  number: string;
  warehouse: string | null;
  firstSeen: string;
  a: { enterprise: string; financingNo: string };
  b: { enterprise: string; financingNo: string };
}

/** The open pairings that involve a financing of one of the given enterprises (null: any), newest first. */
export async function findOpenPairings(
  db: Queryable,
  schema: string,
  query: { enterprises: readonly string[] | null; limit: number },
): Promise<OpenPairing[]> {
  const s = ident(schema);
  const { rows } = await db.query(
    `SELECT p.kind, p.number, p.warehouse, p.first_seen, a.enterprise AS a_enterprise, a.financing_no AS a_no,
       b.enterprise AS b_enterprise, b.financing_no AS b_no
     FROM ${s}.pairings p
     JOIN ${s}.financings a ON a.financing_key = p.financing_a AND a.open
     JOIN ${s}.financings b ON b.financing_key = p.financing_b AND b.open
     WHERE $1::text[] IS NULL OR a.enterprise = ANY($1) OR b.enterprise = ANY($1)
     ORDER BY p.first_seen DESC, p.pair_key LIMIT $2`,
    [query.enterprises, query.limit],
  );
  return rows.map((row) => ({
    kind: row.kind,
    number: row.number,
    warehouse: row.warehouse,
    firstSeen: row.first_seen,
    a: { enterprise: row.a_enterprise, financingNo: row.a_no },
    b: { enterprise: row.b_enterprise, financingNo: row.b_no },
  }));
}

/** An open financing as the lender's portfolio shows it (query-api/README.md "Portfolio"). */
export interface PortfolioFinancing {
  enterprise: string;
  financingNo: string;
  chainId: string;
  firstSeen: string;
  /** Each purchase naming it, as its latest document states it. */
  purchases: {
    purchaseOrderNo: string;
    purchaseAmount: unknown;
    currency: unknown;
    orderStatus: unknown;
    final: boolean;
  }[];
  pieces: {
    kind: CollateralKind;
    number: string;
    warehouse: string | null;
    provenance: CollateralProvenance;
  }[];
  /** The chain's three documents received last, newest first. */
  latestEvents: { documentType: string; businessKey: string; receivedAt: string }[];
  /** Another open financing holds one of its pieces (an open alert). */
  alerted: boolean;
}

/**
 * The open financings of the given enterprises (null: every one), by enterprise and number, at
 * most `limit`, each with its purchases, the pieces its chain holds, its chain's latest documents
 * and whether an open alert names it.
 */
export async function findPortfolio(
  db: Queryable,
  schema: string,
  query: { enterprises: readonly string[] | null; limit: number },
): Promise<PortfolioFinancing[]> {
  const s = ident(schema);
  const { rows } = await db.query(
    `SELECT f.enterprise, f.financing_no, f.chain_id, f.first_seen,
       (SELECT coalesce(jsonb_agg(jsonb_build_object('purchaseOrderNo', n.business_key,
            'purchaseAmount', n.fields->'purchaseAmount', 'currency', n.fields->'currency',
            'orderStatus', n.fields->'orderStatus', 'final', p.final) ORDER BY n.business_key), '[]'::jsonb)
        FROM ${s}.financing_purchases p JOIN ${s}.nodes n ON n.node_id = p.node_id
        WHERE p.financing_key = f.financing_key) AS purchases,
       (SELECT coalesce(jsonb_agg(jsonb_build_object('kind', c.kind, 'number', c.number, 'warehouse', c.warehouse,
            'provenance', c.provenance) ORDER BY c.kind, c.warehouse NULLS FIRST, c.number), '[]'::jsonb)
        FROM ${s}.chain_pieces c WHERE c.chain_id = f.chain_id) AS pieces,
       (SELECT coalesce(jsonb_agg(e.event ORDER BY e.received_at DESC), '[]'::jsonb) FROM (
          SELECT jsonb_build_object('documentType', n.doc_type, 'businessKey', n.business_key,
            'receivedAt', n.provenance->>'receivedAt') AS event, n.provenance->>'receivedAt' AS received_at
          FROM ${s}.nodes n WHERE n.chain_id = f.chain_id
          ORDER BY n.provenance->>'receivedAt' DESC, n.node_id LIMIT 3) e) AS latest_events,
       EXISTS (SELECT 1 FROM ${s}.pairings x
         JOIN ${s}.financing_states a ON a.financing_key = x.financing_a AND a.open
         JOIN ${s}.financing_states b ON b.financing_key = x.financing_b AND b.open
         WHERE x.financing_a = f.financing_key OR x.financing_b = f.financing_key) AS alerted
     FROM ${s}.financing_states f
     WHERE f.open AND ($1::text[] IS NULL OR f.enterprise = ANY($1))
     ORDER BY f.enterprise, f.financing_no LIMIT $2`,
    [query.enterprises, query.limit],
  );
  return rows.map((row) => ({
    enterprise: row.enterprise,
    financingNo: row.financing_no,
    chainId: row.chain_id,
    firstSeen: row.first_seen,
    purchases: row.purchases,
    pieces: row.pieces,
    latestEvents: row.latest_events,
    alerted: row.alerted,
  }));
}
