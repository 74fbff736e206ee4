import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type DocumentTypeId, documentTypes } from './catalogue.ts';
import { type CustomFormat, tradeFormats } from './formats.ts';
import { issuesFromAjv, type ValidationIssue } from './issues.ts';
import { annotationKeywords, type JsonSchema } from './json-schema.ts';

export type { ValidationIssue } from './issues.ts';

/** Lists a value's issues; empty when it is valid. */
export type Validate = (value: unknown) => ValidationIssue[];

/**
 * One ajv instance that understands Tradelog's schemas (draft 2020-12, ajv-formats, our
 * formats and annotation keywords) and a function compiling schemas on it. Strict mode, so a
 * malformed schema fails at start-up rather than passing documents it should not. Validation
 * never changes the value (no defaults, no coercion, no removal of unknown properties), so
 * what ingest appends is exactly what the partner sent. `verbose` gives issues.ts the schema
 * and value behind each error.
 */
export function createValidatorCompiler(
  formats: Readonly<Record<string, CustomFormat>> = tradeFormats,
): (schema: JsonSchema) => Validate {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictTypes: true });
  addFormats.default(ajv);
  for (const [name, format] of Object.entries(formats))
    ajv.addFormat(name, { type: 'string', validate: format.validate });
  for (const keyword of annotationKeywords) ajv.addKeyword({ keyword });
  return (schema) => {
    const validate = ajv.compile(schema);
    return (value) => (validate(value) ? [] : issuesFromAjv(validate.errors, formats));
  };
}

/** One validator per document type, all compiled once, at the caller's start-up. */
export function createDocumentValidators(): Record<DocumentTypeId, Validate> {
  const compile = createValidatorCompiler();
  return Object.fromEntries(documentTypes.map((type) => [type.id, compile(type.schema)])) as Record<
    DocumentTypeId,
    Validate
  >;
}
