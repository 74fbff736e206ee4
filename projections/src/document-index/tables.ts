import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import type { Provenance } from '@tradelog/schemas/kit/log/provenance';
import { ident, type Queryable } from '../db.ts';
import { type Column, writeRecordset } from '../recordsets.ts';

/**
 * Document index tables, created in a version's schema. Table layouts are not migrated in
 * place: a changed layout is a new projection version, rebuilt from the log.
 */
export async function createDocumentIndexTables(db: Queryable, schema: string): Promise<void> {
  const s = ident(schema);
  await db.query(`
    CREATE TABLE IF NOT EXISTS ${s}.documents (
      document_id text PRIMARY KEY,
      doc_type text NOT NULL,
      enterprise text,
      topic text NOT NULL,
      partition integer NOT NULL,
      record_offset bigint NOT NULL,
      record_key text,
      partner_id text NOT NULL,
      received_at timestamptz NOT NULL,
      schema_id integer NOT NULL,
      content_sha256 text NOT NULL,
      UNIQUE (topic, partition, record_offset)
    );
    CREATE INDEX IF NOT EXISTS documents_enterprise ON ${s}.documents (enterprise, doc_type, received_at);
    CREATE INDEX IF NOT EXISTS documents_partner ON ${s}.documents (partner_id, received_at DESC, document_id DESC);
    -- Every version of a business document (its record key on its topic): a chain's records as of
    -- a moment (query-api/README.md "As of a moment").
    CREATE INDEX IF NOT EXISTS documents_record_key ON ${s}.documents (topic, record_key);`);
}

/**
 * A document's entry: its provenance, its type and the enterprise it belongs to (null while it
 * waits to be attributed). One type for the table's row and the processor's state
 * (processors/src/document-index/reducer.ts), so neither is mapped into the other.
 */
export type IndexedDocumentRow = Provenance & { type: DocumentTypeId; enterprise: string | null };

// biome-ignore lint/suspicious/noExplicitAny: a pg row
const toIndexedDocument = (row: any): IndexedDocumentRow => ({
  documentId: row.document_id,
  type: row.doc_type,
  enterprise: row.enterprise,
  topic: row.topic,
  partition: row.partition,
  offset: String(row.record_offset),
  recordKey: row.record_key,
  partnerId: row.partner_id,
  receivedAt: row.received_at.toISOString(),
  schemaId: row.schema_id,
  contentSha256: row.content_sha256,
});

export async function findIndexedDocuments(
  db: Queryable,
  schema: string,
  documentIds: readonly string[],
): Promise<IndexedDocumentRow[]> {
  const { rows } = await db.query(
    `SELECT document_id, doc_type, enterprise, topic, partition, record_offset, record_key, partner_id, received_at, schema_id, content_sha256
     FROM ${ident(schema)}.documents WHERE document_id = ANY($1)`,
    [documentIds],
  );
  return rows.map(toIndexedDocument);
}

/** A business document of an enterprise: its record key on its topic (every version of it). */
export interface DocumentOfEnterprise {
  topic: string;
  recordKey: string;
  enterprise: string;
}

/**
 * The records of some business documents, each attributed to its enterprise, received by
 * `receivedBy`, oldest first, at most `limit` (query-api/README.md "As of a moment").
 */
export async function findDocumentVersions(
  db: Queryable,
  schema: string,
  query: { documents: readonly DocumentOfEnterprise[]; receivedBy: Date; limit: number },
): Promise<IndexedDocumentRow[]> {
  const { rows } = await db.query(
    `SELECT document_id, doc_type, enterprise, topic, partition, record_offset, record_key, partner_id, received_at, schema_id, content_sha256
     FROM ${ident(schema)}.documents
     WHERE (topic, record_key, enterprise) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]))
       AND received_at <= $4
     ORDER BY received_at, topic, partition, record_offset LIMIT $5`,
    [...documentColumns(query.documents), query.receivedBy, query.limit],
  );
  return rows.map(toIndexedDocument);
}

const documentColumns = (documents: readonly DocumentOfEnterprise[]) => [
  documents.map((d) => d.topic),
  documents.map((d) => d.recordKey),
  documents.map((d) => d.enterprise),
];

/** When the first record of these business documents (as findDocumentVersions) was received; null: none. */
export async function findFirstReceived(
  db: Queryable,
  schema: string,
  documents: readonly DocumentOfEnterprise[],
): Promise<string | null> {
  const { rows } = await db.query(
    `SELECT min(received_at) AS first FROM ${ident(schema)}.documents
     WHERE (topic, record_key, enterprise) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]))`,
    documentColumns(documents),
  );
  return rows[0]?.first ? (rows[0].first as Date).toISOString() : null;
}

/**
 * Every record of the enterprises' documents of these types received by `receivedBy`, oldest first,
 * at most `limit` (query-api/README.md "As of a moment": an enterprise query replayed; index
 * `documents_enterprise`).
 */
