import { documentIndexDeclaration } from '@tradelog/projections/document-index/declaration';
import {
  findIndexedDocuments,
  type IndexedDocumentRow,
  insertIndexedDocuments,
} from '@tradelog/projections/document-index/tables';
import { keyedProjection } from '../runtime/projection.ts';
import { type IndexedDocument, reduceDocumentIndex } from './reducer.ts';

const toState = (row: IndexedDocumentRow): IndexedDocument => ({
  ...row,
  type: row.type as IndexedDocument['type'],
});

export const documentIndexProjection = keyedProjection<IndexedDocument>({
  declaration: documentIndexDeclaration,
  keysOf: (event) => [event.provenance.documentId],
  // Insert-only, in key order, one entry per document id: concurrent batches cannot deadlock.
  lockScopesOf: () => [],
  load: async (db, schema, keys) =>
    new Map((await findIndexedDocuments(db, schema, keys)).map((row) => [row.documentId, toState(row)])),
  reduce(state, event) {
    const id = event.provenance.documentId;
    const before = state.get(id);
    const { state: after, changes } = reduceDocumentIndex(before, event);
    if (after === before || after === undefined) return { state, changes };
    return { state: new Map(state).set(id, after), changes };
  },
  save: (db, schema, rows) =>
    insertIndexedDocuments(
      db,
      schema,
      rows.map(([, document]) => ({ ...document, type: document.type })),
    ),
});
