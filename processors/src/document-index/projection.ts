import { findIndexedDocument, insertIndexedDocument } from '@tradelog/projections/document-index/tables';
import type { Projection } from '../runtime/projection.ts';
import { reduceDocumentIndex } from './reducer.ts';

export const documentIndexProjection: Projection = {
  name: 'document-index',
  async apply(db, schema, event) {
    const before = await findIndexedDocument(db, schema, event.provenance.documentId);
    // Only whether the document is known matters to the reducer; the stored row stands for it.
    const { state, changes } = reduceDocumentIndex(
      before && { ...event.provenance, ...before, type: event.type },
      event,
    );
    if (state !== undefined && before === undefined) await insertIndexedDocument(db, schema, state);
    return changes;
  },
};
