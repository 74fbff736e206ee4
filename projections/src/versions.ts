import type { ListedVersion, VersionState } from '@tradelog/schemas/queries/operations';
import type pg from 'pg';
import { type ProjectionName, projectionDeclaration } from './catalogue.ts';
import { deleteCheckpoints } from './checkpoints.ts';
import { advisoryLockKey, type Queryable } from './db.ts';
import { supersedeLettersOfOtherVersions } from './deadLetters.ts';

/**
 * Projection versions (ARCHITECTURE "Rebuild is a first-class operation"). Each version of a
 * projection keeps its tables in a Postgres schema of its own, `<namespace>_<projection>_v<n>`
 * (`proj_link_node_v1` in a deployment; tests use their own namespace), and reads the log with
 * a consumer group of its own. `projection_versions` says which version is live; readers
 * resolve it per request, and a rebuild flips it in one transaction, so a reader sees either
 * the old complete view or the new complete view, never a half-built one.
 */

// A version's states and listed fields are the operator contract's (GET /ops/rebuild/{projection}).
export type { VersionState };

export interface ProjectionVersion extends Omit<ListedVersion<Date>, 'projection'> {
  projection: ProjectionName;
}

// biome-ignore lint/suspicious/noExplicitAny: a pg row
const toVersion = (row: any): ProjectionVersion => ({
  projection: row.projection,
  version: row.version,
  schemaName: row.schema_name,
  consumerGroup: row.consumer_group,
  state: row.state,
  progress: row.progress,
  createdAt: row.created_at,
  liveSince: row.live_since,
  retiredAt: row.retired_at,
  revision: row.revision,
  acceptDifferences: row.accept_differences,
});

const columns =
  'projection, version, schema_name, consumer_group, state, progress, created_at, live_since, retired_at, revision, accept_differences';

export function versionSchemaName(namespace: string, projection: ProjectionName, version: number): string {
  return `${namespace}_${projection.replaceAll('-', '_')}_v${version}`;
}

export function versionConsumerGroup(namespace: string, projection: ProjectionName, version: number): string {
  return `tradelog.${namespace}.${projection}.v${version}`;
}

/**
 * Versions of one projection are added one at a time: whoever looks for a pending version and
 * adds the next holds this until its transaction ends, so two requests at once add one version
 * (not two, nor a duplicate number refused by the primary key).
 */
