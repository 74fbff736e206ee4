import { ident, type Queryable } from '../db.ts';

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
    CREATE INDEX IF NOT EXISTS documents_enterprise ON ${s}.documents (enterprise, doc_type, received_at);`);
}

export interface IndexedDocumentRow {
  documentId: string;
  type: string;
  enterprise: string | null;
  topic: string;
  partition: number;
  offset: string;
  recordKey: string | null;
  partnerId: string;
  receivedAt: string;
  schemaId: number;
  contentSha256: string;
}

export async function findIndexedDocument(
  db: Queryable,
  schema: string,
  documentId: string,
): Promise<IndexedDocumentRow | undefined> {
  const { rows } = await db.query(
    `SELECT document_id, doc_type, enterprise, topic, partition, record_offset, record_key, partner_id, received_at, schema_id, content_sha256
     FROM ${ident(schema)}.documents WHERE document_id = $1`,
    [documentId],
  );
  const row = rows[0];
  return row
    ? {
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
      }
    : undefined;
}

export async function insertIndexedDocument(
  db: Queryable,
  schema: string,
  row: IndexedDocumentRow,
): Promise<void> {
  await db.query(
    `INSERT INTO ${ident(schema)}.documents (document_id, doc_type, enterprise, topic, partition, record_offset, record_key,
       partner_id, received_at, schema_id, content_sha256)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
    [
      row.documentId,
      row.type,
      row.enterprise,
      row.topic,
      row.partition,
      row.offset,
      row.recordKey,
      row.partnerId,
      row.receivedAt,
      row.schemaId,
      row.contentSha256,
    ],
  );
}
