import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServices, uniqueName } from '../../tests/harness/index.ts';
import { ident } from './db.ts';
import { type Column, writeRecordset } from './recordsets.ts';

interface Row {
  key: string;
  label?: string | null;
  count?: number | null;
  amount?: number | string | null;
  flag?: boolean | null;
  at?: string | Date | null;
  body?: unknown;
  tags?: (string | null)[] | null;
}

const columns: readonly Column<Row>[] = [
  ['row_key', 'text', (r) => r.key],
  ['label', 'text', (r) => r.label],
  ['count', 'integer', (r) => r.count],
  ['amount', 'numeric', (r) => r.amount],
  ['flag', 'boolean', (r) => r.flag],
  ['at', 'timestamptz', (r) => r.at],
  ['body', 'jsonb', (r) => r.body],
  ['tags', 'text[]', (r) => r.tags],
];

/** Values a projection writes, and the awkward ones: quotes, escapes, CJK, nulls, absent values. */
const rows: Row[] = [
  {
    key: 'b',
    label: '深圳前海 "优品"\\ \n\ttab',
    count: 7,
    amount: 12.5,
    flag: true,
    at: '2024-03-05T09:12:30+08:00',
  },
  {
    key: 'a',
    label: null,
    count: null,
    amount: '0.000001',
    flag: false,
    at: new Date(0),
    body: null,
    tags: null,
  },
  { key: 'c', body: { nested: { list: [1, 'two', null] }, 'key with space': '值' }, tags: ['x', '', 'y"z'] },
  { key: 'd', body: 'a JSON string', tags: [] },
  { key: 'e', body: 42, amount: 1e20, count: -2147483648 },
  { key: 'f', body: [], label: '' },
];

/**
 * The column-wise write stores what the recordset statement it replaced stored, value for value
 * (recordsets.ts: a JSON null or a missing value is SQL NULL, a null `text[]` an empty array).
 */
describe('a recordset write', () => {
  const pool = new pg.Pool({ connectionString: testServices().databaseUrl, max: 2 });
  const schema = uniqueName('recordsets');
  const s = ident(schema);
  const table = (name: string) => `CREATE TABLE ${s}.${name} (row_key text PRIMARY KEY, label text,
    count integer, amount numeric, flag boolean, at timestamptz, body jsonb, tags text[])`;

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${s}`);
    await pool.query(table('written'));
    await pool.query(table('reference'));
  });

  afterAll(async () => {
    await pool.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await pool.end();
  });

  it('stores every value as the one-recordset statement did', async () => {
    await writeRecordset(pool, { table: `${s}.written`, key: ['row_key'], columns }, rows);
    await pool.query(
      `INSERT INTO ${s}.reference SELECT row_key, label, count, amount, flag, at, body,
         ARRAY(SELECT jsonb_array_elements_text(tags))
       FROM jsonb_to_recordset($1::jsonb) AS r(row_key text, label text, count integer, amount numeric,
         flag boolean, at timestamptz, body jsonb, tags jsonb)`,
      [JSON.stringify(rows.map((row) => Object.fromEntries(columns.map(([name, , of]) => [name, of(row)]))))],
    );
    const read = async (name: string) =>
      (await pool.query(`SELECT to_jsonb(t) AS row FROM ${s}.${name} t ORDER BY row_key`)).rows;
    const written = await read('written');
    expect(written).toHaveLength(rows.length);
    expect(written).toEqual(await read('reference'));
    // Value for value, SQL NULL apart from a JSON null (to_jsonb shows both as null).
    const { rows: differing } = await pool.query(
      `SELECT row_key FROM ${s}.written w FULL JOIN ${s}.reference r USING (row_key)
       WHERE (w.label, w.count, w.amount, w.flag, w.at, w.body, w.tags)
         IS DISTINCT FROM (r.label, r.count, r.amount, r.flag, r.at, r.body, r.tags)`,
    );
    expect(differing).toEqual([]);
    expect(written[0].row).toMatchObject({ row_key: 'a', label: null, body: null, tags: [] });
    expect(written[2].row.tags).toEqual(['x', '', 'y"z']);
  });

  it('updates the columns named where the condition holds, and keeps the row otherwise', async () => {
    const write = {
      table: `${s}.written`,
      key: ['row_key'],
      columns,
      onConflict: { update: ['label'], where: 'written.label IS NULL' },
    };
    await writeRecordset(pool, write, [
      { key: 'a', label: 'was null', count: 1 },
      { key: 'b', label: 'not taken' },
    ]);
    const { rows: after } = await pool.query(
      `SELECT row_key, label, count FROM ${s}.written WHERE row_key IN ('a', 'b') ORDER BY row_key`,
    );
    expect(after).toEqual([
      { row_key: 'a', label: 'was null', count: null },
      { row_key: 'b', label: '深圳前海 "优品"\\ \n\ttab', count: 7 },
    ]);
  });

  it('inserts rows in key order, or as given, which a serial column then numbers', async () => {
    await pool.query(`CREATE TABLE ${s}.numbered (row_key text PRIMARY KEY, seq bigserial)`);
    const keyOnly: readonly Column<{ key: string }>[] = [['row_key', 'text', (r) => r.key]];
    const write = (order: 'key' | 'given', keys: string[]) =>
      writeRecordset(
        pool,
        { table: `${s}.numbered`, key: ['row_key'], columns: keyOnly, onConflict: 'keep', order },
        keys.map((key) => ({ key })),
      );
    await write('key', ['k2', 'k1', 'k3']);
    await write('given', ['g2', 'g1', 'g3']);
    const { rows: numbered } = await pool.query(`SELECT row_key FROM ${s}.numbered ORDER BY seq`);
    expect(numbered.map((row) => row.row_key)).toEqual(['k1', 'k2', 'k3', 'g2', 'g1', 'g3']);
  });
});
