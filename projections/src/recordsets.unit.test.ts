import { describe, expect, it } from 'vitest';
import { type Column, recordsetStatement } from './recordsets.ts';

interface Row {
  key: string;
  part: string;
  tags: string[];
  body: unknown;
}

const columns: readonly Column<Row>[] = [
  ['row_key', 'text', (r) => r.key],
  ['part', 'text', (r) => r.part],
  ['tags', 'text[]', (r) => r.tags],
  ['body', 'jsonb', (r) => r.body],
];

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ');

describe('a recordset write', () => {
  it('inserts in key order and, by default, updates every column outside the key', () => {
    expect(oneLine(recordsetStatement({ table: 's.t', key: ['row_key'], columns }))).toBe(
      'INSERT INTO s.t (row_key, part, tags, body) ' +
        'SELECT c1 AS row_key, c2 AS part, ' +
        "ARRAY(SELECT jsonb_array_elements_text(NULLIF(c3::jsonb, 'null'))) AS tags, " +
        "NULLIF(c4::jsonb, 'null') AS body " +
        'FROM ROWS FROM (json_array_elements_text($1::json), json_array_elements_text($2::json), ' +
        'json_array_elements($3::json), json_array_elements($4::json)) AS r(c1, c2, c3, c4) ' +
        'ORDER BY row_key ON CONFLICT (row_key) DO UPDATE SET part = EXCLUDED.part, ' +
        'tags = EXCLUDED.tags, body = EXCLUDED.body',
    );
  });

  it('reads any other type from its element’s text', () => {
    const typed: readonly Column<{ n: number }>[] = [
      ['row_key', 'text', () => 'a'],
      ['n', 'numeric', (r) => r.n],
    ];
    expect(oneLine(recordsetStatement({ table: 's.t', key: ['row_key'], columns: typed }))).toContain(
      'SELECT c1 AS row_key, c2::numeric AS n ',
    );
  });

  it('keeps a row as first written, or updates only the columns named', () => {
    expect(
      oneLine(recordsetStatement({ table: 's.t', key: ['row_key', 'part'], columns, onConflict: 'keep' })),
    ).toMatch(/ORDER BY row_key, part ON CONFLICT \(row_key, part\) DO NOTHING$/);
    expect(
      oneLine(
        recordsetStatement({ table: 's.t', key: ['row_key'], columns, onConflict: { update: ['body'] } }),
      ),
    ).toMatch(/ON CONFLICT \(row_key\) DO UPDATE SET body = EXCLUDED.body$/);
    expect(
      oneLine(
        recordsetStatement({
          table: 's.t',
          key: ['row_key'],
          columns,
          onConflict: { update: ['body'], where: 't.body IS NULL' },
        }),
      ),
    ).toMatch(/DO UPDATE SET body = EXCLUDED.body WHERE t.body IS NULL$/);
  });
});
