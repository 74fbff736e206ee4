import { enterpriseFieldOf } from '@tradelog/schemas/documents/enterpriseFields';
import type { Document, DocumentEvent, DocumentTypeId } from './event.ts';

/**
 * Which enterprise a document belongs to (processors/README.md, "Enterprise key"). The link
 * node query names the enterprise by `customerCode` (query spec §3, a unified social credit
 * code), so `customerCode` wins wherever a document carries it; otherwise the document type's
 * own enterprise field. A document with neither is unattributed: it is indexed, but it joins
 * no chain and no enterprise view, because guessing would risk showing one enterprise's
 * documents to another's lender.
 */
export function enterpriseOf(type: DocumentTypeId, document: Document): string | undefined {
  // The field table is shared with ingest's grant check (schemas/src/documents/enterpriseFields.ts).
  return enterpriseFieldOf(type, document)?.enterprise;
}

/**
 * The enterprise of an event: the one the attribution shell resolved (through the partner or an
 * order, processors/README.md "Attribution"), else the document's own.
 */
export function enterpriseOfEvent(
  event: Pick<DocumentEvent, 'type' | 'document' | 'attribution'>,
): string | undefined {
  return event.attribution?.enterprise ?? enterpriseOf(event.type, event.document);
}
