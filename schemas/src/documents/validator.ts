import type { CodeOptions } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ajvFormatDefinitions } from './ajvFormats.ts';
import { type BoundedValidate, boundedValidator, documentValidatorsOf } from './boundedValidator.ts';
import type { DocumentTypeId } from './catalogue.ts';
import { type CustomFormat, tradeFormats } from './formats.ts';
import { annotationKeywords, type IntakeRule, type JsonSchema } from './json-schema.ts';
import type { ShapeLimits } from './shapeLimits.ts';

export type { BoundedValidate, Validate } from './boundedValidator.ts';
export { maxIssuesShown } from './boundedValidator.ts';
export type { IssueList, ValidationIssue } from './issues.ts';

/**
 * One ajv instance that understands Tradelog's schemas (draft 2020-12, ajv-formats, our
 * formats and annotation keywords). Strict mode, so a malformed schema fails at start-up rather
 * than passing documents it should not. Validation never changes the value (no defaults, no
 * coercion, no removal of unknown properties), so what ingest appends is exactly what the
 * partner sent. `verbose` gives issues.ts the schema and value behind each error. `code` is for
 * the precompiled validators (standaloneValidators.ts).
 */
export function createTradelogAjv(
  formats: Readonly<Record<string, CustomFormat>> = tradeFormats,
  code?: CodeOptions,
): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: true,
    strictTypes: true,
    ...(code ? { code } : {}),
  });
  for (const [name, format] of Object.entries(ajvFormatDefinitions(formats))) ajv.addFormat(name, format);
  for (const keyword of annotationKeywords) ajv.addKeyword({ keyword });
  // An intake rule (json-schema.ts atIntake) is validated as the schema it holds; the field's
  // titles go with it so its issue names the field (issues.ts).
  ajv.addKeyword({
    keyword: 'x-intake',
    schemaType: 'object',
    macro: (rule: IntakeRule, field: JsonSchema) => ({
      ...(field.title ? { title: field.title } : {}),
      ...(field['x-title-en'] ? { 'x-title-en': field['x-title-en'] } : {}),
      ...rule,
    }),
  });
  return ajv;
}

/** A function compiling schemas on one `createTradelogAjv` instance, each into a `BoundedValidate`. */
export function createValidatorCompiler(
  formats: Readonly<Record<string, CustomFormat>> = tradeFormats,
  options: { shape?: Readonly<ShapeLimits> } = {},
): (schema: JsonSchema) => BoundedValidate {
  const ajv = createTradelogAjv(formats);
  return (schema) => boundedValidator(schema, ajv.compile(schema), formats, options.shape);
}

/** One validator per document type, all compiled once, at the caller's start-up. */
export function createDocumentValidators(): Record<DocumentTypeId, BoundedValidate> {
  const ajv = createTradelogAjv(tradeFormats);
  return documentValidatorsOf((type) => ajv.compile(type.schema));
}
