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
