import type pg from 'pg';

/** Anything that runs a statement: a pool, or a client inside a transaction. */
export type Queryable = Pick<pg.ClientBase, 'query'>;

/** A Postgres identifier, quoted. Schema names come from `projection_versions`, never from callers. */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a safe identifier: ${name}`);
  return `"${name}"`;
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