export async function findEnterpriseVersions(
  db: Queryable,
  schema: string,
  query: { enterprises: readonly string[]; types: readonly string[]; receivedBy: Date; limit: number },
): Promise<IndexedDocumentRow[]> {
  const { rows } = await db.query(
    `SELECT document_id, doc_type, enterprise, topic, partition, record_offset, record_key, partner_id, received_at, schema_id, content_sha256
     FROM ${ident(schema)}.documents
     WHERE enterprise = ANY($1) AND doc_type = ANY($2) AND received_at <= $3
     ORDER BY received_at, topic, partition, record_offset LIMIT $4`,
    [query.enterprises, query.types, query.receivedBy, query.limit],
  );
  return rows.map(toIndexedDocument);
}

/** When the enterprises' first document of these types was received; null: none yet. */
export async function findEnterpriseFirstReceived(
  db: Queryable,
  schema: string,
  query: { enterprises: readonly string[]; types: readonly string[] },
): Promise<string | null> {
  const { rows } = await db.query(
    `SELECT min(received_at) AS first FROM ${ident(schema)}.documents WHERE enterprise = ANY($1) AND doc_type = ANY($2)`,
    [query.enterprises, query.types],
  );
  return rows[0]?.first ? (rows[0].first as Date).toISOString() : null;
}

/**
 * Indexes a batch's new documents and records the enterprise of documents attributed late, with
 * one statement; an enterprise once recorded and everything else of an indexed document stay.
 */
export async function upsertIndexedDocuments(
  db: Queryable,
  schema: string,
  documents: readonly IndexedDocumentRow[],
): Promise<void> {
  await writeRecordset(
    db,
    {
      table: `${ident(schema)}.documents`,
      key: ['document_id'],
      columns: indexedDocumentColumns,
      onConflict: {
        update: ['enterprise'],
        where: 'documents.enterprise IS NULL AND EXCLUDED.enterprise IS NOT NULL',
      },
      order: 'given',
    },
    documents,
  );
}

const indexedDocumentColumns: readonly Column<IndexedDocumentRow>[] = [
  ['document_id', 'text', (row) => row.documentId],
  ['doc_type', 'text', (row) => row.type],
  ['enterprise', 'text', (row) => row.enterprise],
  ['topic', 'text', (row) => row.topic],
  ['partition', 'integer', (row) => row.partition],
  ['record_offset', 'bigint', (row) => row.offset],
  ['record_key', 'text', (row) => row.recordKey],
  ['partner_id', 'text', (row) => row.partnerId],
  ['received_at', 'timestamptz', (row) => row.receivedAt],
  ['schema_id', 'integer', (row) => row.schemaId],
  ['content_sha256', 'text', (row) => row.contentSha256],
];

/** Where a page of a partner's documents ends: the last row's received-at and id. */
export interface DocumentCursor {
  receivedAt: string;
  documentId: string;
}

/**
 * A partner's documents, newest first (every partner's when `partnerId` is null: operators), a
 * page after `before` (keyset paging by received-at and id, index `documents_partner`).
 */
export async function listPartnerDocuments(
  db: Queryable,
  schema: string,
  partnerId: string | null,
  page: { limit: number; before?: DocumentCursor },
): Promise<IndexedDocumentRow[]> {
  const { rows } = await db.query(
    `SELECT document_id, doc_type, enterprise, topic, partition, record_offset, record_key, partner_id, received_at, schema_id, content_sha256
     FROM ${ident(schema)}.documents
     WHERE ($1::text IS NULL OR partner_id = $1)
       AND ($2::timestamptz IS NULL OR (received_at, document_id) < ($2, $3::text))
     ORDER BY received_at DESC, document_id DESC LIMIT $4`,
    [partnerId, page.before?.receivedAt ?? null, page.before?.documentId ?? null, page.limit],
  );
  return rows.map(toIndexedDocument);
}

/** Where one of a partner's documents is in the log, and its type. */
export interface SubmittedPosition {
  documentId: string;
  type: string;
  topic: string;
  partition: number;
  offset: bigint;
}

/**
 * The log positions of what a partner submitted since a moment, by topic, partition and offset
 * (the order the log is read in), at most `limit` (ask for one more to learn that there are more).
 */
export async function listSubmittedPositions(
  db: Queryable,
  schema: string,
  partnerId: string,
  since: Date,
  limit: number,
): Promise<SubmittedPosition[]> {
  const { rows } = await db.query(
    `SELECT document_id, doc_type, topic, partition, record_offset FROM ${ident(schema)}.documents
     WHERE partner_id = $1 AND received_at >= $2
     ORDER BY topic, partition, record_offset LIMIT $3`,
    [partnerId, since, limit],
  );
  return rows.map((row) => ({
    documentId: row.document_id,
    type: row.doc_type,
    topic: row.topic,
    partition: row.partition,
    offset: BigInt(row.record_offset),
  }));
}
