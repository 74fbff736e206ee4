import {
  type ProjectionVersion,
  type Queryable,
  type VersionSummary,
  versionSummaryOf,
  versionSummaryQuery,
} from '@tradelog/projections';

/**
 * Runs a read whose first statement also reads the version's summary (liveness, freshness), in
 * that statement's one snapshot (README "Read caches"): a lender query that reads costs one
 * statement, not a version check and then a read. The read's statements go through the `db`
 * it is handed; the first one becomes
 *
 *   SELECT summary…, r.* FROM (version summary) s LEFT JOIN LATERAL (SELECT true, q.* FROM (read) q) r ON true
 *
 * The summary side is one row and the join has no condition, so a nested loop is the only plan
 * Postgres can make of it and the read's rows keep their order; a read without rows still
 * returns the summary's row (its read columns null). Later statements run as given.
 */
export async function readWithSummary<T>(
  pool: Queryable,
  version: Pick<ProjectionVersion, 'projection' | 'version' | 'consumerGroup'>,
  logEnds: readonly { topic: string; partition: number; end: string }[] | null,
  read: (db: Queryable) => Promise<T>,
): Promise<{ result: T; summary: VersionSummary }> {
  let summary: VersionSummary | undefined;
  const db = {
    query: async (config: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
      const text = typeof config === 'string' ? config : config.text;
      const given = (typeof config === 'string' ? values : config.values) ?? [];
      if (summary) return pool.query(text, given as unknown[]);
      const withSummary = versionSummaryQuery(version, logEnds, given.length + 1);
      const answer = await pool.query(
        `SELECT s.*, r.* FROM (${withSummary.text}) s
         LEFT JOIN LATERAL (SELECT true AS tradelog_summary_row, q.* FROM (${text}) q) r ON true`,
        [...given, ...withSummary.values],
      );
      summary = versionSummaryOf(answer.rows[0]);
      const rows = answer.rows.filter((row) => row.tradelog_summary_row).map(readColumns);
      return { ...answer, rows, rowCount: rows.length };
    },
  } as unknown as Queryable;
  const result = await read(db);
  if (!summary) throw new Error('a summarised read must make its first statement through the db it is given');
  return { result, summary };
}

// biome-ignore lint/suspicious/noExplicitAny: a pg row
function readColumns(row: any): any {
  const out: Record<string, unknown> = {};
  for (const column in row) if (!column.startsWith('tradelog_summary_')) out[column] = row[column];
  return out;
}
