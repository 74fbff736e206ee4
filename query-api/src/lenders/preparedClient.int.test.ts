import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testServices } from '../../../tests/harness/index.ts';
import { PreparingClient } from './preparedClient.ts';

describe('the preparing pg client', () => {
  const pool = new pg.Pool({ Client: PreparingClient, connectionString: testServices().databaseUrl, max: 1 });
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
});
