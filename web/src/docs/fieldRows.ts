import type { DocumentType, JsonSchema } from '@tradelog/schemas/documents/catalogue';
import { withIntakeRules } from '@tradelog/schemas/documents/json-schema';
import { submissionResponseSchemas } from '@tradelog/schemas/openapi/envelopes';
import type { Locale } from '../app/routes.ts';

/**
 * Turns a document's JSON Schema into the rows of the API reference's request table (submission
 * spec §2: field, type, required, max length, enumeration, description). Pure, so the portal's
 * reference is tested against the very schemas ingest validates with.
 */

/** One field of a request table. */
export interface FieldRow {
  /** Dotted path; array items are written `goodsList[].hsCode`. */
  path: string;
  depth: number;
  type: string;
  required: boolean;
  maxLength: number | undefined;
  enumeration: { value: string; label: string }[];
  title: string;
  description: string;
  format: string | undefined;
  /** Array bounds or numeric bounds, when the schema has them. */
  bounds: string | undefined;
}

function typeOf(schema: JsonSchema): string {
  if (schema.type === 'array') return `array<${schema.items ? typeOf(schema.items) : 'unknown'}>`;
  // A member answered null when unknown is typed [type, 'null'] (schemas/src/openapi/queryResponses.ts).
  const type = schema.type as string | readonly string[] | undefined;
  if (Array.isArray(type)) return type.join(' | ');
  return (type as string | undefined) ?? (schema.enum ? 'string' : 'object');
}

function boundsOf(schema: JsonSchema): string | undefined {
  const parts: string[] = [];
  if (schema.minItems !== undefined || schema.maxItems !== undefined)
    parts.push(`${schema.minItems ?? 0}…${schema.maxItems ?? '∞'}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    parts.push(`${schema.minimum ?? '−∞'}…${schema.maximum ?? '∞'}`);
  if (schema.pattern !== undefined) parts.push(schema.pattern);
  return parts.length ? parts.join(' ') : undefined;
}

export function textOf(schema: JsonSchema, locale: Locale): { title: string; description: string } {
  const title = (locale === 'en' ? schema['x-title-en'] : undefined) ?? schema.title ?? '';
  const description = (locale === 'en' ? schema['x-description-en'] : undefined) ?? schema.description ?? '';
  return { title, description };
}

export function enumerationOf(schema: JsonSchema, locale: Locale): { value: string; label: string }[] {
  const values = schema.enum ?? schema.items?.enum ?? [];
  const labels = (locale === 'en' ? schema['x-enum-titles-en'] : undefined) ?? schema['x-enum-titles'] ?? {};
  return values.map((value) => ({ value, label: labels[value] ?? '' }));
}

export function fieldRows(schema: JsonSchema, locale: Locale, prefix = '', depth = 0): FieldRow[] {
  const rows: FieldRow[] = [];
  const required = new Set(schema.required ?? []);
  for (const [name, declared] of Object.entries(schema.properties ?? {})) {
    // The reference says what a submission must meet: a field's intake rule is its rule.
    const property = withIntakeRules(declared);
    const path = prefix ? `${prefix}.${name}` : name;
    const { title, description } = textOf(property, locale);
    rows.push({
      path,
      depth,
      type: typeOf(property),
      required: required.has(name),
      maxLength: property.maxLength ?? property.items?.maxLength,
      enumeration: enumerationOf(property, locale),
      title,
      description,
      format: property.format ?? property.items?.format,
      bounds: boundsOf(property),
    });
    if (property.type === 'object' && property.properties)
      rows.push(...fieldRows(property, locale, path, depth + 1));
    if (property.type === 'array' && property.items?.properties)
      rows.push(...fieldRows(property.items, locale, `${path}[]`, depth + 1));
  }
  return rows;
}

/** The either-or rules of §5 (anyOf of required pairs), spelled out for the reader. */
export function eitherOrRules(schema: JsonSchema): string[][] {
  return (schema.anyOf ?? [])
    .map((branch) => [...(branch.required ?? [])])
    .filter((fields) => fields.length > 0);
}

/** A row of a response table, rendered from the interface's response schema. */
export interface ResponseRow {
  path: string;
  depth: number;
  type: string;
  description: { cn: string; en: string };
}

/** The rows of a response table from a response JSON Schema (both languages at once). */
export function responseRowsOf(schema: JsonSchema): ResponseRow[] {
  const cn = fieldRows(schema, 'cn');
  const en = fieldRows(schema, 'en');
  return cn.map((row, index) => ({
    path: row.path,
    depth: row.depth,
    type: row.type,
    description: {
      cn: [row.title, row.enumeration.map((item) => `${item.value} ${item.label}`.trim()).join('，')]
        .filter(Boolean)
        .join('：'),
      en: [
        en[index]!.title,
        en[index]!.enumeration.map((item) => `${item.value} ${item.label}`.trim()).join(', '),
      ]
        .filter(Boolean)
        .join(': '),
    },
  }));
}

/** Response tables of submission spec §3.15 and §3.8 (the catalogue names the shape). */
export function responseRows(kind: DocumentType['response']): ResponseRow[] {
  return responseRowsOf(submissionResponseSchemas[kind]);
}
