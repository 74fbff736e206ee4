import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type DocumentTypeId, documentTypes } from './catalogue.ts';
import { type CustomFormat, tradeFormats } from './formats.ts';
import { type IssueList, issuesFromAjv, type ValidationIssue } from './issues.ts';
import { annotationKeywords, type JsonSchema } from './json-schema.ts';
import { documentShapeLimits, type ShapeLimits, shapeIssues } from './shape.ts';

export type { IssueList, ValidationIssue } from './issues.ts';

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

/**
 * One ajv instance that understands Tradelog's schemas (draft 2020-12, ajv-formats, our
 * formats and annotation keywords) and a function compiling schemas on it. Strict mode, so a
 * malformed schema fails at start-up rather than passing documents it should not. Validation
 * never changes the value (no defaults, no coercion, no removal of unknown properties), so
 * what ingest appends is exactly what the partner sent. `verbose` gives issues.ts the schema
 * and value behind each error.
 *
 * With `shape` limits, the shape check (shape.ts) runs first: a document breaking a size or
 * nesting bound is answered with those issues alone and never reaches ajv, whose `allErrors`
 * work grows with the document; unstorable characters are reported beside ajv's issues.
 */
export function createValidatorCompiler(
  formats: Readonly<Record<string, CustomFormat>> = tradeFormats,
  options: { shape?: Readonly<ShapeLimits> } = {},
): (schema: JsonSchema) => BoundedValidate {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictTypes: true });
  addFormats.default(ajv);
  for (const [name, format] of Object.entries(formats))
    ajv.addFormat(name, { type: 'string', validate: format.validate });
  for (const keyword of annotationKeywords) ajv.addKeyword({ keyword });
  return (schema) => {
    const validate = ajv.compile(schema);
    const bounded = (value: unknown, maxIssues: number, check: { characters?: boolean } = {}): IssueList => {
      const shape = options.shape
        ? shapeIssues(value, schema, options.shape, maxIssues, check)
        : { issues: [], skipped: 0, structural: false };
      if (shape.structural) return { issues: shape.issues, skipped: shape.skipped };
      if (validate(value)) return { issues: shape.issues, skipped: shape.skipped };
      const found = issuesFromAjv(validate.errors, formats, maxIssues - shape.issues.length);
      return { issues: [...shape.issues, ...found.issues], skipped: shape.skipped + found.skipped };
    };
    return Object.assign((value: unknown) => bounded(value, Number.POSITIVE_INFINITY).issues, { bounded });
  };
}

/** One validator per document type, all compiled once, at the caller's start-up. */
export function createDocumentValidators(): Record<DocumentTypeId, BoundedValidate> {
  const compile = createValidatorCompiler(tradeFormats, { shape: documentShapeLimits });
  return Object.fromEntries(documentTypes.map((type) => [type.id, compile(type.schema)])) as Record<
    DocumentTypeId,
    BoundedValidate
  >;
}
