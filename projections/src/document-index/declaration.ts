import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { declareProjection } from '../declaration.ts';
import { createDocumentIndexTables } from './tables.ts';

/** Every accepted document and feed record with its provenance: the basis of "explain this row". */
export const documentIndexDeclaration = declareProjection({
  name: 'document-index',
  title: { cn: '单证索引', en: 'Document index' },
  reads: documentTypes.map((type) => type.id),
  createTables: createDocumentIndexTables,
  compared: [
    {
      table: 'documents',
      key: 'document_id',
      hash: 'md5(row(doc_type, enterprise, topic, partition, record_offset, partner_id, received_at, schema_id, content_sha256)::text)',
    },
  ],
  changeKinds: [],
});
