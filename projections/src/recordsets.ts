import type { Queryable } from './db.ts';

/**
 * A batch's changed rows of one table written with one statement (ARCHITECTURE "Batches, not
 * records"): the rows travel as one JSON array per column, zipped back into rows by position
 * (`ROWS FROM`), are inserted in key order (two writers of one table lock its rows in the same
 * order and never deadlock), and a row already there is updated or kept as it is. The
 * projections' set-based upserts share this one statement shape.
 *
 * Why columns, not a recordset of row objects (`jsonb_to_recordset`): Postgres then parses each
 * value once, as its column's type, instead of the whole batch as jsonb and each object again,
 * and the process serialises flat arrays instead of building an object per row. Measured on the
 * document index's row shape (4 000 rows a statement, five indexes), in isolation: 30 instead of
 * 42 µs a row, process and Postgres together. A value converts to its column as
 * `jsonb_to_recordset` converted it (`recordsets.int.test.ts`): a JSON null, or a missing value,
 * is SQL NULL; a `text[]` column is made from a JSON array (null: an empty array).
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
   * columns take the new values (every column outside the key when absent), where `where` holds
   * (a condition on the row there, named by the table's own name, and on `EXCLUDED`).
   */
  onConflict?: 'keep' | { update: readonly string[]; where?: string };
  /**
   * The order rows are inserted in: by the key (the default), or as given, for a table whose
   * serial column numbers rows as they come (the outbox publishes in that order) or whose caller
   * has put them in its own order already.
   */
  order?: 'key' | 'given';
}

/** Pure: how one column's value is read from its element of the column's JSON array (`value`). */
function columnValue(type: string, value: string): { element: string; selected: string } {
  if (type === 'text') return { element: 'json_array_elements_text', selected: value };
  if (type === 'jsonb')
    return { element: 'json_array_elements', selected: `NULLIF(${value}::jsonb, 'null')` };
  if (type === 'text[]')
    return {
      element: 'json_array_elements',
      selected: `ARRAY(SELECT jsonb_array_elements_text(NULLIF(${value}::jsonb, 'null')))`,
    };
  return { element: 'json_array_elements_text', selected: `${value}::${type}` };
}

/** The statement: one parameter per column, each a JSON array of the rows' values in row order. */
export function recordsetStatement<Row>(write: RecordsetTable<Row>): string {
  const names = write.columns.map(([name]) => name);
  // Positional names inside (`c1`…): `ORDER BY` and the conflict clause then name the typed
  // output columns only, never the text elements they are read from.
  const read = write.columns.map(([name, type], i) => ({ name, ...columnValue(type, `c${i + 1}`) }));
  const key = write.key.join(', ');
  const given = write.order === 'given';
  const conflict =
    write.onConflict === 'keep'
      ? 'DO NOTHING'
      : `DO UPDATE SET ${(write.onConflict?.update ?? names.filter((name) => !write.key.includes(name)))
          .map((name) => `${name} = EXCLUDED.${name}`)
          .join(', ')}${write.onConflict?.where ? ` WHERE ${write.onConflict.where}` : ''}`;
  return `INSERT INTO ${write.table} (${names.join(', ')})
     SELECT ${read.map((column) => `${column.selected} AS ${column.name}`).join(', ')}
     FROM ROWS FROM (${read.map((column, i) => `${column.element}($${i + 1}::json)`).join(', ')})
       ${given ? 'WITH ORDINALITY ' : ''}AS r(${[...read.map((_, i) => `c${i + 1}`), ...(given ? ['n'] : [])].join(', ')})
     ORDER BY ${given ? 'r.n' : key} ON CONFLICT (${key}) ${conflict}`;
}

/** Writes the rows (none: no statement). */
export async function writeRecordset<Row>(
  db: Queryable,
  write: RecordsetTable<Row>,
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = write.columns.map(([, , of]) => {
    const values = new Array<unknown>(rows.length);
    for (let i = 0; i < rows.length; i++) values[i] = of(rows[i]!);
    return JSON.stringify(values);
  });
  await db.query(recordsetStatement(write), columns);
}
