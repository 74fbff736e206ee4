import { afterAll, describe, expect, it } from 'vitest';
import { testServices } from '../../../tests/harness/index.ts';
import { createPreparingPool } from './preparedClient.ts';

describe('the preparing pg client', () => {
  const pool = createPreparingPool({ connectionString: testServices().databaseUrl, max: 1 });
  afterAll(() => pool.end());

  it('prepares each parameterised statement once per connection and answers as before', async () => {
    const text = 'SELECT $1::int + 1 AS n';
    expect((await pool.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect((await pool.query(text, [41])).rows).toEqual([{ n: 42 }]);
    const { rows } = await pool.query('SELECT statement FROM pg_prepared_statements');
    expect(rows.filter((row) => row.statement === text)).toHaveLength(1);
    // Without parameters: unnamed, as before.
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('plans each prepared statement once: one generic plan, never a custom one per execution', async () => {
    const text = 'SELECT count(*) AS n FROM pg_class WHERE relname = $1 OR relnamespace = $2::oid';
    for (let i = 0; i < 8; i++) await pool.query(text, [`t${i}`, i]);
    const { rows } = await pool.query(
      'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1',
      [text],
    );
    expect(rows).toEqual([{ generic_plans: '8', custom_plans: '0' }]);
  });

  it('prepares a statement again when a column added under it changes its result, run alone or in a transaction', async () => {
    const admin = createPreparingPool({ connectionString: testServices().databaseUrl, max: 1 });
    try {
      await admin.query('DROP TABLE IF EXISTS prepared_grows; CREATE TABLE prepared_grows (id int)');
      await admin.query('INSERT INTO prepared_grows VALUES (1)');
      const text = 'SELECT * FROM prepared_grows WHERE id = $1';
      expect((await pool.query(text, [1])).rows).toEqual([{ id: 1 }]);
      // A migration on another connection, as a rolling upgrade runs it beside this process.
      await admin.query('ALTER TABLE prepared_grows ADD COLUMN note text');
      expect((await pool.query(text, [1])).rows).toEqual([{ id: 1, note: null }]);

      await admin.query('ALTER TABLE prepared_grows ADD COLUMN more text');
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await expect(client.query(text, [1])).rejects.toThrow('cached plan must not change result type');
        await client.query('ROLLBACK');
        // The caller's retry: the statement was prepared again under a new name.
        await client.query('BEGIN');
        expect((await client.query(text, [1])).rows).toEqual([{ id: 1, note: null, more: null }]);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    } finally {
      await admin.query('DROP TABLE IF EXISTS prepared_grows');
      await admin.end();
    }
  });

  it("makes no parallel plans (a shared read keeps each read's order: summarisedRead.ts)", async () => {
    const { rows } = await pool.query('SHOW max_parallel_workers_per_gather');
    expect(rows).toEqual([{ max_parallel_workers_per_gather: '0' }]);
  });
});