export async function lockVersionAdding(db: Queryable, projection: ProjectionName): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(${advisoryLockKey('$1')})`, [
    `tradelog.versions.${projection}`,
  ]);
}

/** Adds the next version of a projection in the given state; returns it. Inside a transaction. */
export async function insertNextVersion(
  db: Queryable,
  namespace: string,
  projection: ProjectionName,
  state: 'requested' | 'building' | 'live',
  at: Date,
  options: {
    /** The revision it is built with: the declaration's, unless the builder runs other code (tests). */
    revision?: number;
    /** Switch when built even though it differs from the live version (an operator's request). */
    acceptDifferences?: boolean;
  } = {},
): Promise<ProjectionVersion> {
  const revision = options.revision ?? projectionDeclaration(projection).revision;
  // Held already by a caller that looked for a pending version first (taken again, it is held once).
  await lockVersionAdding(db, projection);
  const { rows } = await db.query(
    `WITH next AS (SELECT COALESCE(MAX(version), 0) + 1 AS version FROM projection_versions WHERE projection = $1)
     INSERT INTO projection_versions (projection, version, schema_name, consumer_group, state, created_at, live_since,
                                      revision, accept_differences)
     SELECT $1, next.version, $2 || '_' || replace($1, '-', '_') || '_v' || next.version,
            'tradelog.' || $2 || '.' || $1 || '.v' || next.version, $3, $4, CASE WHEN $3 = 'live' THEN $4::timestamptz END,
            $5, $6
     FROM next
     RETURNING ${columns}`,
    [projection, namespace, state, at, revision, options.acceptDifferences ?? false],
  );
  return toVersion(rows[0]);
}

/** The first version a condition on projection_versions picks (`where`, with any order), or null. */
async function findOneVersion(
  db: Queryable,
  where: string,
  values: unknown[],
): Promise<ProjectionVersion | null> {
  const { rows } = await db.query(`SELECT ${columns} FROM projection_versions WHERE ${where}`, values);
  return rows[0] ? toVersion(rows[0]) : null;
}

export async function findLiveVersion(
  db: Queryable,
  projection: ProjectionName,
): Promise<ProjectionVersion | null> {
  return findOneVersion(db, `projection = $1 AND state = 'live'`, [projection]);
}

export async function findVersion(
  db: Queryable,
  projection: ProjectionName,
  version: number,
): Promise<ProjectionVersion | null> {
  return findOneVersion(db, 'projection = $1 AND version = $2', [projection, version]);
}

export async function listVersions(db: Queryable, projection?: ProjectionName): Promise<ProjectionVersion[]> {
  const { rows } = await db.query(
    `SELECT ${columns} FROM projection_versions WHERE $1::text IS NULL OR projection = $1 ORDER BY projection, version`,
    [projection ?? null],
  );
  return rows.map(toVersion);
}

/** A version being built with the given revision (an upgrade interrupted earlier resumes it). */
export async function findBuildingVersion(
  db: Queryable,
  projection: ProjectionName,
  revision: number,
): Promise<ProjectionVersion | null> {
  return findOneVersion(
    db,
    `projection = $1 AND state = 'building' AND revision = $2
     ORDER BY version DESC LIMIT 1`,
    [projection, revision],
  );
}

/** Records the revision a claimed version is built with (the builder's code, not the requester's). */
export async function setVersionRevision(
  db: Queryable,
  projection: ProjectionName,
  version: number,
  revision: number,
): Promise<void> {
  await db.query('UPDATE projection_versions SET revision = $3 WHERE projection = $1 AND version = $2', [
    projection,
    version,
    revision,
  ]);
}

/** The oldest requested version of any projection, claimed for building (one builder at a time). */
export async function claimRequestedVersion(db: Queryable): Promise<ProjectionVersion | null> {
  const { rows } = await db.query(
    `UPDATE projection_versions SET state = 'building'
     WHERE (projection, version) = (
       SELECT projection, version FROM projection_versions WHERE state = 'requested'
       ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING ${columns}`,
  );
  return rows[0] ? toVersion(rows[0]) : null;
}

export async function saveVersionProgress(
  db: Queryable,
  projection: ProjectionName,
  version: number,
  progress: Record<string, unknown>,
): Promise<void> {
  await db.query(
    'UPDATE projection_versions SET progress = progress || $3::jsonb WHERE projection = $1 AND version = $2',
    [projection, version, JSON.stringify(progress)],
  );
}

export async function markVersionFailed(
  db: Queryable,
  projection: ProjectionName,
  version: number,
  reason: string,
): Promise<void> {
  await db.query(
    `UPDATE projection_versions SET state = 'failed', progress = progress || jsonb_build_object('failure', $3::text)
     WHERE projection = $1 AND version = $2 AND state IN ('requested', 'building')`,
    [projection, version, reason],
  );
}

/**
 * An operator's cancel: the projection's requested or building version is failed, saying who
 * cancelled it and when; a build in progress stops at its next tick and can no longer switch.
 * The version cancelled, if there was one.
 */
export async function cancelPendingVersion(
  db: Queryable,
  projection: ProjectionName,
  cancelledBy: string,
  at: Date,
): Promise<number | null> {
  const { rows } = await db.query(
    `UPDATE projection_versions SET state = 'failed',
       progress = progress || jsonb_build_object('failure', 'cancelled', 'cancelledBy', $2::text, 'cancelledAt', $3::timestamptz)
     WHERE projection = $1 AND state IN ('requested', 'building') RETURNING version`,
    [projection, cancelledBy, at],
  );
  return rows[0] ? Number(rows[0].version) : null;
}

/**
 * The atomic switch: within the caller's transaction the live version is retired, the given one
 * made live, and the dead letters of the other versions superseded. Run it holding
 * `lockProjectionExclusive` so that no live batch commits between the comparison and the switch.
 */
export async function switchLiveVersion(
  db: Queryable,
  projection: ProjectionName,
  version: number,
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE projection_versions SET state = 'retired', retired_at = $2 WHERE projection = $1 AND state = 'live'`,
    [projection, at],
  );
  const { rows } = await db.query(
    `UPDATE projection_versions SET state = 'live', live_since = $3 WHERE projection = $1 AND version = $2 AND state = 'building'
     RETURNING consumer_group`,
    [projection, version, at],
  );
  if (rows.length !== 1) throw new Error(`${projection} v${version} is not a version being built`);
  await supersedeLettersOfOtherVersions(db, projection, rows[0].consumer_group, at);
}

/**
 * Batches of the live consumer take this lock shared (they run side by side); the switch takes
 * it exclusive, so it waits for the batch in flight and holds the next one back until it commits.
 */
export async function lockProjectionShared(db: Queryable, projection: ProjectionName): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock_shared(${advisoryLockKey('$1')})`, [
    `tradelog.projection.${projection}`,
  ]);
}

export async function lockProjectionExclusive(db: Queryable, projection: ProjectionName): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(${advisoryLockKey('$1')})`, [
    `tradelog.projection.${projection}`,
  ]);
}

export async function versionState(
  db: Queryable,
  schemaName: string,
  options: { lock?: boolean } = {},
): Promise<VersionState | null> {
  // Locked, inside a transaction, a cancel (an UPDATE of the row) waits until it ends.
  const { rows } = await db.query(
    `SELECT state FROM projection_versions WHERE schema_name = $1${options.lock ? ' FOR UPDATE' : ''}`,
    [schemaName],
  );
  return rows[0]?.state ?? null;
}

/** Drops a retired or failed version: its schema, its checkpoints and its row. Never the live one. */
export async function dropVersion(
  pool: pg.Pool,
  projection: ProjectionName,
  version: number,
): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query(
      `DELETE FROM projection_versions WHERE projection = $1 AND version = $2 AND state IN ('retired', 'failed')
       RETURNING schema_name, consumer_group`,
      [projection, version],
    );
    if (rows[0]) {
      // Through the function of migration 1766200000000: the schema may belong to the processors'
      // role, and it drops only a schema no version names (deploy/README.md "Postgres: one role
      // per service").
      await client.query('SELECT drop_projection_version_schema($1)', [rows[0].schema_name]);
      await deleteCheckpoints(client, rows[0].consumer_group);
    }
    await client.query('COMMIT');
    return rows.length > 0;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

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
