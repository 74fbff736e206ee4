import type { PortfolioRow } from '@tradelog/schemas/queries/portfolio';
import { ident, type Queryable } from '../db.ts';
import { type CoverageRow, numberOrNull, toCoverage } from './pledgeTables.ts';
import {
  type CollateralKind,
  type CollateralProvenance,
  type FinancingRow,
  financingKeyOf,
  toFinancing,
} from './tables.ts';

/**
 * What the lender queries read from the collateral projection (query spec §7, query-api/README.md
 * "Collateral exposure", "Portfolio" and "As of a moment"): a financing's exposure, the open
 * pairings, the portfolio with its open alerts, and the link-node rows an answer as of a moment
 * replays. The fold's own reads and writes are in tables.ts, pledgeTables.ts and pledgeWrites.ts.
 */

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
 * A page of a financing's collateral: the pieces its chain holds, in (kind, warehouse, number)
 * order, and for each the other financings that hold it now (open ones, any enterprise; the
 * caller decides what it may name); with how many pieces the chain holds and how many of them
 * another open financing holds too, whatever the page (query-api README "Collateral exposure").
 * Without `page`, every piece. Null when the enterprise has no such financing.
 */
export async function findExposure(
  db: Queryable,
  schema: string,
  financing: { enterprise: string; financingNo: string },
  page?: { limit: number; offset: number },
): Promise<{ financing: FinancingRow; pieces: ExposedPiece[]; total: number; reused: number } | null> {
  const s = ident(schema);
  const key = financingKeyOf(financing.enterprise, financing.financingNo);
  // Another open financing holding the piece: on any chain holding it, its own chain included.
  const heldByAnother = (piece: string) => `EXISTS (SELECT 1 FROM ${s}.chain_pieces h
      JOIN ${s}.financings o ON o.chain_id = h.chain_id AND o.open
      WHERE h.piece_key = ${piece}.piece_key AND o.financing_key <> $1)`;
  const { rows } = await db.query(
    `WITH f AS (SELECT * FROM ${s}.financings WHERE financing_key = $1),
     size AS (
       SELECT count(p.piece_key) AS total, count(p.piece_key) FILTER (WHERE ${heldByAnother('p')}) AS reused
       FROM f JOIN ${s}.chain_pieces p ON p.chain_id = f.chain_id),
     page AS (
       SELECT p.* FROM f JOIN ${s}.chain_pieces p ON p.chain_id = f.chain_id
       ORDER BY p.kind, p.warehouse NULLS FIRST, p.number LIMIT $2 OFFSET $3)
     SELECT f.*, size.total, size.reused, p.kind, p.number, p.warehouse, p.first_seen AS piece_first_seen,
       p.provenance AS piece_provenance,
       (SELECT coalesce(jsonb_agg(jsonb_build_object('enterprise', o.enterprise, 'financingNo', o.financing_no,
            'firstSeen', greatest(o.first_seen, h.first_seen), 'provenance', o.provenance)
            ORDER BY o.enterprise, o.financing_no), '[]'::jsonb)
        FROM ${s}.chain_pieces h JOIN ${s}.financings o ON o.chain_id = h.chain_id AND o.open
        WHERE h.piece_key = p.piece_key AND o.financing_key <> f.financing_key) AS others
     FROM f CROSS JOIN size LEFT JOIN page p ON true
     ORDER BY p.kind, p.warehouse NULLS FIRST, p.number`,
    [key, page?.limit ?? null, page?.offset ?? 0],
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
    total: Number(rows[0].total),
    reused: Number(rows[0].reused),
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
  /** Each purchase naming it, as its latest document states it (as the answer shows it). */
  purchases: PortfolioRow['purchases'];
  pieces: {
    kind: CollateralKind;
    number: string;
    warehouse: string | null;
    provenance: CollateralProvenance;
  }[];
  /** The chain's three documents received last, newest first. */
  latestEvents: PortfolioRow['latestEvents'];
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
    // The coverage row as a JSON object (to_jsonb): the columns by name, numerics as numbers.
    coverage: row.coverage === null ? null : toCoverage(row.coverage),
    crossings: (row.crossings as FinancingAlertRows['crossings']).map((x) => ({
      ...x,
      threshold: Number(x.threshold),
      coverageBefore: numberOrNull(x.coverageBefore),
      coverageAfter: Number(x.coverageAfter),
    })),
  }));
}
