import type { Request } from 'express';
import { validationFailed } from '../reads/requests.ts';

/**
 * The query-string parameters of the GET listings (operations, subscriptions, documents, usage),
 * read one way. A parameter that is given but is not what the operation's OpenAPI declares
 * (`limitQuery`: a whole number from 1 to its maximum; an enum; an id; a date-time) is answered
 * 400 `VALIDATION_FAILED` naming it and what it takes, as a body's issue is (`validationFailed`):
 * never replaced by a default (a mistyped filter would list everything unfiltered, a limit of
 * 1,000 would quietly answer 500) and never passed on to Postgres (where `after=abc` was a 500).
 * An absent or empty parameter takes the route's default. Pure.
 */
type Query = Request['query'];

/** A listing's `limit` unless its operation says otherwise (`limitQuery` in openapiOperations.ts). */
export const listLimit = { fallback: 100, max: 500 };

/** A `page` (from 1): pages past the maximum are refused rather than read as an offset Postgres cannot take. */
export const pageRange = { fallback: 1, max: 1_000_000_000 };

/** The `limit` of the shorter listings: the portal's leads and role requests, a partner's documents. */
export const shortListLimit = { fallback: 50, max: 200 };

const refused = (path: string, rule: string, cn: string, en: string) =>
  validationFailed([{ path, rule, message: { cn: `${path} ${cn}`, en: `${path} ${en}` } }]);

/** The parameter's one text value; undefined when absent or empty, refused when repeated or nested. */
function textOf(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string')
    throw refused(name, 'type', '只能给一个值', 'must be given once, as one value');
  return value;
}

/** `limit` and the like: a whole number from 1 to `max`, `fallback` when absent. */
export function wholeParameter(query: Query, name: string, range: { fallback: number; max: number }): number {
  const text = textOf(query, name);
  if (text === undefined) return range.fallback;
  const value = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 1 && value <= range.max))
    throw refused(
      name,
      'range',
      `须为 1 到 ${range.max} 的整数`,
      `must be a whole number from 1 to ${range.max}`,
    );
  return value;
}

/** A paging cursor that is a row id (`after`, `before`): decimal, at most 18 digits (a bigint). */
export function idParameter(
  query: Query,
  name: string,
  what: { cn: string; en: string },
): string | undefined {
  const text = textOf(query, name);
  if (text !== undefined && !/^\d{1,18}$/.test(text))
    throw refused(name, 'format', `须为${what.cn}（十进制数字）`, `must be ${what.en} (decimal digits)`);
  return text;
}

/** A filter that takes one of `choices`; undefined when absent. */
export function choiceParameter<T extends string>(
  query: Query,
  name: string,
  choices: readonly T[],
): T | undefined {
  const text = textOf(query, name);
  if (text === undefined) return undefined;
  const choice = choices.find((known) => known === text);
  if (choice === undefined)
    throw refused(name, 'enum', `须为 ${choices.join('、')} 之一`, `must be one of ${choices.join(', ')}`);
  return choice;
}

/** An instant in ISO 8601 (`since`, `from`, `to`); `fallback` when absent. */
export function instantParameter(query: Query, name: string, fallback: Date): Date {
  const text = textOf(query, name);
  if (text === undefined) return fallback;
  const at = /^\d{4}-\d\d-\d\d/.test(text) ? new Date(text) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime()))
    throw refused(name, 'format', '须为 ISO 8601 时间', 'must be an ISO 8601 date-time');
  return at;
}
