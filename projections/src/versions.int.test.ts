import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, testServices } from '../../tests/harness/index.ts';
import { inTransaction } from './db.ts';
import { migrate } from './migrate.ts';
import { lockProjectionExclusive, lockProjectionShared } from './versions.ts';

// Advisory locks are database-wide; two namespaces sharing a database (tests, a benchmark
// beside a deployment) must never wait for each other's switch or batches (db.ts advisoryLockKey).
describe('projection locks of two namespaces in one database', () => {
  const { databaseUrl } = testServices();
  const schemas: Awaited<ReturnType<typeof createTestSchema>>[] = [];
  const pools: pg.Pool[] = [];

  beforeAll(async () => {
    for (const prefix of ['locka', 'lockb']) {
      const schema = await createTestSchema(databaseUrl, prefix);
      await migrate(databaseUrl, { schema: schema.schema });
      schemas.push(schema);
      pools.push(new pg.Pool({ connectionString: schema.databaseUrl, max: 3 }));
    }
  });

  afterAll(async () => {
    for (const pool of pools) await pool.end();
    for (const schema of schemas) await schema.drop();
  });

  /** Whether `lock` is granted on `pool` while another transaction holds the exclusive lock in `holder`. */
  async function grantedBeside(
    holder: pg.Pool,
    pool: pg.Pool,
    lock: typeof lockProjectionShared,
  ): Promise<boolean> {
    const held = await holder.connect();
    try {
      await held.query('BEGIN');
      await lockProjectionExclusive(held, 'link-node');
      return await inTransaction(pool, async (db) => {
        await db.query("SET LOCAL lock_timeout = '500ms'");
        try {
          await lock(db, 'link-node');
          return true;
        } catch (error) {
          if ((error as { code?: string }).code === '55P03') return false;
          throw error;
        }
      });
    } finally {
      await held.query('ROLLBACK');
      held.release();
    }
  }

  it('a switch in one namespace holds back batches of its own, not of another', async () => {
    const [a, b] = pools as [pg.Pool, pg.Pool];
    expect(await grantedBeside(a, b, lockProjectionShared)).toBe(true);
    expect(await grantedBeside(a, b, lockProjectionExclusive)).toBe(true);
    expect(await grantedBeside(a, a, lockProjectionShared)).toBe(false);
  });
});
