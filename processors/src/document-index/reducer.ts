import type { IndexedDocumentRow } from '@tradelog/projections/document-index/tables';
import type { Reduction } from '../changes.ts';
import { enterpriseOfEvent } from '../documents/enterpriseKey.ts';
import type { DocumentEvent } from '../documents/event.ts';

/**
 * Document index: every accepted document with its provenance, the basis of "explain this
 * row", and the enterprise it belongs to (processors/README.md, "Attribution").
 *
 * 1. One entry per document id; the first record carrying an id wins, so a redelivered or
 *    replayed record changes nothing. A resubmission is a new document (ingest gives it a new
 *    id) and gets its own entry.
 * 2. Its enterprise is the one the attribution shell gave it (its own, its partner's, its
 *    business order's), or null while it waits for an order key to resolve it.
 * 3. A document attributed late arrives again attributed: its entry takes that enterprise, once
 *    (an attribution is never withdrawn or changed).
 *
 * The index emits no change events: an accepted document is not, by itself, a change anyone
 * subscribes to.
 */
/** The state of one document is its row (projections/src/document-index/tables.ts). */
export type IndexedDocument = IndexedDocumentRow;

export type DocumentIndexState = IndexedDocument | undefined;

export function reduceDocumentIndex(
  state: DocumentIndexState,
  event: DocumentEvent,
): Reduction<DocumentIndexState> {
  const enterprise = enterpriseOfEvent(event) ?? null;
  if (state === undefined)
    return { state: { ...event.provenance, type: event.type, enterprise }, changes: [] };
  if (state.enterprise !== null || enterprise === null) return { state, changes: [] };
  return { state: { ...state, enterprise }, changes: [] };
}
