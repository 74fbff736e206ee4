import type { ErrorObject } from 'ajv';
import { type DocumentType, type DocumentTypeId, documentTypes } from './catalogue.ts';
import { type CustomFormat, tradeFormats } from './formats.ts';
import { type IssueList, issuesFromAjv, type ValidationIssue } from './issues.ts';
import type { JsonSchema } from './json-schema.ts';
import { shapeIssues } from './shape.ts';
import { documentShapeLimits, type ShapeLimits } from './shapeLimits.ts';

/**
 * What a compiled schema becomes for its callers, whether ajv compiled it at start-up
 * (validator.ts, the services) or at build time (standaloneValidators.ts, the console's pages,
 * which may not evaluate code: web/README.md "Content Security Policy"). Imports no ajv code, so
 * the pages carry none.
 */

/** Lists a value's issues; empty when it is valid. */
export type Validate = (value: unknown) => ValidationIssue[];

/**
 * A validator that also answers with a bounded list: at most `maxIssues` issues described and
 * the number of further ones (what an HTTP answer should carry).
 */
export type BoundedValidate = Validate & {
  /** `characters: false`: the value was parsed from JSON text without escapes (shape.ts `mayHoldUnstorable`). */
  bounded: (value: unknown, maxIssues: number, options?: { characters?: boolean }) => IssueList;
};

/** How many issues an answer describes (the rest are counted): schemas/README.md "Bounds". */
export const maxIssuesShown = 20;

/** A schema compiled by ajv (at start-up or ahead of time): true when valid, else `errors` set. */
export type CompiledSchema = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * With `shape` limits, the shape check (shape.ts) runs first: a document breaking a size or
 * nesting bound is answered with those issues alone and never reaches ajv, whose `allErrors`
 * work grows with the document; unstorable characters are reported beside ajv's issues.
 */
export function boundedValidator(
  schema: JsonSchema,
  validate: CompiledSchema,
  formats: Readonly<Record<string, CustomFormat>> = tradeFormats,
  shape?: Readonly<ShapeLimits>,
): BoundedValidate {
  const bounded = (value: unknown, maxIssues: number, check: { characters?: boolean } = {}): IssueList => {
    const found = shape
      ? shapeIssues(value, schema, shape, maxIssues, check)
      : { issues: [], skipped: 0, structural: false };
    if (found.structural) return { issues: found.issues, skipped: found.skipped };
    if (validate(value)) return { issues: found.issues, skipped: found.skipped };
    const described = issuesFromAjv(validate.errors, formats, maxIssues - found.issues.length);
    return { issues: [...found.issues, ...described.issues], skipped: found.skipped + described.skipped };
  };
  return Object.assign((value: unknown) => bounded(value, Number.POSITIVE_INFINITY).issues, { bounded });
}

/** One bounded validator per document type, the shape limits of documents first, from its compiled schema. */
export function documentValidatorsOf(
  compiled: (type: DocumentType) => CompiledSchema,
): Record<DocumentTypeId, BoundedValidate> {
  return Object.fromEntries(
    documentTypes.map((type) => [
      type.id,
      boundedValidator(type.schema, compiled(type), tradeFormats, documentShapeLimits),
    ]),
  ) as Record<DocumentTypeId, BoundedValidate>;
}
