import { type DocumentTypeId, documentTypes } from './catalogue.ts';
import { type EnterpriseRole, enterpriseRoles, type JsonSchema } from './json-schema.ts';

/**
 * Where documents name enterprises (schemas/README.md "Where documents name enterprises"): the
 * one declaration, read from the `x-enterprise` annotations of each document and feed schema,
 * nested fields included. Ingest grants a submission on every field listed here, processors
 * attribute a document by its top-level fields in role order, and the projections' enterprise
 * columns read them through these functions, so a field cannot be checked in one place and
 * trusted in another.
 */
export interface EnterpriseField {
  /** Property names from the document's root; `[]` steps into each item of a list. */
  path: readonly string[];
  role: EnterpriseRole;
}

/** The enterprise fields a schema declares, nested ones included, each once. */
export function declaredEnterpriseFields(schema: JsonSchema): EnterpriseField[] {
  const found = new Map<string, EnterpriseField>();
  const visit = (node: JsonSchema | undefined, path: readonly string[]) => {
    if (node === undefined) return;
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      const at = [...path, name];
      const role = property['x-enterprise'];
      if (role !== undefined) found.set(at.join('.'), { path: at, role });
      visit(property, at);
      visit(property.items, [...at, '[]']);
    }
    for (const branch of [...(node.anyOf ?? []), ...(node.allOf ?? []), node.then]) visit(branch, path);
  };
  visit(schema, []);
  return [...found.values()];
}

const fieldsByType = new Map<DocumentTypeId, readonly EnterpriseField[]>(
  documentTypes.map((type) => [type.id, declaredEnterpriseFields(type.schema)]),
);

/** The declared enterprise fields of a document type. */
export function enterpriseFieldsOf(type: DocumentTypeId): readonly EnterpriseField[] {
  return fieldsByType.get(type) ?? [];
}

/**
 * A document's own enterprise fields in attribution order: the top-level ones, by role
 * (enterpriseRoles), then by their order in the schema.
 */
const attributingFields = new Map<DocumentTypeId, readonly EnterpriseField[]>(
  documentTypes.map((type) => [
    type.id,
    enterpriseFieldsOf(type.id)
      .filter((field) => field.path.length === 1)
      .sort((a, b) => enterpriseRoles.indexOf(a.role) - enterpriseRoles.indexOf(b.role)),
  ]),
);

export function enterpriseCodeOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export interface NamedEnterprise {
  /** Where, as a partner reads it: `goodsList[2].customerCode`. */
  field: string;
  enterprise: string;
  role: EnterpriseRole;
}

/** The document's enterprise and the field that named it; undefined when it names none (unattributed). */
export function enterpriseFieldOf(
  type: DocumentTypeId,
  document: Readonly<Record<string, unknown>>,
): NamedEnterprise | undefined {
  for (const { path, role } of attributingFields.get(type) ?? []) {
    const field = path[0]!;
    const enterprise = enterpriseCodeOf(document[field]);
    if (enterprise !== undefined) return { field, enterprise, role };
  }
  return undefined;
}

/** The first enterprise the document's top-level fields name in one of `roles` (in role order). */
export function enterpriseInRoles(
  type: DocumentTypeId,
  document: Readonly<Record<string, unknown>>,
  roles: readonly EnterpriseRole[],
): string | undefined {
  for (const { path, role } of attributingFields.get(type) ?? []) {
    if (!roles.includes(role)) continue;
    const enterprise = enterpriseCodeOf(document[path[0]!]);
    if (enterprise !== undefined) return enterprise;
  }
  return undefined;
}

/** Every enterprise a document names, field by field and list item by list item, in schema order. */
export function enterprisesNamedBy(
  type: DocumentTypeId,
  document: Readonly<Record<string, unknown>>,
): NamedEnterprise[] {
  const named: NamedEnterprise[] = [];
  for (const { path, role } of enterpriseFieldsOf(type)) {
    collect(document, path, 0, '', (field, value) => {
      const enterprise = enterpriseCodeOf(value);
      if (enterprise !== undefined) named.push({ field, enterprise, role });
    });
  }
  return named;
}

/**
 * The enterprise a nested record names in `field` (a goods line's own `customerCode`), for the
 * projections that file list items by their own enterprise. Declared fields only: asking for an
 * undeclared one is a programming error, since ingest would not have granted it.
 */
export function nestedEnterpriseOf(
  type: DocumentTypeId,
  list: string,
  field: string,
  item: Readonly<Record<string, unknown>>,
): string | undefined {
  const declared = enterpriseFieldsOf(type).some(
    (candidate) =>
      candidate.path.length === 3 &&
      candidate.path[0] === list &&
      candidate.path[1] === '[]' &&
      candidate.path[2] === field,
  );
  if (!declared) throw new Error(`${type}: ${list}[].${field} is not a declared enterprise field`);
  return enterpriseCodeOf(item[field]);
}

function collect(
  value: unknown,
  path: readonly string[],
  step: number,
  shown: string,
  found: (field: string, value: unknown) => void,
): void {
  if (step === path.length) {
    found(shown, value);
    return;
  }
  const name = path[step]!;
  if (name === '[]') {
    if (!Array.isArray(value)) return;
    value.forEach((item, index) => {
      collect(item, path, step + 1, `${shown}[${index}]`, found);
    });
    return;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
  const next = (value as Record<string, unknown>)[name];
  collect(next, path, step + 1, shown === '' ? name : `${shown}.${name}`, found);
}
