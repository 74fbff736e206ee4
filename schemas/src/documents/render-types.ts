import type { JsonSchema } from './json-schema.ts';

/**
 * Renders TypeScript interfaces from our JSON Schemas, so the types can never disagree with
 * what ingest validates (ARCHITECTURE: "TypeScript types come from them"). Pure; the script
 * schemas/scripts/generate-types.ts writes the result, and a unit test fails when the
 * committed file is stale. Handles the subset json-schema.ts builds: objects, arrays, string
 * enums, strings, numbers, integers.
 */
export interface NamedSchema {
  /** The key in the generated map interface, e.g. `pod`. */
  key: string;
  /** The interface name, e.g. `PodDocument`. */
  name: string;
  schema: JsonSchema;
}

export const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

function doc(schema: JsonSchema, indent: string): string {
  const cn = schema.title;
  const en = schema['x-title-en'];
  if (!cn && !en) return '';
  return `${indent}/** ${[cn, en].filter(Boolean).join(' — ')} */\n`;
}

// `name` is the interface's name; `prefix` starts the names of its nested interfaces
// (Inbound + GoodsList + Item → InboundGoodsListItem).
function render(name: string, prefix: string, schema: JsonSchema, out: string[]): void {
  // Reserve the parent's place so that it reads before the interfaces of its nested objects.
  const slot = out.push('') - 1;
  const lines: string[] = [];
  const required = new Set(schema.required ?? []);
  for (const [property, child] of Object.entries(schema.properties ?? {})) {
    const type = typeOf(`${prefix}${pascal(property)}`, child, out);
    const key = /^[A-Za-z_$][\w$]*$/.test(property) ? property : JSON.stringify(property);
    lines.push(`${doc(child, '  ')}  ${key}${required.has(property) ? '' : '?'}: ${type};`);
  }
  const body = lines.length ? `{\n${lines.join('\n')}\n}` : '{\n  [field: string]: unknown;\n}';
  out[slot] = `${doc(schema, '')}export interface ${name} ${body}\n`;
}

function typeOf(name: string, schema: JsonSchema, out: string[]): string {
  switch (schema.type) {
    case 'object':
      render(name, name, schema, out);
      return name;
    case 'array': {
      const item = typeOf(`${name}Item`, schema.items ?? {}, out);
      return /^[\w]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
    }
    case 'string':
      return schema.enum ? schema.enum.map((value) => JSON.stringify(value)).join(' | ') : 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'unknown';
  }
}

/**
 * The whole generated module: one interface per object schema, plus a key → interface map and,
 * when asked for, a key → defaulted-fields map: the top-level fields whose schema gives a
 * default, which a validated request always has (schemas/src/queries/validator.ts `withDefaults`).
 */
export function renderTypes(options: {
  header: string;
  schemas: readonly NamedSchema[];
  mapName: string;
  defaultsMapName?: string;
}): string {
  const out: string[] = [];
  for (const { key, name, schema } of options.schemas) render(name, pascal(key), schema, out);
  const entries = options.schemas.map(({ key, name }) => `  ${key}: ${name};`).join('\n');
  const map = `export interface ${options.mapName} {\n${entries}\n}\n`;
  return `${options.header}\n\n${out.join('\n')}\n${map}${options.defaultsMapName ? `\n${defaultsMap(options.defaultsMapName, options.schemas)}` : ''}`;
}

function defaultsMap(name: string, schemas: readonly NamedSchema[]): string {
  const entries = schemas.map(({ key, schema }) => {
    const defaulted = Object.entries(schema.properties ?? {})
      .filter(([, property]) => property.default !== undefined)
      .map(([property]) => JSON.stringify(property));
    return `  ${key}: ${defaulted.length ? defaulted.join(' | ') : 'never'};`;
  });
  return `/** The fields each schema gives a default: present once a request is validated. */\nexport interface ${name} {\n${entries.join('\n')}\n}\n`;
}
