import { ident, type Queryable } from '../db.ts';

/** Link-node tables: one row per node (business document), and its link keys for lookup. */
export async function createLinkNodeTables(db: Queryable, schema: string): Promise<void> {
  const s = ident(schema);
  await db.query(`
    CREATE TABLE IF NOT EXISTS ${s}.nodes (
      node_id text PRIMARY KEY,
      enterprise text NOT NULL,
      doc_type text NOT NULL,
      business_key text NOT NULL,
      block text NOT NULL,
      chain_id text NOT NULL,
      keys jsonb NOT NULL,
      fields jsonb NOT NULL,
      provenance jsonb NOT NULL,
      versions integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS nodes_chain ON ${s}.nodes (chain_id);
    CREATE TABLE IF NOT EXISTS ${s}.chains (
      chain_id text PRIMARY KEY,
      enterprise text NOT NULL,
      size integer NOT NULL
    );
    -- Which chain holds each link key. A key is held by exactly one chain: a node bringing a
    -- key merges every chain holding it. Kept per key (not per node) so that a key thousands of
    -- documents share costs one row to look up.
    CREATE TABLE IF NOT EXISTS ${s}.key_chains (
      enterprise text NOT NULL,
      cls text NOT NULL,
      value text NOT NULL,
      chain_id text NOT NULL,
      PRIMARY KEY (enterprise, cls, value, chain_id)
    );
    CREATE INDEX IF NOT EXISTS key_chains_chain ON ${s}.key_chains (chain_id);`);
}

export interface NodeRow {
  nodeId: string;
  enterprise: string;
  type: string;
  businessKey: string;
  block: string;
  chainId: string;
  keys: readonly { cls: string; value: string }[];
  fields: Record<string, unknown>;
  provenance: Record<string, unknown>;
  versions: number;
}

// biome-ignore lint/suspicious/noExplicitAny: a pg row
const toNode = (row: any): NodeRow => ({
  nodeId: row.node_id,
  enterprise: row.enterprise,
  type: row.doc_type,
  businessKey: row.business_key,
  block: row.block,
  chainId: row.chain_id,
  keys: row.keys,
  fields: row.fields,
  provenance: row.provenance,
  versions: row.versions,
});

export async function findNodes(
  db: Queryable,
  schema: string,
  nodeIds: readonly string[],
): Promise<NodeRow[]> {
  const { rows } = await db.query(`SELECT * FROM ${ident(schema)}.nodes WHERE node_id = ANY($1)`, [nodeIds]);
  return rows.map(toNode);
}

/** Which chains hold each of the given link keys (matched within their enterprise). */
export async function findKeyChains(
  db: Queryable,
  schema: string,
  keys: readonly { enterprise: string; cls: string; value: string }[],
): Promise<{ enterprise: string; cls: string; value: string; chainId: string }[]> {
  if (keys.length === 0) return [];
  const s = ident(schema);
  const { rows } = await db.query(
    `SELECT k.enterprise, k.cls, k.value, k.chain_id FROM ${s}.key_chains k
     JOIN unnest($1::text[], $2::text[], $3::text[]) AS w(enterprise, cls, value)
       ON k.enterprise = w.enterprise AND k.cls = w.cls AND k.value = w.value`,
    [keys.map((k) => k.enterprise), keys.map((k) => k.cls), keys.map((k) => k.value)],
  );
  return rows.map((row) => ({
    enterprise: row.enterprise,
    cls: row.cls,
    value: row.value,
    chainId: row.chain_id,
  }));
}

export async function findChainSizes(
  db: Queryable,
  schema: string,
  chainIds: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await db.query(
    `SELECT chain_id, size FROM ${ident(schema)}.chains WHERE chain_id = ANY($1)`,
    [chainIds],
  );
  return new Map(rows.map((row) => [row.chain_id, row.size]));
}

