import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, testServices } from '../../tests/harness/index.ts';
import { ident, pagedSelect } from './db.ts';

/** A page counts every match; an export of every page stops reading at its limit (query-api README "Exports"). */
describe('pagedSelect', () => {
  const services = testServices();
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let table = '';

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'paged');
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
    table = `${ident(db.schema)}.rows`;
    await pool.query(`CREATE TABLE ${table} (seq int PRIMARY KEY, kind text NOT NULL)`);
    await pool.query(
      `INSERT INTO ${table} SELECT n, CASE WHEN n % 2 = 0 THEN 'even' ELSE 'odd' END FROM generate_series(1, 500) n`,
    );
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  const read = (bounded: boolean, limit: number, offset = 0) =>
    pool.query<{ seq: number; total: string }>(
      pagedSelect('seq', `FROM ${table} WHERE kind = $1 ORDER BY seq LIMIT $2 OFFSET $3`, bounded),
      ['even', limit, offset],
    );

  it('counts every match for a page', async () => {
    const { rows } = await read(false, 10, 20);
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 10 }, (_, i) => 42 + 2 * i));
    expect(rows.every((row) => Number(row.total) === 250)).toBe(true);
  });

  it('reads no further than the limit when bounded: cap + 1 rows tell an answer past the cap', async () => {
    const { rows } = await read(true, 101);
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 101 }, (_, i) => 2 + 2 * i));
    expect(Number(rows[0]!.total)).toBe(101);
    // The plan stops at the limit: the scan under it hands on 101 rows, not 250.
    const plan = await pool.query(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${pagedSelect('seq', `FROM ${table} WHERE kind = $1 ORDER BY seq LIMIT $2 OFFSET $3`, true)}`,
      ['even', 101, 0],
    );
    const limitNode = JSON.stringify(plan.rows[0]['QUERY PLAN']).match(
      /"Node Type":"Limit"[^{]*?"Actual Rows":(\d+)/,
    );
    expect(Number(limitNode?.[1])).toBe(101);
    // Within the cap, every row and the true count.
    const { rows: all } = await read(true, 300);
    expect(all).toHaveLength(250);
    expect(Number(all[0]!.total)).toBe(250);
  });
});
