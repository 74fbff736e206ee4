import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, testServices } from '../../../tests/harness/index.ts';
import { ident, inTransaction } from '../db.ts';
import { applyChainMerges, createLinkNodeTables } from './tables.ts';

/**
 * A version's tables have no planner statistics until autovacuum analyses them (a version just
 * built, or live for less than its round), and a merge must not read them whole meanwhile.
 */
describe('chain merges on tables without planner statistics', () => {
  const { databaseUrl } = testServices();
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    db = await createTestSchema(databaseUrl, 'merges');
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
    await createLinkNodeTables(pool, db.schema);
    const s = ident(db.schema);
    // 2,000 chains of ten nodes, each node with a document and two link keys.
    await pool.query(
      `INSERT INTO ${s}.nodes (node_id, enterprise, doc_type, business_key, block, chain_id, keys, fields, provenance, versions)
       SELECT 'n' || i, 'E', 'pod', 'B' || i, 'logistics', 'c' || (i / 10), '[]', json_build_object('text', repeat('x', 400)), '{}', 1
       FROM generate_series(0, 19999) AS i`,
    );
    await pool.query(
      `INSERT INTO ${s}.key_chains (enterprise, cls, value, chain_id)
       SELECT 'E', cls, cls || i, 'c' || (i / 10) FROM generate_series(0, 19999) AS i, unnest(ARRAY['billNo', 'entOrderNo']) AS cls`,
    );
  });

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  const absorbed = Array.from({ length: 20 }, (_, index) => `c${100 + index * 50}`);

  it('given 20,000 nodes never analysed, when chains merge, then the nodes and keys move through the chain index, not a scan of the tables', async () => {
    const scans = await inTransaction(pool, async (client) => {
      // The backend's counts not yet flushed to the cumulative statistics: they may include its
      // earlier statements, hence the difference.
      const counted = async () =>
        (
          await client.query(
            `SELECT relname, seq_scan::int FROM pg_stat_xact_user_tables
             WHERE schemaname = $1 AND relname IN ('nodes', 'key_chains') ORDER BY relname`,
            [db.schema],
          )
        ).rows as { relname: string; seq_scan: number }[];
      const before = await counted();
      // A batch's merges: twenty chains absorbed (the planner would rather scan than probe twenty times).
      await applyChainMerges(
        client,
        db.schema,
        absorbed.map((chain) => ({ absorbed: chain, into: 'c1' })),
      );
      const after = await counted();
      return after.map((row, index) => ({
        relname: row.relname,
        scans: row.seq_scan - before[index]!.seq_scan,
      }));
    });
    expect(scans).toEqual([
      { relname: 'key_chains', scans: 0 },
      { relname: 'nodes', scans: 0 },
    ]);
    const { rows } = await pool.query(
      `SELECT chain_id, count(*)::int AS nodes FROM ${ident(db.schema)}.nodes
       WHERE chain_id = ANY($1) GROUP BY chain_id`,
      [['c1', ...absorbed]],
    );
    expect(rows).toEqual([{ chain_id: 'c1', nodes: 210 }]);
    const keys = await pool.query(
      `SELECT chain_id, count(*)::int AS keys FROM ${ident(db.schema)}.key_chains
       WHERE chain_id = ANY($1) GROUP BY chain_id`,
      [['c1', ...absorbed]],
    );
    expect(keys.rows).toEqual([{ chain_id: 'c1', keys: 420 }]);
  });
});