export async function upsertChainSize(
  db: Queryable,
  schema: string,
  chain: { chainId: string; enterprise: string; size: number },
): Promise<void> {
  await db.query(
    `INSERT INTO ${ident(schema)}.chains (chain_id, enterprise, size) VALUES ($1, $2, $3)
     ON CONFLICT (chain_id) DO UPDATE SET size = EXCLUDED.size`,
    [chain.chainId, chain.enterprise, chain.size],
  );
}

/** A merge: every node of the absorbed chains moves to the surviving one, and the absorbed chains go. */
export async function mergeChains(
  db: Queryable,
  schema: string,
  into: string,
  absorbed: readonly string[],
): Promise<void> {
  const s = ident(schema);
  await db.query(`UPDATE ${s}.nodes SET chain_id = $1 WHERE chain_id = ANY($2)`, [into, absorbed]);
  await db.query(
    `INSERT INTO ${s}.key_chains (enterprise, cls, value, chain_id)
     SELECT enterprise, cls, value, $1 FROM ${s}.key_chains WHERE chain_id = ANY($2) ON CONFLICT DO NOTHING`,
    [into, absorbed],
  );
  await db.query(`DELETE FROM ${s}.key_chains WHERE chain_id = ANY($1)`, [absorbed]);
  await db.query(`DELETE FROM ${s}.chains WHERE chain_id = ANY($1)`, [absorbed]);
}

export async function upsertNode(db: Queryable, schema: string, node: NodeRow): Promise<void> {
  const s = ident(schema);
  await db.query(
    `INSERT INTO ${s}.nodes (node_id, enterprise, doc_type, business_key, block, chain_id, keys, fields, provenance, versions)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (node_id) DO UPDATE SET block = EXCLUDED.block, chain_id = EXCLUDED.chain_id, keys = EXCLUDED.keys,
       fields = EXCLUDED.fields, provenance = EXCLUDED.provenance, versions = EXCLUDED.versions`,
    [
      node.nodeId,
      node.enterprise,
      node.type,
      node.businessKey,
      node.block,
      node.chainId,
      JSON.stringify(node.keys),
      JSON.stringify(node.fields),
      JSON.stringify(node.provenance),
      node.versions,
    ],
  );
}

/** Keys only ever accumulate (processors/README.md): record that the node's chain holds each of them. */
export async function insertKeyChains(
  db: Queryable,
  schema: string,
  node: Pick<NodeRow, 'chainId' | 'enterprise' | 'keys'>,
): Promise<void> {
  if (node.keys.length === 0) return;
  await db.query(
    `INSERT INTO ${ident(schema)}.key_chains (enterprise, cls, value, chain_id)
     SELECT $1, cls, value, $2 FROM unnest($3::text[], $4::text[]) AS k(cls, value) ON CONFLICT DO NOTHING`,
    [node.enterprise, node.chainId, node.keys.map((k) => k.cls), node.keys.map((k) => k.value)],
  );
}

/** The chain of the enterprise's node holding a key of one of the classes, for the link-node query. */
export async function findChainByKey(
  db: Queryable,
  schema: string,
  query: { enterprise: string; classes: readonly string[]; value: string },
): Promise<NodeRow[]> {
  const s = ident(schema);
  const { rows } = await db.query(
    `SELECT * FROM ${s}.nodes WHERE chain_id = (
       SELECT chain_id FROM ${s}.key_chains WHERE enterprise = $1 AND cls = ANY($2) AND value = $3 ORDER BY chain_id LIMIT 1)
     ORDER BY block, (provenance->>'receivedAt'), node_id`,
    [query.enterprise, query.classes, query.value],
  );
  return rows.map(toNode);
}

/**
 * How the query's documentsType finds the starting node, by link-key class (processors/README.md):
 * 10 financing, 20 inbound, 30 purchase, 40 declaration.
 */
export const documentsTypeKeyClasses: Readonly<Record<'10' | '20' | '30' | '40', readonly string[]>> = {
  '10': ['financingOrderNo'],
  '20': ['inboundOrderNo'],
  '30': ['purchaseOrderNo', 'poOrderNo'],
  '40': ['entryNo', 'declareOrderNo'],
};
