import { type DocumentType, documentTypes, type JsonSchema } from '@tradelog/schemas/documents/catalogue';
import { examples as documentExamples } from '@tradelog/schemas/documents/examples';
import { queryTypes } from '@tradelog/schemas/queries/catalogue';
import { examples as queryExamples } from '@tradelog/schemas/queries/examples';
import type { Locale } from '../app/routes.ts';

/**
 * Turns a document's JSON Schema into the rows of the API reference's request table (submission
 * spec §2: field, type, required, max length, enumeration, description). Pure, so the portal's
 * reference is tested against the very schemas ingest validates with.
 */
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
  return schema.type ?? (schema.enum ? 'string' : 'object');
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
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
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

/** Response tables of submission spec §3.15 and §3.8 (the catalogue names the shape). */
export interface ResponseRow {
  path: string;
  type: string;
  description: { cn: string; en: string };
}

const common: ResponseRow[] = [
  {
    path: 'flag',
    type: 'string',
    description: { cn: 'success 成功，failure 失败', en: 'success or failure' },
  },
  {
    path: 'code',
    type: 'string',
    description: { cn: '结果码；失败时为错误码', en: 'result code; the error code on failure' },
  },
  {
    path: 'message',
    type: 'string',
    description: { cn: '结果说明，失败时给出原因', en: 'result text; the reason on failure' },
  },
];

export function responseRows(kind: DocumentType['response']): ResponseRow[] {
  if (kind === 'ecommerce') {
    return [
      ...common,
      {
        path: 'entOrderNo',
        type: 'string',
        description: { cn: '企业订单号（回显）', en: 'enterprise order number (echoed)' },
      },
      {
        path: 'status',
        type: 'string',
        description: { cn: '接收状态：1 成功，2 失败', en: 'receive status: 1 success, 2 failure' },
      },
    ];
  }
  if (kind === 'goods') {
    return [
      {
        path: 'enterpriseCode',
        type: 'string',
        description: { cn: '企业编码（回显）', en: 'enterprise code (echoed)' },
      },
      {
        path: 'enterpriseName',
        type: 'string',
        description: { cn: '企业名称（回显）', en: 'enterprise name (echoed)' },
      },
      ...common,
      {
        path: 'busiCode',
        type: 'string',
        description: {
          cn: '业务编号（回显导入批次号）',
          en: 'business code (the import batch number echoed)',
        },
      },
    ];
  }
  return common;
}

/**
 * One page of the reference: a submission interface (submission spec) or a query /
 * subscription interface (query spec), with what the page shows. Ids follow the spec's
 * `pod_api` form; query pages are prefixed (`query_linkNode_api`) because both catalogues
 * have a `goods`.
 */
export type ReferenceGroup = 'logistics' | 'business' | 'query';

export interface ReferenceEntry {
  docId: string;
  group: ReferenceGroup;
  title: { cn: string; en: string };
  path: string;
  schema: JsonSchema;
  example: unknown;
  responseRows: ResponseRow[];
  /** A sentence on what the answer holds (query interfaces), in both languages. */
  responseNote?: { cn: string; en: string };
  /** Submission interfaces: the log topic and partition key. */
  log?: { topic: string; keyField: string };
  kind: 'submission' | 'query' | 'subscription' | 'trackOrSubscribe';
}

export const referenceEntries: readonly ReferenceEntry[] = [
  ...documentTypes.map(
    (type): ReferenceEntry => ({
      docId: `${type.id}_api`,
      group: type.group,
      title: type.title,
      path: type.path,
      schema: type.schema,
      example: documentExamples[type.id],
      responseRows: responseRows(type.response),
      log: { topic: type.topic, keyField: type.keyField },
      kind: 'submission',
    }),
  ),
  ...queryTypes.map(
    (type): ReferenceEntry => ({
      docId: `query_${type.id}_api`,
      group: 'query',
      title: type.title,
      path: type.path,
      schema: type.request,
      example: queryExamples[type.id],
      responseRows: common,
      responseNote: type.response,
      kind: type.kind,
    }),
  ),
];

export const referenceOf = (docId: string): ReferenceEntry | undefined =>
  referenceEntries.find((entry) => entry.docId === docId);

/** Reference page ids as the spec writes them (docsDetail-pod_api.html). */
export const docId = (type: { id: string }) => `${type.id}_api`;
