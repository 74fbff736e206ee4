import type { Reduction } from '../changes.ts';
import { enterpriseOf } from '../documents/enterprise.ts';
import type { DocumentEvent, DocumentTypeId, Provenance } from '../documents/event.ts';

/**
 * Document index: every accepted document with its provenance, the basis of "explain this
 * row" (issue 4). One entry per document id; the first record carrying an id wins, so a
 * redelivered or replayed record changes nothing. A resubmission is a new document (ingest
 * gives it a new id) and gets its own entry. The index emits no change events: an accepted
 * document is not, by itself, a change anyone subscribes to.
 */
export interface IndexedDocument extends Provenance {
  type: DocumentTypeId;
  enterprise: string | null;
}

export type DocumentIndexState = IndexedDocument | undefined;

export function reduceDocumentIndex(
  state: DocumentIndexState,
  event: DocumentEvent,
): Reduction<DocumentIndexState> {
  if (state !== undefined) return { state, changes: [] };
  return {
    state: {
      ...event.provenance,
      type: event.type,
      enterprise: enterpriseOf(event.type, event.document) ?? null,
    },
    changes: [],
  };
}
