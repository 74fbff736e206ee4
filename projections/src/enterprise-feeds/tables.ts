import { ident, type Queryable } from '../db.ts';
import { type Column, writeRecordset } from '../recordsets.ts';

/**
 * Enterprise feed rows (processors/src/enterprise-feeds/reducer.ts): one row per natural key of
 * each family — a taxpayer's report, a sales channel and its periods, an account change, a
 * brand's places, a warehouse's figures — with the content the queries answer from.
 */
export async function createEnterpriseFeedTables(db: Queryable, schema: string): Promise<void> {
  const s = ident(schema);
  await db.query(`
    CREATE TABLE IF NOT EXISTS ${s}.feed_rows (
      row_key text PRIMARY KEY,
      family text NOT NULL,
      enterprise text NOT NULL,
      scope text NOT NULL,
      period text NOT NULL,
      as_of text,
      content jsonb NOT NULL,
      content_sha256 text NOT NULL,
      source jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS feed_rows_lookup ON ${s}.feed_rows (family, enterprise, scope, period);`);
}

/** The document a feed row last took its content from (stored as JSON beside the row). */
export type FeedSource = {
  documentId: string;
  position: string;
  partnerId: string;
  receivedAt: string;
};

/** The enterprise feed families (processors/src/enterprise-feeds/reducer.ts). */
export type FeedFamily =
  | 'tax'
  | 'salesToB'
  | 'salesToC'
  | 'account'
  | 'ranking'
  | 'inWarehouse'
  | 'indicators'
  | 'stock';

export interface FeedRowRecord {
  rowKey: string;
  family: FeedFamily;
  /** The enterprise the fact belongs to ('' for rankings, which are market data). */
  enterprise: string;
  /** What within the enterprise: a data type, a platform (/shop), a warehouse, a category. */
  scope: string;
  /** Which period or moment: a sales period, a change time, a snapshot time; '' for a channel or a latest-only row. */
  period: string;
  /** The provider's own time that orders reports of one key (tax reportTime, countDate); null when log order decides. */
  asOf: string | null;
  content: Record<string, unknown>;
  contentSha256: string;
  source: FeedSource;
}

// biome-ignore lint/suspicious/noExplicitAny: a pg row
const toRecord = (row: any): FeedRowRecord => ({
  rowKey: row.row_key,
  family: row.family,
  enterprise: row.enterprise,
  scope: row.scope,
  period: row.period,
  asOf: row.as_of,
  content: row.content,
  contentSha256: row.content_sha256,
  source: row.source,
});

export async function findFeedRows(
  db: Queryable,
  schema: string,
  keys: readonly string[],
): Promise<FeedRowRecord[]> {
  const { rows } = await db.query(`SELECT * FROM ${ident(schema)}.feed_rows WHERE row_key = ANY($1)`, [keys]);
  return rows.map(toRecord);
}

const feedRowColumns: readonly Column<FeedRowRecord>[] = [
  ['row_key', 'text', (row) => row.rowKey],
  ['family', 'text', (row) => row.family],
  ['enterprise', 'text', (row) => row.enterprise],
  ['scope', 'text', (row) => row.scope],
  ['period', 'text', (row) => row.period],
  ['as_of', 'text', (row) => row.asOf],
  ['content', 'jsonb', (row) => row.content],
  ['content_sha256', 'text', (row) => row.contentSha256],
  ['source', 'jsonb', (row) => row.source],
];

/** Writes a batch's changed rows with one statement (rows in key order: concurrent writers never deadlock). */
export async function upsertFeedRows(
  db: Queryable,
  schema: string,
  rows: readonly FeedRowRecord[],
): Promise<void> {
  await writeRecordset(
    db,
    {
      table: `${ident(schema)}.feed_rows`,
      key: ['row_key'],
      columns: feedRowColumns,
      // A row's family, enterprise, scope and period are its key's parts.
      onConflict: { update: ['as_of', 'content', 'content_sha256', 'source'] },
    },
    rows,
  );
}

/**
 * Rows of one family and enterprise for a query: optionally only the given scopes or scopes
 * starting with `scopePrefix` (a platform), periods starting with `periodPrefix` (a year or a
 * month; a channel's row, period '', always comes along) or not after `periodTo`; in scope and
 * period order.
 */
export async function listFeedRows(
  db: Queryable,
  schema: string,
  filter: {
    family: string;
    enterprise: string;
    scopes?: readonly string[];
    scopePrefix?: string;
    periodPrefix?: string;
    periodTo?: string;
  },
): Promise<FeedRowRecord[]> {
  const { rows } = await db.query(
    `SELECT * FROM ${ident(schema)}.feed_rows
     WHERE family = $1 AND enterprise = $2
       AND ($3::text[] IS NULL OR scope = ANY($3))
       AND ($4::text IS NULL OR starts_with(scope, $4))
       AND ($5::text IS NULL OR period = '' OR starts_with(period, $5))
       AND ($6::text IS NULL OR period <= $6)
     ORDER BY scope, period`,
    [
      filter.family,
      filter.enterprise,
      filter.scopes ?? null,
      filter.scopePrefix ?? null,
      filter.periodPrefix ?? null,
      filter.periodTo ?? null,
    ],
  );
  return rows.map(toRecord);
}

/** The latest period of a family (brand rankings without a requested month). */
export async function latestFeedPeriod(
  db: Queryable,
  schema: string,
  family: string,
  enterprise: string,
): Promise<string | null> {
  const { rows } = await db.query(
    `SELECT max(period) AS period FROM ${ident(schema)}.feed_rows WHERE family = $1 AND enterprise = $2`,
    [family, enterprise],
  );
  return rows[0]?.period ?? null;
}

/** The brand-ranking rows of one period for the brands asked about (brand rankings have no enterprise). */
export async function findRankings(
  db: Queryable,
  schema: string,
  period: string,
  brands: readonly string[],
): Promise<FeedRowRecord[]> {
  const { rows } = await db.query(
    `SELECT * FROM ${ident(schema)}.feed_rows
     WHERE family = 'ranking' AND enterprise = '' AND period = $1 AND content->>'brand' = ANY($2)
     ORDER BY scope`,
    [period, brands],
  );
  return rows.map(toRecord);
}
