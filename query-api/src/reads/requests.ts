import { localizedError } from '@tradelog/schemas';
import { type QueryTypeId, queryType } from '@tradelog/schemas/queries/catalogue';
import { createManagementValidators, type ManagementRequestId } from '@tradelog/schemas/queries/management';
import {
  createQueryValidators,
  type Validate,
  type ValidationIssue,
  type ValidRequest,
  withDefaults,
} from '@tradelog/schemas/queries/validator';
import { allPagesWindow, type PageScope } from '../export/allPages.ts';

/**
 * Request validation with the query request JSON Schemas of `schemas/src/queries/` (the single
 * contract: the portal's API reference renders the same schemas), then the schema's defaults
 * (page 1, pageSize 100). Issues are answered as 400 `VALIDATION_FAILED` with every issue listed.
 */
let validators: Record<QueryTypeId, Validate> | undefined;

/** 400 `VALIDATION_FAILED` listing every issue of a request against its schema. */
export const validationFailed = (issues: readonly ValidationIssue[]) =>
  localizedError(
    'VALIDATION_FAILED',
    400,
    { cn: issues.map((i) => i.message.cn).join('；'), en: issues.map((i) => i.message.en).join('; ') },
    { errors: issues },
  );

export function validateQuery<Id extends QueryTypeId>(id: Id, body: unknown): ValidRequest<Id> {
  validators ??= createQueryValidators();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw localizedError('VALIDATION_FAILED', 400, {
      cn: '请求体必须是 JSON 对象',
      en: 'The request body must be a JSON object',
    });
  }
  const issues = validators[id](body);
  if (issues.length > 0) throw validationFailed(issues);
  // Valid against the request's schema, so of the type generated from it.
  return withDefaults(id, body as Record<string, unknown>) as ValidRequest<Id>;
}

let managementValidators: Record<ManagementRequestId, Validate> | undefined;

/**
 * The same for Tradelog's own management requests (`schemas/src/queries/management.ts`:
 * subscriptions, redelivery, secret rotation, coverage thresholds): a missing body is validated as
 * `{}` and answered as it (a rotation sent without a body, as curl sends it, was a 500), issues
 * are answered as 400 `VALIDATION_FAILED` with every issue listed (these schemas declare no
 * defaults the routes rely on).
 */
export function validateManagement(id: ManagementRequestId, body: unknown): Record<string, unknown> {
  managementValidators ??= createManagementValidators();
  const given = body ?? {};
  const issues = managementValidators[id](given);
  if (issues.length > 0) throw validationFailed(issues);
  return given as Record<string, unknown>;
}

/** The path of a query interface, from the query catalogue. */
export const queryPath = (id: QueryTypeId): string => queryType(id).path;

/**
 * The rows a paged query reads: the page asked for (§9: page default 1, pageSize default 100),
 * or for an export of every page one window from the first row (export/allPages.ts).
 */
export function pageOf(
  request: { page?: number; pageSize?: number },
  scope: PageScope = 'page',
): {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
  /** An export of every page: the read stops at the cap + 1 rows (projections' pagedSelect). */
  bounded?: boolean;
} {
  if (scope === 'all') return { ...allPagesWindow };
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? 100;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** Period YYYY or YYYY-MM → [from, to) as 'yyyy-mm-dd' strings comparable with document times. */
export function periodRange(period: string): { from: string; to: string } {
  const [year, month] = period.split('-').map(Number) as [number, number | undefined];
  if (month === undefined) return { from: `${year}-01-01`, to: `${year + 1}-01-01` };
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { from: `${period}-01`, to: `${next}-01` };
}
