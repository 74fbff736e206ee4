import { type AnswerTable, answerTable } from '@tradelog/schemas/queries/answerTable';
import type { Request } from 'express';
import { csvOf } from './csv.ts';
import { xlsxContentType, xlsxOf } from './xlsx.ts';

/**
 * The form a caller asked its answer in, by `Accept` (RFC 9110 §12.5.1): JSON unless CSV or an
 * Excel workbook is preferred, so `*\/*` and a missing header keep JSON.
 */
export type AnswerFormat = 'json' | 'csv' | 'xlsx';

const mediaTypes = { json: 'application/json', csv: 'text/csv', xlsx: xlsxContentType } as const;

export function answerFormatOf(req: Pick<Request, 'accepts'>): AnswerFormat {
  const chosen = req.accepts([mediaTypes.json, mediaTypes.csv, mediaTypes.xlsx]);
  return chosen === mediaTypes.csv ? 'csv' : chosen === mediaTypes.xlsx ? 'xlsx' : 'json';
}

/** An answer as the bytes of a table format, with its content type and a file name from the path. */
export function tableBody(
  answer: Record<string, unknown>,
  format: Exclude<AnswerFormat, 'json'>,
  path: string,
): { body: Buffer; contentType: string; fileName: string } {
  const table: AnswerTable = answerTable(answer);
  const base =
    path
      .split('/')
      .filter(Boolean)
      .pop()
      ?.replace(/[^A-Za-z0-9._-]/g, '_') || 'answer';
  return format === 'csv'
    ? {
        body: Buffer.from(csvOf(table), 'utf8'),
        contentType: `${mediaTypes.csv}; charset=utf-8; header=present`,
        fileName: `${base}.csv`,
      }
    : { body: xlsxOf(table, base), contentType: mediaTypes.xlsx, fileName: `${base}.xlsx` };
}
