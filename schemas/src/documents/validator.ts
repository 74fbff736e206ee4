import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type DocumentTypeId, documentTypes } from './catalogue.ts';
import { isTradeDate, isTradeDateTime } from './formats.ts';
import { issuesFromAjv, type ValidationIssue } from './issues.ts';
import { annotationKeywords, type JsonSchema, tradeDate, tradeDateTime } from './json-schema.ts';

export type { ValidationIssue } from './issues.ts';

export type Validate = (value: unknown) => ValidationIssue[];

export interface AjvSetup {
  /** Extra formats (name → test) beyond ajv-formats' and the trade date formats. */
  formats?: Readonly<Record<string, (value: string) => boolean>>;
}

/**
 * An ajv instance that understands Tradelog's schemas: draft 2020-12, ajv-formats, the trade
 * date formats and our annotation keywords, in strict mode so a malformed schema fails at
 * start-up rather than passing documents it should not. Validation never changes the value (no
 * defaults, no coercion, no removal of unknown properties), so what ingest appends is exactly
 * what the partner sent. `verbose` gives issues.ts the schema and value behind each error.
 */
export function createSchemaAjv(setup: AjvSetup = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictTypes: true });
  addFormats.default(ajv);
  ajv.addFormat(tradeDateTime, { type: 'string', validate: isTradeDateTime });
  ajv.addFormat(tradeDate, { type: 'string', validate: isTradeDate });
  for (const [name, validate] of Object.entries(setup.formats ?? {}))
    ajv.addFormat(name, { type: 'string', validate });
  for (const keyword of annotationKeywords) ajv.addKeyword({ keyword });
  return ajv;
}

/** Compiles a schema once; the returned function lists the value's issues (empty when valid). */
export function compileValidator(ajv: Ajv2020, schema: JsonSchema): Validate {
  const validate = ajv.compile(schema);
  return (value) => (validate(value) ? [] : issuesFromAjv(validate.errors));
}

/** One validator per document type, all compiled once, at the caller's start-up. */
export function createDocumentValidators(): Record<DocumentTypeId, Validate> {
  const ajv = createSchemaAjv();
  return Object.fromEntries(
    documentTypes.map((type) => [type.id, compileValidator(ajv, type.schema)]),
  ) as Record<DocumentTypeId, Validate>;
}
