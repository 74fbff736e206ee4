import {
  documentIndexAttributes,
  documentIndexDeclaration,
} from '@tradelog/projections/document-index/declaration';
import { findIndexedDocuments, upsertIndexedDocuments } from '@tradelog/projections/document-index/tables';
import { attributedProjection } from '../documents/attributedProjection.ts';
import { keyedProjection } from '../runtime/projection.ts';
import { type IndexedDocument, reduceDocumentIndex } from './reducer.ts';

const documentIndexBatch = keyedProjection<IndexedDocument>({
  declaration: documentIndexDeclaration,
  keysOf: (event) => [event.provenance.documentId],
  // One entry per document id, written in key order, inserted once and then only given its
  // late enterprise: concurrent batches cannot deadlock. The attribution shell locks what it
  // reads and writes of its own tables.
  lockScopesOf: () => [],
  load: async (db, schema, keys) =>
    new Map((await findIndexedDocuments(db, schema, keys)).map((row) => [row.documentId, row])),
  reduce(state, event) {
    const id = event.provenance.documentId;
    const before = state.get(id);
    const { state: after, changes } = reduceDocumentIndex(before, event);
    if (after === before || after === undefined) return { state, changes };
    return { state: new Map(state).set(id, after), changes };
  },
  save: (db, schema, rows) =>
    upsertIndexedDocuments(
      db,
      schema,
      rows.map(([, document]) => document),
    ),
});

/**
 * Every document is indexed when it arrives; trade documents attributed as the other projections
 * attribute them (their own attribution tables), so a document resolved late takes its enterprise
 * in the same transaction that resolves it.
 */
export const documentIndexProjection = attributedProjection(documentIndexBatch, {
  everyArrival: { attributes: documentIndexAttributes },
});
