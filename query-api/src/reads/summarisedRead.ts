import {
  type ProjectionVersion,
  type Queryable,
  type SummaryLogEnds,
  type VersionSummary,
  versionSummaryOf,
  versionSummaryQuery,
} from '@tradelog/projections';

/**
 * Runs a read whose first statement also reads the version's summary (liveness, freshness), in
 * that statement's one snapshot (README "Read caches"): a lender query that reads costs one
 * statement, not a version check and then a read. The read's statements go through the `db`
 * it is handed; the first one goes to `first` (one statement of its own, or shared with
 * concurrent reads: ./readBatches.ts), later ones run as given.
 */
export async function readWithSummary<T>(
  pool: Queryable,
  first: FirstStatements,
  version: SummarisedVersion,
  logEnds: LogEnds,
  read: (db: Queryable) => Promise<T>,
): Promise<{ result: T; summary: VersionSummary }> {
  let summary: VersionSummary | undefined;
  const db = {
    query: async (config: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
      const text = typeof config === 'string' ? config : config.text;
      const given = (typeof config === 'string' ? values : config.values) ?? [];
      if (summary) return pool.query(text, given as unknown[]);
      const answer = await first({ text, values: given as unknown[] }, version, logEnds);
      summary = answer.summary;
      return { rows: answer.rows, rowCount: answer.rows.length };
    },
  } as unknown as Queryable;
  const result = await read(db);
  if (!summary) throw new Error('a summarised read must make its first statement through the db it is given');
  return { result, summary };
}

export type SummarisedVersion = Pick<ProjectionVersion, 'projection' | 'version' | 'consumerGroup'>;
export type LogEnds = SummaryLogEnds;

export interface Statement {
  text: string;
  values: unknown[];
}

/** Runs a read's first statement with the version's summary: its rows and the summary. */
export type FirstStatements = (
  statement: Statement,
  version: SummarisedVersion,
  logEnds: LogEnds,
) => Promise<{ summary: VersionSummary; rows: Row[] }>;

/** A row as pg returns it: its columns are the read's own. */
// biome-ignore lint/suspicious/noExplicitAny: pg rows are untyped; each read maps its own
export type Row = any;

/** Each first statement on its own (routers built without a read cache, tests). */
export const firstStatementsAlone =
  (pool: Queryable): FirstStatements =>
  async (statement, version, logEnds) => {
    const combined = summarisedStatement(statement.text, [statement.values], version, logEnds);
    const { rows } = await pool.query(combined.text, combined.values);
    const { summary, items } = splitSummarisedRows(rows, 1);
    return { summary, rows: items[0]! };
  };

/**
 * One statement for the reads of one text (each with its own values) and the version's summary
 * — pure:
 *
 *   SELECT s.*, r.* FROM (version summary) s LEFT JOIN LATERAL (
 *     SELECT 0 AS tradelog_summary_item, q.* FROM (read 0) q UNION ALL
 *     SELECT 1, q.* FROM (read 1, its parameters renumbered) q …) r ON true
 *
 * The summary side is one row and the join has no condition, so a nested loop is the only plan
 * Postgres can make of it; the branches of UNION ALL run one after the other, each keeping its
 * read's order (the pool runs no parallel plans: ./preparedClient.ts). A statement whose reads
 * have no rows still returns the summary's row (its read columns null).
 */
export function summarisedStatement(
  text: string,
  reads: readonly (readonly unknown[])[],
  version: SummarisedVersion,
  logEnds: LogEnds,
): Statement {
  const perRead = reads[0]?.length ?? 0;
  if (reads.some((values) => values.length !== perRead)) {
    throw new Error('reads sharing a statement must have as many values each');
  }
  const branches = reads.map((_, item) => {
    const renumbered = item === 0 ? text : renumberParameters(text, item * perRead);
    return `SELECT ${item} AS tradelog_summary_item, q.* FROM (${renumbered}) q`;
  });
  const summary = versionSummaryQuery(version, logEnds, reads.length * perRead + 1);
  return {
    text: `SELECT s.*, r.* FROM (${summary.text}) s
       LEFT JOIN LATERAL (${branches.join(' UNION ALL ')}) r ON true`,
    values: [...reads.flat(), ...summary.values],
  };
}

/** The summary and each read's rows (without the summary's columns), from a summarised statement's rows. */
export function splitSummarisedRows(
  rows: readonly Row[],
  reads: number,
): { summary: VersionSummary; items: Row[][] } {
  const first = rows[0];
  if (first === undefined) throw new Error('a summarised statement returns at least the summary row');
  const items: Row[][] = Array.from({ length: reads }, () => []);
  for (const row of rows) {
    const item = row.tradelog_summary_item;
    if (item !== null && item !== undefined) items[item]!.push(readColumns(row));
  }
  return { summary: versionSummaryOf(first), items };
}

/**
 * `$n` → `$(n + by)`. Our read texts are written in this repository and hold parameters only as
 * `$n` outside literals, so a textual shift is exact for them.
 */
const renumberParameters = (text: string, by: number) =>
  text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + by}`);

function readColumns(row: Row): Row {
  const out: Record<string, unknown> = {};
  for (const column in row) if (!column.startsWith('tradelog_summary_')) out[column] = row[column];
  return out;
}
