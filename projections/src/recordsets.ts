import type { Queryable } from './db.ts';

/**
 * A batch's changed rows of one table written with one statement (ARCHITECTURE "Batches, not
 * records"): the rows travel as one JSON recordset, are inserted in key order (two writers of one
 * table lock its rows in the same order and never deadlock), and a row already there is updated
 * or kept as it is. The projections' set-based upserts share this one statement shape.
 */

/**
 * A column: its name, its SQL type, and how a row gives its value. `text[]` travels as a JSON
 * array and is made a text array in the statement (an array column searched by a GIN index).
 */
export type Column<Row> = readonly [name: string, type: string, of: (row: Row) => unknown];

export interface RecordsetTable<Row> {
  /** The table, schema-qualified and quoted (`ident`). */
  table: string;
  /** The conflict target, one column or several: also the order rows are inserted in. */
  key: readonly string[];
  columns: readonly Column<Row>[];
  /**
   * What becomes of a row already there: `keep` leaves it as first written; otherwise these
   * columns take the new values (every column outside the key when absent).
   */
  onConflict?: 'keep' | { update: readonly string[] };
}

/** The statement: one parameter, the rows as a JSON array of objects keyed by column name. */
export function recordsetStatement<Row>(write: RecordsetTable<Row>): string {
  const names = write.columns.map(([name]) => name);
  const selected = write.columns.map(([name, type]) =>
    type === 'text[]' ? `ARRAY(SELECT jsonb_array_elements_text(${name}))` : name,
  );
  const typed = write.columns.map(([name, type]) => `${name} ${type === 'text[]' ? 'jsonb' : type}`);
  const key = write.key.join(', ');
  const updated =
    write.onConflict === 'keep'
      ? undefined
      : (write.onConflict?.update ?? names.filter((name) => !write.key.includes(name)));
  const conflict =
    updated === undefined
      ? 'DO NOTHING'
      : `DO UPDATE SET ${updated.map((name) => `${name} = EXCLUDED.${name}`).join(', ')}`;
  return `INSERT INTO ${write.table} (${names.join(', ')})
     SELECT ${selected.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${typed.join(', ')})
     ORDER BY ${key} ON CONFLICT (${key}) ${conflict}`;
}

/** Writes the rows (none: no statement). */
export async function writeRecordset<Row>(
  db: Queryable,
  write: RecordsetTable<Row>,
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const payload = rows.map((row) => {
    const values: Record<string, unknown> = {};
    for (const [name, , of] of write.columns) values[name] = of(row);
    return values;
  });
  await db.query(recordsetStatement(write), [JSON.stringify(payload)]);
}
