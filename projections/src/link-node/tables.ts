import { jsonTextOf } from '@tradelog/schemas/kit/log/recordText';
import { ident, type PageRequest, type Queryable } from '../db.ts';

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
      -- json, not jsonb: a node's document is written whole and read whole, never searched
      -- inside, and json stores the text as written (the node insert costs 40 % less).
      keys json NOT NULL,
      fields json NOT NULL,
      provenance json NOT NULL,
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
  // One index probe per key (processors/README.md "Batch look-ups"): a plain join is planned
  // from statistics, and a version being built has none: it sorted the whole table per batch.
  const { rows } = await db.query(
    `SELECT k.enterprise, k.cls, k.value, k.chain_id
     FROM unnest($1::text[], $2::text[], $3::text[]) AS w(enterprise, cls, value)
     CROSS JOIN LATERAL (
       SELECT * FROM ${s}.key_chains k
       WHERE k.enterprise = w.enterprise AND k.cls = w.cls AND k.value = w.value OFFSET 0) k`,
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

/** Writes a batch's changed chain sizes with one statement (rows in chain order). */
export async function upsertChainSizes(
  db: Queryable,
  schema: string,
  chains: readonly { chainId: string; enterprise: string; size: number }[],
): Promise<void> {
  if (chains.length === 0) return;
  await db.query(
    `INSERT INTO ${ident(schema)}.chains (chain_id, enterprise, size)
     SELECT chain_id, enterprise, size FROM unnest($1::text[], $2::text[], $3::integer[]) AS c(chain_id, enterprise, size)
     ON CONFLICT (chain_id) DO UPDATE SET size = EXCLUDED.size`,
    [chains.map((c) => c.chainId), chains.map((c) => c.enterprise), chains.map((c) => c.size)],
  );
}

/**
 * A batch's merges: every node and key of an absorbed chain moves to the chain that finally
 * holds it (`into`, already resolved through later merges of the same batch), and the absorbed
 * chains go. Four statements whatever the number of merges. The absorbed ids are also given as
 * `chain_id = ANY($1)`: joined only, a table without planner statistics yet (a version just
 * built, or live for less than an autovacuum round) was scanned whole for each batch's merges —
 * 80 ms at 86 000 nodes, 1 ms through the chain index (processors/README.md "Batch look-ups").
 */
export async function applyChainMerges(
  db: Queryable,
  schema: string,
  merges: readonly { absorbed: string; into: string }[],
): Promise<void> {
  if (merges.length === 0) return;
  const s = ident(schema);
  const params = [merges.map((m) => m.absorbed), merges.map((m) => m.into)];
  await db.query(
    `UPDATE ${s}.nodes n SET chain_id = m.target FROM unnest($1::text[], $2::text[]) AS m(absorbed, target)
     WHERE n.chain_id = ANY($1) AND n.chain_id = m.absorbed`,
    params,
  );
  await db.query(
    `INSERT INTO ${s}.key_chains (enterprise, cls, value, chain_id)
     SELECT k.enterprise, k.cls, k.value, m.target FROM ${s}.key_chains k
     JOIN unnest($1::text[], $2::text[]) AS m(absorbed, target) ON k.chain_id = m.absorbed
     WHERE k.chain_id = ANY($1)
     ORDER BY 1, 2, 3, 4 ON CONFLICT DO NOTHING`,
    params,
  );
  await db.query(`DELETE FROM ${s}.key_chains WHERE chain_id = ANY($1)`, [params[0]]);
  await db.query(`DELETE FROM ${s}.chains WHERE chain_id = ANY($1)`, [params[0]]);
}

/**
 * Rows per node statement. A node holds its whole document, so serialising a batch's nodes is a
 * large part of its apply: written in chunks, the next chunk is serialised while Postgres writes
 * the previous one (the processor and Postgres run side by side instead of taking turns).
 */
const nodesPerStatement = 500;

/**
 * Writes a batch's changed nodes, rows in node order, one statement per chunk. Each column is a
 * parameter of its own, zipped by position (`ROWS FROM`): the documents reach Postgres as one
 * JSON array per json column and are parsed once (input) and split once, where a recordset of
 * row objects was parsed three times (input, recordset, each json column again) — the node
 * insert took a third less time in isolation.
 */
export async function upsertNodes(db: Queryable, schema: string, nodes: readonly NodeRow[]): Promise<void> {
  const statement = `INSERT INTO ${ident(schema)}.nodes (node_id, enterprise, doc_type, business_key, block, chain_id, versions, keys, fields, provenance)
     SELECT * FROM ROWS FROM (unnest($1::text[]), unnest($2::text[]), unnest($3::text[]), unnest($4::text[]),
       unnest($5::text[]), unnest($6::text[]), unnest($7::integer[]),
       json_array_elements($8::json), json_array_elements($9::json), json_array_elements($10::json))
     ON CONFLICT (node_id) DO UPDATE SET block = EXCLUDED.block, chain_id = EXCLUDED.chain_id, keys = EXCLUDED.keys,
       fields = EXCLUDED.fields, provenance = EXCLUDED.provenance, versions = EXCLUDED.versions`;
  let writing: Promise<unknown> | undefined;
  for (let from = 0; from < nodes.length; from += nodesPerStatement) {
    const chunk = nodes.slice(from, from + nodesPerStatement);
    const columns = [
      chunk.map((node) => node.nodeId),
      chunk.map((node) => node.enterprise),
      chunk.map((node) => node.type),
      chunk.map((node) => node.businessKey),
      chunk.map((node) => node.block),
      chunk.map((node) => node.chainId),
      chunk.map((node) => node.versions),
      JSON.stringify(chunk.map((node) => node.keys)),
      // The documents as the log holds their text (a node's fields are its document, as decoded).
      `[${chunk.map((node) => jsonTextOf(node.fields)).join(',')}]`,
      JSON.stringify(chunk.map((node) => node.provenance)),
    ];
    // One statement in flight: the next is sent once this one has succeeded.
    await writing;
    writing = db.query(statement, columns);
  }
  await writing;
}

/** Keys only ever accumulate (processors/README.md): record that each node's chain holds each of its keys. */
export async function insertKeyChains(
  db: Queryable,
  schema: string,
  nodes: readonly Pick<NodeRow, 'chainId' | 'enterprise' | 'keys'>[],
): Promise<void> {
  // Nodes of one chain share keys: each holding once, in key order.
  const unique = new Map(
    nodes.flatMap((node) =>
      node.keys.map((key) => {
        const row = [node.enterprise, key.cls, key.value, node.chainId] as const;
        return [row.join('\u0000'), row] as const;
      }),
    ),
  );
  const rows = [...unique].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO ${ident(schema)}.key_chains (enterprise, cls, value, chain_id)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) ON CONFLICT DO NOTHING`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
  );
}

/**
 * A page of the chain of the enterprise's node holding a key of one of the classes, for the
 * link-node query, in chain order (block, received-at, node id), with the number of documents
 * the chain holds (query-api README "Chains in pages"); without `page`, the whole chain.
 * One index probe per class, on all three leading key columns: written as `cls = ANY($2)`, a
 * version without planner statistics yet (just rebuilt, not analysed) scanned every key of the
 * enterprise for the value instead (600 pages at 50 000 chains, against 7). The chain is ordered
 * by its sort keys alone and only the page's rows are read whole: a page of a long chain does not
 * sort every document of it.
 */
export async function findChainByKey(
  db: Queryable,
  schema: string,
  query: { enterprise: string; classes: readonly string[]; value: string },
  page?: Pick<PageRequest, 'limit' | 'offset'>,
): Promise<{ chainId: string | undefined; total: number; nodes: NodeRow[] }> {
  const s = ident(schema);
  // One row at least: the chain found (or null) and its size, beside a page that may be empty.
  const { rows } = await db.query(
    `WITH found AS (
       SELECT min(k.chain_id) AS chain_id FROM unnest($2::text[]) AS c(cls) CROSS JOIN LATERAL (
         SELECT chain_id FROM ${s}.key_chains WHERE enterprise = $1 AND cls = c.cls AND value = $3 ORDER BY chain_id LIMIT 1) k),
     size AS (SELECT count(*) AS total FROM ${s}.nodes WHERE chain_id = (SELECT chain_id FROM found)),
     page AS (
       SELECT n.node_id, n.block, n.provenance->>'receivedAt' AS received_at
         FROM ${s}.nodes n WHERE n.chain_id = (SELECT chain_id FROM found)
         ORDER BY n.block, received_at, n.node_id LIMIT $4 OFFSET $5)
     SELECT found.chain_id AS found_chain_id, size.total, n.*
     FROM found CROSS JOIN size LEFT JOIN (page JOIN ${s}.nodes n USING (node_id)) ON true
     ORDER BY page.block, page.received_at, page.node_id`,
    [query.enterprise, query.classes, query.value, page?.limit ?? null, page?.offset ?? 0],
  );
  return {
    chainId: rows[0]?.found_chain_id ?? undefined,
    total: Number(rows[0]?.total ?? 0),
    nodes: rows.filter((row) => row.node_id !== null).map(toNode),
  };
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
