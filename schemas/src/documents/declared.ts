import { type DocumentTypeId, documentType } from './catalogue.ts';
import type { JsonSchema } from './json-schema.ts';

/**
 * A submitted value cut down to what its schema declares: the properties its `properties` name
 * (also in `allOf`, `anyOf` and `if`/`then` branches), each cut down by its own schema, and list
 * items by `items`. Ingest keeps what a partner sends beyond the spec (the log holds a document
 * exactly as sent), but nothing a partner names reaches another party's answer (query-api
 * README "What lenders are answered"): an extra key such as `=HYPERLINK(…)` or a
 * `provenance.partner` look-alike is dropped here, before an answer or an export is made.
 * An object whose schema names no property at all is open by declaration and kept whole. Pure;
 * a value of the wrong type (an object where a string is declared) is kept as it is: the
 * schema's validator refused those at ingest.
 */
export function declaredOnly(schema: JsonSchema, value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = itemSchemaOf(schema);
    return items ? value.map((item) => declaredOnly(items, item)) : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const properties = propertiesOf(schema);
  // An object whose schema names no field is open by declaration: kept whole.
  if (properties.size === 0) return value;
  const kept: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value as Record<string, unknown>)) {
    const declared = properties.get(name);
    if (declared) kept[name] = declaredOnly(declared, field);
  }
  return kept;
}

/** `declaredOnly` for an object, typed as one. */
export const declaredFieldsOf = (
  schema: JsonSchema,
  fields: Record<string, unknown>,
): Record<string, unknown> => declaredOnly(schema, fields) as Record<string, unknown>;

/** Every property a schema names, in itself and in the branches a value may take. */
function propertiesOf(schema: JsonSchema): Map<string, JsonSchema> {
  const found = new Map<string, JsonSchema>();
  const visit = (node: JsonSchema | undefined) => {
    if (!node) return;
    for (const [name, field] of Object.entries(node.properties ?? {}))
      if (!found.has(name)) found.set(name, field);
    for (const branch of [...(node.allOf ?? []), ...(node.anyOf ?? [])]) visit(branch);
    visit(node.then);
  };
  visit(schema);
  return found;
}

function itemSchemaOf(schema: JsonSchema): JsonSchema | undefined {
  if (schema.items) return schema.items;
  for (const branch of [...(schema.allOf ?? []), ...(schema.anyOf ?? [])]) {
    const items = itemSchemaOf(branch);
    if (items) return items;
  }
  return undefined;
}

/**
 * The schema of one stored row of a document type as the order-status and link-node projections
 * keep it: the document, or for sales to consumer (spec §3.13) one order of its `orderList`
 * beside the batch's `customerCode` (processors/src/order-status/reducer.ts,
 * processors/src/link-node/rules.ts `NodeFieldsOf`).
 */
export function rowSchemaOf(type: DocumentTypeId): JsonSchema {
  const cached = rowSchemas.get(type);
  if (cached) return cached;
  const schema = documentType(type).schema;
  let row = schema;
  if (type === 'saleOrderToC') {
    const { orderList, ...batch } = schema.properties ?? {};
    row = { type: 'object', properties: { ...batch, ...(orderList?.items?.properties ?? {}) } };
  }
  rowSchemas.set(type, row);
  return row;
}
const rowSchemas = new Map<DocumentTypeId, JsonSchema>();
