import type pg from 'pg';

/** Anything that runs a statement: a pool, or a client inside a transaction. */
export type Queryable = Pick<pg.ClientBase, 'query'>;

/** A Postgres identifier, quoted. Schema names come from `projection_versions`, never from callers. */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a safe identifier: ${name}`);
  return `"${name}"`;
}

/**
 * The SQL of an advisory-lock key for a name (an SQL expression: a parameter such as `$1`, or
 * one built from it), within the current schema.
 * Advisory locks are database-wide; projections, their versions and their rows live in one
 * schema per namespace (tests, benchmarks and a deployment may share a database), so a lock
 * names its schema: two namespaces never wait for each other.
 */
export function advisoryLockKey(name: string): string {
  return `hashtextextended(current_schema() || '/' || ${name}, 0)`;
}

/** Runs `work` in one transaction on a client of its own; rolls back when it throws. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Which page of a listing to read (`pagedSelect`). */
export interface PageRequest {
  limit: number;
  offset: number;
  /** An export of every page: read no further than the limit (pagedSelect). */
  bounded?: boolean;
}

/**
 * A paged statement with each row's `total`: `SELECT <columns>, count(*) OVER () AS total <rest>`,
 * where `rest` (FROM … ORDER BY … LIMIT … OFFSET …) limits the rows. Counting every match is what
 * a page's `totalCount` needs; an export of every page (`bounded`, query-api README "Exports")
 * needs only whether the match exceeds its cap, so it is read as the limited rows alone, counted
 * after the LIMIT: the database stops at the cap + 1 instead of reading every match to count it.
 * The outer count keeps the inner order (an empty window passes its rows on in order).
 */
export function pagedSelect(columns: string, rest: string, bounded = false): string {
  return bounded
    ? `SELECT page.*, count(*) OVER () AS total FROM (SELECT ${columns} ${rest}) page`
    : `SELECT ${columns}, count(*) OVER () AS total ${rest}`;
}

/** What a `pagedSelect` counted (every row carries it), or 0 when the page is empty. */
export function pagedTotal(rows: readonly { total?: unknown }[]): number {
  return rows[0] ? Number(rows[0].total) : 0;
}
