import type { JsonSchema } from '@tradelog/schemas/documents/json-schema';
import { type AnswerTable, answerTable } from '@tradelog/schemas/queries/answerTable';
import { type QueryType, type QueryTypeId, queryTypes } from '@tradelog/schemas/queries/catalogue';
import { enterpriseFeedQueryIds, enterpriseQueryIds } from '@tradelog/schemas/queries/enterpriseQueries';
import { type AsOfShown, asOfShownOf, withAsOf } from './chainStore.ts';

/**
 * The lender's query console, pure (house style §2, §13): which interfaces it offers, the form
 * of each (from its request JSON Schema — the contract query-api validates with), the request a
 * form makes, the paging an answer allows, what the tables show of an answer and where an export
 * is asked. The table is the exports' (answerTable), so what the page shows is what CSV and Excel
 * hold.
 */

/** The lender's data queries (query-api's lender routes); the link node has its own diagram. */
export const lenderQueryIds: readonly QueryTypeId[] = [...enterpriseQueryIds, ...enterpriseFeedQueryIds];

export const lenderQueries: readonly QueryType[] = lenderQueryIds.map(
  (id) => queryTypes.find((type) => type.id === id)!,
);

export interface QueryField {
  name: string;
  title: { cn: string; en: string };
  description: { cn: string; en: string };
  /** `json`: an array or object, typed as JSON (brand rankings' list). */
  kind: 'text' | 'number' | 'choice' | 'json';
  required: boolean;
  options: { value: string; title: { cn: string; en: string } }[];
  defaultValue: string;
  maxLength?: number;
}

export function queryFields(request: JsonSchema): QueryField[] {
  const required = new Set(request.required ?? []);
  return Object.entries(request.properties ?? {}).map(([name, schema]) => {
    const kind: QueryField['kind'] = schema.enum
      ? 'choice'
      : schema.type === 'integer' || schema.type === 'number'
        ? 'number'
        : schema.type === 'array' || schema.type === 'object'
          ? 'json'
          : 'text';
    return {
      name,
      title: { cn: schema.title ?? name, en: schema['x-title-en'] ?? schema.title ?? name },
      description: {
        cn: schema.description ?? '',
        en: schema['x-description-en'] ?? schema.description ?? '',
      },
      kind,
      required: required.has(name),
      options: (schema.enum ?? []).map((value) => ({
        value,
        title: {
          cn: schema['x-enum-titles']?.[value] ?? value,
          en: schema['x-enum-titles-en']?.[value] ?? schema['x-enum-titles']?.[value] ?? value,
        },
      })),
      defaultValue: schema.default === undefined ? '' : String(schema.default),
      ...(schema.maxLength ? { maxLength: schema.maxLength } : {}),
    };
  });
}

/** The form's values as a request body: empty fields left out, numbers and JSON parsed. */
export function requestOf(
  fields: readonly QueryField[],
  values: Readonly<Record<string, string>>,
): { body: Record<string, unknown> } | { invalid: string } {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = (values[field.name] ?? field.defaultValue).trim();
    if (raw === '') continue;
    if (field.kind === 'number') {
      const value = Number(raw);
      if (!Number.isFinite(value)) return { invalid: field.name };
      body[field.name] = value;
    } else if (field.kind === 'json') {
      try {
        body[field.name] = JSON.parse(raw);
      } catch {
        return { invalid: field.name };
      }
    } else body[field.name] = raw;
  }
  return { body };
}

/** The names a query pages by (§9: `page`; inventory: `pageNo`), if it pages. */
export function pagingFieldsOf(fields: readonly QueryField[]): { page: string; size: string } | undefined {
  const names = new Set(fields.map((field) => field.name));
  const page = names.has('page') ? 'page' : names.has('pageNo') ? 'pageNo' : undefined;
  return page && names.has('pageSize') ? { page, size: 'pageSize' } : undefined;
}

/**
 * The request of a form's values with the page asked for written into its paging field (when
 * the interface pages): the values as asked, and the body or the field that could not be read.
 */
export function pagedRequest(
  fields: readonly QueryField[],
  values: Readonly<Record<string, string>> | undefined,
  page: number | undefined,
): { values: Record<string, string>; request: ReturnType<typeof requestOf> } {
  const paging = pagingFieldsOf(fields);
  const asked = { ...(values ?? {}) };
  if (page !== undefined && paging) asked[paging.page] = String(page);
  return { values: asked, request: requestOf(fields, asked) };
}

export interface AnswerPage {
  page: number;
  pageSize: number;
  totalCount: number;
  pageCount: number;
}

/** Where an answer stands among its pages, from what it says (`totalCount`, `page`/`pageNo`, `pageSize`). */
export function answerPageOf(answer: Record<string, unknown>): AnswerPage | undefined {
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  const page = number(answer.page) ?? number(answer.pageNo);
  const pageSize = number(answer.pageSize);
  const totalCount = number(answer.totalCount);
  if (page === undefined || pageSize === undefined || totalCount === undefined || pageSize <= 0)
    return undefined;
  return { page, pageSize, totalCount, pageCount: Math.max(1, Math.ceil(totalCount / pageSize)) };
}

/** The rows of a table whose cells contain the text (case-insensitive); all rows for an empty text. */
export function filterRows(table: AnswerTable, text: string): AnswerTable {
  const needle = text.trim().toLowerCase();
  if (needle === '') return table;
  return {
    columns: table.columns,
    rows: table.rows.filter((row) =>
      row.some((cell) => cell !== null && String(cell).toLowerCase().includes(needle)),
    ),
  };
}

/**
 * What the tables show of an answer: its table, paging and the moment it reflects; or, refused,
 * its message and nothing of an earlier answer.
 */
export function answerShown(answer: {
  ok: boolean;
  body: Record<string, unknown>;
  message: string;
}):
  | { status: 'done'; table: AnswerTable; page: AnswerPage | undefined; shownAsOf: AsOfShown | undefined }
  | { status: 'error'; error: string; table: undefined; page: undefined; shownAsOf: undefined } {
  if (!answer.ok)
    return {
      status: 'error',
      error: answer.message,
      table: undefined,
      page: undefined,
      shownAsOf: undefined,
    };
  return {
    status: 'done',
    table: answerTable(answer.body),
    page: answerPageOf(answer.body),
    shownAsOf: asOfShownOf(answer.body),
  };
}

/** Where an export is asked: the page shown, or every page (`?pages=all`, query-api README "Exports"), as of the moment. */
export const exportPath = (path: string, scope: 'page' | 'all', moment: string | undefined): string =>
  withAsOf(scope === 'all' ? `${path}?pages=all` : path, moment);

export { answerTable };
