import { advisoryLockKey, type ProjectionName } from '@tradelog/projections';
import type pg from 'pg';

/**
 * A projection's build lock (processors/README.md "Projection versions", "Upgrading a
 * projection"): whoever builds a version of the projection — an upgrade, or an operator's
 * rebuild — holds it for the whole build, so one instance builds a projection at a time, and a
 * build whose builder went away (its session ended) is free for the next to resume. The name is
 * the one upgrades have always taken.
 */
export const buildLockOf = (projection: ProjectionName) => `tradelog.upgrade.${projection}`;

/** Runs `work` while holding a session-level advisory lock; false (and nothing run) when another session holds it. */
export async function withSessionLock(
  pool: pg.Pool,
  name: string,
  work: () => Promise<void>,
): Promise<boolean> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ mine: boolean }>(
      `SELECT pg_try_advisory_lock(${advisoryLockKey('$1')}) AS mine`,
      [name],
    );
    if (!rows[0]?.mine) return false;
    try {
      await work();
      return true;
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${advisoryLockKey('$1')})`, [name]);
    }
  } finally {
    client.release();
  }
}
