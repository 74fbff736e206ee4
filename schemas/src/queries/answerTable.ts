/**
 * Any query answer as one table, for the CSV and Excel exports (query-api/README.md "Exports"); the console shows answers with it too.
 * Pure: the same answer always gives the same table.
 *
 * - The rows are the answer's lists: its top-level arrays (`dataList`, `goodsList`, the eleven
 *   link-node blocks …), else the arrays one object down (`data.result` of the tracking answers).
 *   Several lists share one table, each row naming its list in a first column, `list`.
 *   An answer without any list is one row of its own fields.
 * - A row's nested objects become dotted columns (`consignees.consigneeName`); lists of plain
 *   values are joined with "; "; lists of objects (an order's goods lines, a node's provenance)
 *   stay whole as JSON in one cell, so a row stays one order, one line, one declaration.
 * - Columns are every key met, in the order first met; the envelope (`flag`, `code`, `message`)
 *   and `freshness` are not data and are left out.
 */
export type Cell = string | number | boolean | null;

export interface AnswerTable {
  columns: string[];
  rows: Cell[][];
}

const notData = new Set(['flag', 'code', 'message', 'freshness']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function answerTable(answer: Record<string, unknown>): AnswerTable {
  const lists = listsOf(answer);
  const records: Record<string, Cell>[] = [];
  if (lists.length === 0) {
    records.push(flatRow(Object.fromEntries(Object.entries(answer).filter(([key]) => !notData.has(key)))));
  } else {
    for (const [name, items] of lists) {
      for (const item of items) {
        const row = isPlainObject(item) ? flatRow(item) : { value: cellOf(item) };
        records.push(lists.length > 1 ? { list: name, ...row } : row);
      }
    }
  }
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    for (const key of Object.keys(record)) {
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
  }
  return { columns, rows: records.map((record) => columns.map((column) => record[column] ?? null)) };
}

function listsOf(answer: Record<string, unknown>): [string, unknown[]][] {
  const top = Object.entries(answer).filter(
    (entry): entry is [string, unknown[]] => !notData.has(entry[0]) && Array.isArray(entry[1]),
  );
  if (top.length > 0) return top;
  return Object.entries(answer)
    .filter(([key, value]) => !notData.has(key) && isPlainObject(value))
    .flatMap(([key, value]) =>
      Object.entries(value as Record<string, unknown>)
        .filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]))
        .map(([inner, items]): [string, unknown[]] => [`${key}.${inner}`, items]),
    );
}

function flatRow(value: Record<string, unknown>, prefix = '', into: Record<string, Cell> = {}) {
  for (const [key, field] of Object.entries(value)) {
    const column = prefix + key;
    if (isPlainObject(field)) flatRow(field, `${column}.`, into);
    else into[column] = cellOf(field);
  }
  return into;
}

function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) {
    return value.every((item) => item === null || typeof item !== 'object')
      ? value.map((item) => (item === null ? '' : String(item))).join('; ')
      : JSON.stringify(value);
  }
  return JSON.stringify(value);
}
