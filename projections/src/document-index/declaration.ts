import { type DocumentTypeId, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { tradeDocumentTypes, withAttributionTables } from '../attribution/attributingProjection.ts';
import { attributionCompared } from '../attribution/tables.ts';
import { declareProjection } from '../declaration.ts';
import { createDocumentIndexTables } from './tables.ts';

/**
 * The documents the index attributes as the other projections do (trade documents; feeds keep
 * the enterprise they name, processors/README.md "Attribution").
 */
export const documentIndexAttributes: readonly DocumentTypeId[] = tradeDocumentTypes;

/**
 * Every accepted document and feed record with its provenance: the basis of "explain this row",
 * with the enterprise each document was attributed to (late ones once resolved).
 */
export const documentIndexDeclaration = declareProjection({
  name: 'document-index',
  title: { cn: '单证索引', en: 'Document index' },
  attributes: true,
  // 2: documents attributed as the other projections attribute them (its own attribution tables).
  // 3: an index by partner (query-api README "Partner tools": a partner's recent submissions).
  // 4: an index by record key (query-api README "As of a moment": every version of a document).
  revision: 4,
  reads: documentTypes.map((type) => type.id),
  createTables: withAttributionTables(createDocumentIndexTables),
  compared: [
    {
      table: 'documents',
      key: 'document_id',
      hash: 'md5(row(doc_type, enterprise, topic, partition, record_offset, partner_id, received_at, schema_id, content_sha256)::text)',
    },
    ...attributionCompared,
  ],
});
