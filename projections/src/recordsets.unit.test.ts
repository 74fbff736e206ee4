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
        'SELECT row_key, part, ARRAY(SELECT jsonb_array_elements_text(tags)), body ' +
        'FROM jsonb_to_recordset($1::jsonb) AS r(row_key text, part text, tags jsonb, body jsonb) ' +
        'ORDER BY row_key ON CONFLICT (row_key) DO UPDATE SET part = EXCLUDED.part, ' +
        'tags = EXCLUDED.tags, body = EXCLUDED.body',
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
  });
});
