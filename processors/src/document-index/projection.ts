import {
  documentIndexAttributes,
  documentIndexDeclaration,
} from '@tradelog/projections/document-index/declaration';
import { upsertIndexedDocuments } from '@tradelog/projections/document-index/tables';
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
  // Nothing is read: the batch's documents are new but for a redelivery, and the upsert keeps
  // an indexed row as the reducer would (first record wins, a late enterprise taken once:
  // upsertIndexedDocuments' ON CONFLICT), so reading every id first cost a statement per batch
  // for no answer (processors/README.md "Less work per document" measures it).
  load: async () => new Map(),
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
