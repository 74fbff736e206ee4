import type { TableComparison } from '@tradelog/schemas/queries/operations';
import { type ProjectionName, projectionDeclaration } from './catalogue.ts';
import { ident, type Queryable } from './db.ts';

/** Creates a version's schema and its projection's tables (idempotent). */
export async function createVersionTables(
  db: Queryable,
  projection: ProjectionName,
  schema: string,
): Promise<void> {
  await db.query(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)}`);
  await projectionDeclaration(projection).createTables(db, schema);
}

/**
 * Gathers planner statistics for a version's tables. A version built from offset zero has none
 * until autovacuum gets to it, and readers switched to it would be planned blind.
 */
export async function analyzeVersionTables(db: Queryable, schema: string): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind = 'r' ORDER BY 1`,
    [schema],
  );
  for (const row of rows) await db.query(`ANALYZE ${ident(schema)}.${ident(row.name)}`);
}

// What a comparison answers is the operator contract's (GET /ops/rebuild/{projection}).
export type { TableComparison };

/** Pure: the tables a compared spec reads (`{schema}.name` in a subquery, else its table). */
export const comparedTablesOf = (table: string): string[] =>
  table.includes('{schema}')
    ? [...new Set([...table.matchAll(/\{schema\}\.(\w+)/g)].map((m) => m[1]!))]
    : [table];

// Whether a comparison found the two versions equal: the operator contract's rule, which the
// console applies to the same comparison.
export { versionsEqual } from '@tradelog/schemas/queries/operations';

/** The first of `schemas` lacking one of `tables`, or undefined when each holds them all. */
async function firstLacking(db: Queryable, schemas: readonly string[], tables: readonly string[]) {
  for (const schema of schemas) {
    const { rows } = await db.query(
      `SELECT bool_and(to_regclass(format('%I.%I', $1::text, t)) IS NOT NULL) AS held FROM unnest($2::text[]) t`,
      [schema, tables],
    );
    if (rows[0].held !== true) return schema;
  }
  return undefined;
}

/** Row counts and per-key hashes of one projection in two version schemas; differing keys listed (at most 20 per table). */
export async function compareVersions(
  db: Queryable,
  projection: ProjectionName,
  schemaA: string,
  schemaB: string,
): Promise<TableComparison[]> {
  const out: TableComparison[] = [];
  for (const spec of projectionDeclaration(projection).compared) {
    const source = (schema: string) =>
      spec.table.includes('{schema}')
        ? spec.table.replaceAll('{schema}', ident(schema))
        : `${ident(schema)}.${spec.table}`;
    const name = spec.label ?? spec.table;
    const absentFrom = await firstLacking(db, [schemaA, schemaB], comparedTablesOf(spec.table));
    if (absentFrom !== undefined) {
      out.push({ table: name, rowsA: 0, rowsB: 0, differingKeys: [], absentFrom });
      continue;
    }
    const { rows } = await db.query(
      `WITH a AS (SELECT ${spec.key} AS k, ${spec.hash} AS h FROM ${source(schemaA)} t),
            b AS (SELECT ${spec.key} AS k, ${spec.hash} AS h FROM ${source(schemaB)} t)
       SELECT (SELECT count(*) FROM a) AS rows_a, (SELECT count(*) FROM b) AS rows_b,
              ARRAY(SELECT coalesce(a.k, b.k) FROM a FULL JOIN b ON a.k = b.k WHERE a.h IS DISTINCT FROM b.h ORDER BY 1 LIMIT 20) AS differing`,
    );
    out.push({
      table: name,
      rowsA: Number(rows[0].rows_a),
      rowsB: Number(rows[0].rows_b),
      differingKeys: rows[0].differing,
    });
  }
  return out;
}
