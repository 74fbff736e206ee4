import { ident, type Queryable } from './db.ts';
import { createDocumentIndexTables } from './document-index/tables.ts';
import { createEnterpriseDataTables } from './enterprise-data/tables.ts';
import { createLinkNodeTables } from './link-node/tables.ts';
import { createOrderStatusTables } from './order-status/tables.ts';
import type { ProjectionName } from './versions.ts';

const creators: Record<ProjectionName, (db: Queryable, schema: string) => Promise<void>> = {
  'document-index': createDocumentIndexTables,
  'order-status': createOrderStatusTables,
  'link-node': createLinkNodeTables,
  'enterprise-data': createEnterpriseDataTables,
};

/** Creates a version's schema and its projection's tables (idempotent). */
export async function createVersionTables(
  db: Queryable,
  projection: ProjectionName,
  schema: string,
): Promise<void> {
  await db.query(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)}`);
  await creators[projection](db, schema);
}

/**
 * How two versions of a projection are compared (issue 4, "compare with live"): per table, a
 * key and a hash of what a reader sees for it. Link-node chains are compared by membership
 * (each node with the smallest node id of its chain), not by chain id: a chain's id depends on
 * which of its documents arrived first, which may differ between two reads of several topics.
 */
export const comparedTables: Record<ProjectionName, { table: string; key: string; hash: string }[]> = {
  'document-index': [
    {
      table: 'documents',
      key: 'document_id',
      hash: 'md5(row(doc_type, enterprise, topic, partition, record_offset, partner_id, received_at, schema_id, content_sha256)::text)',
    },
  ],
  'order-status': [
    {
      table: 'orders',
      key: 'order_key',
      hash: 'md5(row(status, effective_time, content_sha256, fields, history)::text)',
    },
  ],
  'link-node': [
    {
      table: '(SELECT *, min(node_id) OVER (PARTITION BY chain_id) AS chain_anchor FROM {schema}.nodes)',
      key: 'node_id',
      hash: 'md5(row(chain_anchor, block, keys, fields, provenance, versions)::text)',
    },
  ],
  'enterprise-data': [
    {
      table: 'declarations',
      key: 'declaration_key',
      hash: 'md5(row(owner_code, declare_code, entry_no, declare_time, fields)::text)',
    },
    { table: 'goods', key: 'goods_key', hash: 'md5(sources::text)' },
    { table: 'warehouse_orders', key: 'order_key', hash: 'md5(row(tallied, occurred_at, fields)::text)' },
    {
      table: 'stock_movements',
      key: "order_key || '/' || line_no",
      hash: 'md5(row(goods_id, batch_code, stock_type, qty, amount, effective)::text)',
    },
  ],
};

export interface TableComparison {
  table: string;
  rowsA: number;
  rowsB: number;
  differingKeys: string[];
}

/** Row counts and per-key hashes of one projection in two version schemas; differing keys listed (at most 20 per table). */
export async function compareVersions(
  db: Queryable,
  projection: ProjectionName,
  schemaA: string,
  schemaB: string,
): Promise<TableComparison[]> {
  const out: TableComparison[] = [];
  for (const spec of comparedTables[projection]) {
    const source = (schema: string) =>
      spec.table.includes('{schema}')
        ? spec.table.replace('{schema}', ident(schema))
        : `${ident(schema)}.${spec.table}`;
    const { rows } = await db.query(
      `WITH a AS (SELECT ${spec.key} AS k, ${spec.hash} AS h FROM ${source(schemaA)} t),
            b AS (SELECT ${spec.key} AS k, ${spec.hash} AS h FROM ${source(schemaB)} t)
       SELECT (SELECT count(*) FROM a) AS rows_a, (SELECT count(*) FROM b) AS rows_b,
              ARRAY(SELECT coalesce(a.k, b.k) FROM a FULL JOIN b ON a.k = b.k WHERE a.h IS DISTINCT FROM b.h ORDER BY 1 LIMIT 20) AS differing`,
    );
    const name = spec.table.includes('{schema}') ? 'nodes' : spec.table;
    out.push({
      table: name,
      rowsA: Number(rows[0].rows_a),
      rowsB: Number(rows[0].rows_b),
      differingKeys: rows[0].differing,
    });
  }
  return out;
}
