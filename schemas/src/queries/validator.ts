import { parseTradeDate } from '../documents/formats.ts';
import type { JsonSchema } from '../documents/json-schema.ts';
import { createValidatorCompiler, type Validate, type ValidationIssue } from '../documents/validator.ts';
import { type QueryTypeId, queryType, queryTypes } from './catalogue.ts';
import { queryFormats } from './formats.ts';
import type { QueryRequestDefaultsByType, QueryRequestsByType } from './types.generated.ts';

export type { Validate, ValidationIssue } from '../documents/validator.ts';

// `x-date-range` (a from and a to field) is beyond JSON Schema: checked here, once both dates
// are valid on their own, so a reversed range is one clear issue instead of an empty answer.
function dateRangeIssue(schema: JsonSchema, request: unknown): ValidationIssue | undefined {
  const range = schema['x-date-range'];
  if (!range || typeof request !== 'object' || request === null) return undefined;
  const [fromName, toName] = range;
  const values = request as Record<string, unknown>;
  const from = typeof values[fromName] === 'string' ? parseTradeDate(values[fromName]) : undefined;
  const to = typeof values[toName] === 'string' ? parseTradeDate(values[toName]) : undefined;
  if (!from || !to || to >= from) return undefined;
  const fromTitle = schema.properties?.[fromName];
  const toTitle = schema.properties?.[toName];
  return {
    path: toName,
    rule: 'dateRange',
    message: {
      cn: `${toName}（${toTitle?.title}）不能早于 ${fromName}（${fromTitle?.title}），实际为 "${values[toName]}" 早于 "${values[fromName]}"`,
      en: `${toName} (${toTitle?.['x-title-en']}) must not be before ${fromName} (${fromTitle?.['x-title-en']}); got "${values[toName]}" before "${values[fromName]}"`,
    },
  };
}

/** One validator per query and subscription request, all compiled once, at start-up. */
export function createQueryValidators(): Record<QueryTypeId, Validate> {
  const compile = createValidatorCompiler(queryFormats);
  return Object.fromEntries(
    queryTypes.map((type) => {
      const validate = compile(type.request);
      const checked: Validate = (request) => {
        const issues = validate(request);
        if (issues.length > 0) return issues;
        const reversed = dateRangeIssue(type.request, request);
        return reversed ? [reversed] : [];
      };
      return [type.id, checked];
    }),
  ) as Record<QueryTypeId, Validate>;
}

/** A valid request of query `Id`: its generated type, with the fields its schema gives a default present. */
export type ValidRequest<Id extends QueryTypeId> = Id extends QueryTypeId
  ? QueryRequestsByType[Id] &
      Required<
        Pick<QueryRequestsByType[Id], Extract<QueryRequestDefaultsByType[Id], keyof QueryRequestsByType[Id]>>
      >
  : never;

/**
 * A valid request with the schema's defaults filled in (page 1, pageSize 100, sort "0"),
 * as a new object: the caller's request is left as it was sent.
 */
export function withDefaults<Request extends Record<string, unknown>>(
  id: QueryTypeId,
  request: Request,
): Request {
  const filled: Record<string, unknown> = { ...request };
  for (const [name, property] of Object.entries(queryType(id).request.properties ?? {})) {
    if (property.default !== undefined && filled[name] === undefined) filled[name] = property.default;
  }
  return filled as Request;
}
