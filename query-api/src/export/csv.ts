import type { AnswerTable, Cell } from '@tradelog/schemas/queries/answerTable';

/**
 * A table as CSV (RFC 4180: CRLF, fields quoted when they hold a quote, comma or line break),
 * starting with a UTF-8 byte-order mark so that Excel opens Chinese text as UTF-8.
 * A text cell that a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR,
 * OWASP "CSV injection") is prefixed with an apostrophe; numbers and number-like text such as
 * "-5" are left as they are.
 */
export function csvOf(table: AnswerTable): string {
  const lines = [table.columns.map(csvField), ...table.rows.map((row) => row.map(csvCell))];
  return `\uFEFF${lines.map((fields) => fields.join(',')).join('\r\n')}\r\n`;
}

const formulaStart = /^[=+\-@\t\r]/;
const numberLike = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell !== 'string') return String(cell);
  return csvField(formulaStart.test(cell) && !numberLike.test(cell) ? `'${cell}` : cell);
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
