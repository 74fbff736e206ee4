import type { JsonSchema } from './json-schema.ts';

/** Test helpers for schema tests (documents and queries). */

/** Marks a field to delete in `withChanges`. */
export const removed = Symbol('removed');

/**
 * A deep copy of `value` with `changes` applied: each key a dotted path (`goodsList.1.hsCode`),
 * each value the new value or `removed`.
 */
export function withChanges(
  value: unknown,
  changes: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const copy = structuredClone(value) as Record<string, unknown>;
  for (const [path, change] of Object.entries(changes)) {
    const names = path.split('.');
    const last = names.pop()!;
    const parent = names.reduce((node, name) => node[name] as Record<string, unknown>, copy);
    if (change === removed) delete parent[last];
    else parent[last] = change;
  }
  return copy;
}

/** Every node of a schema with its path, depth first (`pod.goodsList[].hsCode`). */
export function* schemaNodes(schema: JsonSchema, path: string): Generator<[string, JsonSchema]> {
  yield [path, schema];
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    yield* schemaNodes(child, `${path}.${name}`);
  if (schema.items) yield* schemaNodes(schema.items, `${path}[]`);
}
