import type { AnswerTable, Cell } from '@tradelog/schemas/queries/answerTable';

/**
 * A table as CSV (RFC 4180: CRLF, quotes doubled), starting with a UTF-8 byte-order mark so that
 * Excel opens Chinese text as UTF-8. Every cell, the header's too, is neutralised as OWASP "CSV
 * Injection" asks: text that a spreadsheet would run as a formula (starting with =, +, -, @, tab
 * or CR, also after leading spaces, which spreadsheets skip) is prefixed with an apostrophe, and
 * every text field is wrapped in double quotes, so that no separator or line break inside it can
 * start a cell of its own. Numbers, and number-like text such as "-5", are left as they are.
 */
export function csvOf(table: AnswerTable): string {
  const lines = [table.columns.map(csvCell), ...table.rows.map((row) => row.map(csvCell))];
  return `\uFEFF${lines.map((fields) => fields.join(',')).join('\r\n')}\r\n`;
}

const formulaStart = /^[ ]*[=+\-@\t\r]/;
const numberLike = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell !== 'string') return String(cell);
  return csvField(formulaStart.test(cell) && !numberLike.test(cell.trim()) ? `'${cell}` : cell);
}

function csvField(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}
