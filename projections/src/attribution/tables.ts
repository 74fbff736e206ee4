import { ident, pagedTotal, type Queryable } from '../db.ts';
import type { ComparedTable } from '../declaration.ts';
import { writeRecordset } from '../recordsets.ts';

/**
 * Attribution tables (processors/src/documents/attribution.ts), kept in the schema of each
 * projection that attributes documents to enterprises, so they are rebuilt with it from the log:
 * the enterprise each order key was learnt for (null once ambiguous), and the documents still
 * waiting for an order key to resolve them.
 */
export async function createAttributionTables(db: Queryable, schema: string): Promise<void> {
  const s = ident(schema);
  await db.query(`
    CREATE TABLE IF NOT EXISTS ${s}.attribution_keys (
      order_key text PRIMARY KEY,
      enterprise text
    );
    CREATE TABLE IF NOT EXISTS ${s}.pending_documents (
      position text PRIMARY KEY,
      keys text[] NOT NULL,
      document_type text NOT NULL,
      document_id text NOT NULL,
      partner_id text NOT NULL,
      received_at text NOT NULL,
      event jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS pending_documents_keys ON ${s}.pending_documents USING gin (keys);
    CREATE INDEX IF NOT EXISTS pending_documents_received ON ${s}.pending_documents (received_at, position);`);
}

/** How two versions' attribution state is compared on rebuild. */
export const attributionCompared: readonly ComparedTable[] = [
  { table: 'attribution_keys', key: 'order_key', hash: "md5(coalesce(enterprise, ''))" },
  { table: 'pending_documents', key: 'position', hash: 'md5(row(keys, document_type, document_id)::text)' },
];

export async function findAttributionKeys(
  db: Queryable,
  schema: string,
  keys: readonly string[],
): Promise<Map<string, string | null>> {
  if (keys.length === 0) return new Map();
  const { rows } = await db.query(
    `SELECT order_key, enterprise FROM ${ident(schema)}.attribution_keys WHERE order_key = ANY($1)`,
    [keys],
  );
  return new Map(rows.map((row) => [row.order_key as string, row.enterprise as string | null]));
}

export interface PendingDocumentRow {
  position: string;
  keys: string[];
  documentType: string;
  documentId: string;
  partnerId: string;
  receivedAt: string;
  event: Record<string, unknown>;
}

// biome-ignore lint/suspicious/noExplicitAny: a pg row
const toPending = (row: any): PendingDocumentRow => ({
  position: row.position,
  keys: row.keys,
  documentType: row.document_type,
  documentId: row.document_id,
  partnerId: row.partner_id,
  receivedAt: row.received_at,
  event: row.event,
});

/** Pending documents holding any of the keys. */
export async function findPendingByKeys(
  db: Queryable,
  schema: string,
  keys: readonly string[],
): Promise<PendingDocumentRow[]> {
  if (keys.length === 0) return [];
  const { rows } = await db.query(
    `SELECT * FROM ${ident(schema)}.pending_documents WHERE keys && $1::text[] ORDER BY position`,
    [keys],
  );
  return rows.map(toPending);
}

/** Writes the batch's learnt keys with one statement (key order). */
export async function upsertAttributionKeys(
  db: Queryable,
  schema: string,
  rows: readonly { orderKey: string; enterprise: string | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => (a.orderKey < b.orderKey ? -1 : 1));
  await db.query(
    `INSERT INTO ${ident(schema)}.attribution_keys (order_key, enterprise)
     SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT (order_key) DO UPDATE SET enterprise = EXCLUDED.enterprise`,
    [sorted.map((row) => row.orderKey), sorted.map((row) => row.enterprise)],
  );
}

/** Keeps the batch's new pending documents with one statement. */
export async function insertPendingDocuments(
  db: Queryable,
  schema: string,
  rows: readonly PendingDocumentRow[],
): Promise<void> {
  const sorted = [...rows].sort((a, b) => (a.position < b.position ? -1 : 1));
  await writeRecordset(
    db,
    {
      table: `${ident(schema)}.pending_documents`,
      key: ['position'],
      columns: [
        ['position', 'text', (row) => row.position],
        ['keys', 'text[]', (row) => row.keys],
        ['document_type', 'text', (row) => row.documentType],
        ['document_id', 'text', (row) => row.documentId],
        ['partner_id', 'text', (row) => row.partnerId],
        ['received_at', 'text', (row) => row.receivedAt],
        ['event', 'jsonb', (row) => row.event],
      ],
      onConflict: 'keep',
      order: 'given',
    },
    sorted,
  );
}

/** Removes the documents the batch attributed, with one statement. */
export async function deletePendingDocuments(
  db: Queryable,
  schema: string,
  positions: readonly string[],
): Promise<void> {
  if (positions.length === 0) return;
  await db.query(`DELETE FROM ${ident(schema)}.pending_documents WHERE position = ANY($1)`, [
    [...positions].sort(),
  ]);
}

/** The documents not attributed yet, oldest first, for operators (`GET /ops/unattributed`). */
export async function listPendingDocuments(
  db: Queryable,
  schema: string,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: Omit<PendingDocumentRow, 'event'>[] }> {
  const { rows } = await db.query(
    `SELECT position, keys, document_type, document_id, partner_id, received_at, count(*) OVER () AS total
     FROM ${ident(schema)}.pending_documents ORDER BY received_at, position LIMIT $1 OFFSET $2`,
    [page.limit, page.offset],
  );
  return {
    total: pagedTotal(rows),
    rows: rows.map((row) => {
      const { event: _event, ...rest } = toPending({ ...row, event: null });
      return rest;
    }),
  };
}
