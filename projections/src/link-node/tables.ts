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
    CREATE TABLE IF NOT EXISTS ${s}.node_keys (
      enterprise text NOT NULL,
      cls text NOT NULL,
      value text NOT NULL,
      node_id text NOT NULL,
      PRIMARY KEY (enterprise, cls, value, node_id)
    );`);
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

/**
 * A reducer step's slice: every node of every chain that holds one of the given keys or node
 * ids. Keys are matched within their enterprise only.
 */
export async function findChainSlice(
  db: Queryable,
  schema: string,
  lookup: { nodeIds: readonly string[]; keys: readonly { enterprise: string; cls: string; value: string }[] },
): Promise<NodeRow[]> {
  const s = ident(schema);
  const { rows } = await db.query(
    `WITH chains AS (
       SELECT n.chain_id FROM ${s}.node_keys k JOIN ${s}.nodes n ON n.node_id = k.node_id
       JOIN unnest($1::text[], $2::text[], $3::text[]) AS w(enterprise, cls, value)
         ON k.enterprise = w.enterprise AND k.cls = w.cls AND k.value = w.value
       UNION SELECT chain_id FROM ${s}.nodes WHERE node_id = ANY($4))
     SELECT * FROM ${s}.nodes WHERE chain_id IN (SELECT chain_id FROM chains)`,
    [
      lookup.keys.map((k) => k.enterprise),
      lookup.keys.map((k) => k.cls),
      lookup.keys.map((k) => k.value),
      lookup.nodeIds,
    ],
  );
  return rows.map(toNode);
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

/** Keys only ever accumulate (processors/README.md), so inserting the node's keys is enough. */
export async function insertNodeKeys(
  db: Queryable,
  schema: string,
  node: Pick<NodeRow, 'nodeId' | 'enterprise' | 'keys'>,
): Promise<void> {
  if (node.keys.length === 0) return;
  await db.query(
    `INSERT INTO ${ident(schema)}.node_keys (enterprise, cls, value, node_id)
     SELECT $1, cls, value, $2 FROM unnest($3::text[], $4::text[]) AS k(cls, value) ON CONFLICT DO NOTHING`,
    [node.enterprise, node.nodeId, node.keys.map((k) => k.cls), node.keys.map((k) => k.value)],
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
       SELECT n.chain_id FROM ${s}.node_keys k JOIN ${s}.nodes n ON n.node_id = k.node_id
       WHERE k.enterprise = $1 AND k.cls = ANY($2) AND k.value = $3 ORDER BY n.node_id LIMIT 1)
     ORDER BY block, (provenance->>'receivedAt'), node_id`,
    [query.enterprise, query.classes, query.value],
  );
  return rows.map(toNode);
}

/** The eleven blocks of the link-node answer (query spec §3 "Link node"), in answer order. */
export const linkNodeBlocks = [
  'arrivalInfo',
  'intoDeclareInfo',
  'intoTransportInfo',
  'intoStorageInfo',
  'transfersInfo',
  'outStorageInfo',
  'outDeclareInfo',
  'outTransportInfo',
  'financingInfo',
  'purchaseInfo',
  'salesInfo',
] as const;

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
