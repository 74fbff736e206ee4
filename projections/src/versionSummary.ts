import type { Queryable } from './db.ts';
import type { ProjectionVersion } from './versions.ts';

/**
 * What a reader is told of a version's freshness (query-api README "Freshness"): the positions
 * its checkpoints stand at, and the one-statement summary each answer carries.
 */

/** Freshness of a version: the last applied offset and time per partition. */
export async function versionFreshness(
  db: Queryable,
  consumerGroup: string,
): Promise<{ appliedAt: Date | null; offsets: { topic: string; partition: number; nextOffset: string }[] }> {
  const { rows } = await db.query(
    `SELECT topic, partition, next_offset, applied_at FROM projection_checkpoints WHERE consumer_group = $1 ORDER BY topic, partition`,
    [consumerGroup],
  );
  let appliedAt: Date | null = null;
  for (const row of rows) if (appliedAt === null || row.applied_at > appliedAt) appliedAt = row.applied_at;
  return {
    appliedAt,
    offsets: rows.map((row) => ({
      topic: row.topic,
      partition: row.partition,
      nextOffset: String(row.next_offset),
    })),
  };
}

/**
 * What a lender's answer says about a version, in one statement (query-api/README.md
 * "Freshness"): whether it is still the live version (a cached version is checked here, in the
 * statement's own snapshot), when it last applied a record, and — given the log's end offsets —
 * how many records of the log it has not applied yet (null when the ends are not known).
 */
export interface VersionSummary {
  live: boolean;
  appliedAt: Date | null;
  /**
   * The sum of the version's next offsets: it grows with every batch applied (rows and offsets
   * commit together), so rows read at equal values are equal — readers may reuse an answer.
   */
  appliedThrough: string;
  /**
   * Records acknowledged to producers (below the partitions' ends, read after the question) that
   * the version has not applied; null when the ends are not known. Never clamped: a checkpoint
   * past an end is of another log (`logReplaced`).
   */
  recordsBehind: number | null;
  /**
   * The version's checkpoints are of another log than the ends given (./logBinding.ts), or below
   * a partition's start (records deleted before it applied them; a partition with no checkpoint
   * counts from 0, as the live version owes it); null when not known.
   */
  logReplaced: boolean | null;
}

/**
 * The log's ends as a summary reads them: each partition's end, with the topic's and cluster's
 * ids and, where read, its start.
 */
export type SummaryLogEnds =
  | readonly {
      topic: string;
      partition: number;
      end: string;
      topicId?: string;
      clusterId?: string;
      start?: string;
    }[]
  | null;

export async function liveVersionSummary(
  db: Queryable,
  version: Pick<ProjectionVersion, 'projection' | 'version' | 'consumerGroup'>,
  logEnds: SummaryLogEnds,
): Promise<VersionSummary> {
  // Named: parsed and planned once per connection.
  const { rows } = await db.query({
    name: 'tradelog-live-version-summary',
    ...versionSummaryQuery(version, logEnds),
  });
  return versionSummaryOf(rows[0]);
}

/**
 * The summary's statement, with its parameters numbered from `first` so that it can stand
 * beside a read in one statement (query-api's reads/summarisedRead.ts); its columns are
 * prefixed `tradelog_summary_` so that they never meet a read's.
 */
/** The ends as the statement's parameter: written once per list (every answer of a round shares one). */
const endsJsonOf = new WeakMap<object, string>();
function endsJson(logEnds: NonNullable<SummaryLogEnds>): string {
  let json = endsJsonOf.get(logEnds);
  if (json === undefined) {
    json = JSON.stringify(logEnds);
    endsJsonOf.set(logEnds, json);
  }
  return json;
}

export function versionSummaryQuery(
  version: Pick<ProjectionVersion, 'projection' | 'version' | 'consumerGroup'>,
  logEnds: SummaryLogEnds,
  first = 1,
): { text: string; values: unknown[] } {
  const [projection, number, group, ends] = [0, 1, 2, 3].map((i) => `$${first + i}`);
  const endsTable = `jsonb_to_recordset(${ends}::jsonb) AS e(topic text, partition integer, "end" bigint, "topicId" text, "clusterId" text, "start" bigint)`;
  return {
    text: `SELECT EXISTS (SELECT 1 FROM projection_versions WHERE projection = ${projection} AND version = ${number} AND state = 'live') AS tradelog_summary_live,
       c.applied_at AS tradelog_summary_applied_at, c.applied_through AS tradelog_summary_applied_through,
       CASE WHEN ${ends}::jsonb IS NULL THEN NULL ELSE (
         SELECT COALESCE(sum(e."end" - COALESCE(c.next_offset, 0)), 0)
         FROM ${endsTable}
         LEFT JOIN projection_checkpoints c ON c.consumer_group = ${group} AND c.topic = e.topic AND c.partition = e.partition
       ) END AS tradelog_summary_records_behind,
       CASE WHEN ${ends}::jsonb IS NULL THEN NULL ELSE EXISTS (
         SELECT 1 FROM ${endsTable}
         LEFT JOIN projection_checkpoints c ON c.consumer_group = ${group} AND c.topic = e.topic AND c.partition = e.partition
         WHERE c.next_offset > e."end" OR c.topic_id <> e."topicId" OR c.cluster_id <> e."clusterId"
           OR COALESCE(c.next_offset, 0) < e."start" OR c.found_record_timestamp IS NOT NULL
       ) END AS tradelog_summary_log_replaced
     FROM (SELECT max(applied_at) AS applied_at, COALESCE(sum(next_offset), 0)::text AS applied_through
           FROM projection_checkpoints WHERE consumer_group = ${group}) c`,
    values: [version.projection, version.version, version.consumerGroup, logEnds ? endsJson(logEnds) : null],
  };
}

// biome-ignore lint/suspicious/noExplicitAny: a pg row
export function versionSummaryOf(row: any): VersionSummary {
  return {
    live: row.tradelog_summary_live,
    appliedAt: row.tradelog_summary_applied_at,
    appliedThrough: row.tradelog_summary_applied_through,
    recordsBehind:
      row.tradelog_summary_records_behind === null ? null : Number(row.tradelog_summary_records_behind),
    logReplaced: row.tradelog_summary_log_replaced,
  };
}
