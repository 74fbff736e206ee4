import { createHash } from 'node:crypto';
import { type DocumentTypeId, documentTypes } from '@tradelog/schemas/documents/catalogue';

/**
 * A document as every projection sees it: the submitted JSON plus the provenance that
 * explains any row derived from it (issue 4, "document index"). Built from a Kafka record by
 * the consumer runtime; reducers only ever see this typed value, never a record.
 */
export type { DocumentTypeId };

/** The 14 document types, in the catalogue's (the spec's) order. */
export const documentTypeIds: readonly DocumentTypeId[] = documentTypes.map((type) => type.id);

export interface Provenance {
  documentId: string;
  topic: string;
  partition: number;
  offset: string;
  partnerId: string;
  receivedAt: string;
  schemaId: number;
  contentSha256: string;
  /** The record key: the document's business key as ingest chose it. */
  recordKey: string | null;
  /** The submitting partner's single granted enterprise, from the header of records written before the grants header. */
  partnerEnterprise?: string;
}

/** How a document came to belong to an enterprise (processors/README.md, "Attribution"). */
export interface Attribution {
  enterprise: string;
  via: 'document' | 'partner' | 'order';
  /** For `order`: the order key (class=value) that linked it. */
  key?: string;
}

export type Document = Readonly<Record<string, unknown>>;

export interface DocumentEvent {
  type: DocumentTypeId;
  document: Document;
  provenance: Provenance;
  /** Set by the attribution shell when the enterprise came from the partner or an order. */
  attribution?: Attribution;
  /**
   * The enterprises the submitting account was granted ('*': any), stamped by ingest on a
   * document that names none: the only enterprises it may be attributed to (processors/README.md
   * "Attribution"). Kept with a pending document, never in a row's provenance.
   */
  partnerGrants?: readonly string[];
}

export function isDocumentTypeId(value: string): value is DocumentTypeId {
  return (documentTypeIds as readonly string[]).includes(value);
}

/** A trimmed non-empty string field, or undefined (numbers are accepted and stringified). */
export function text(document: Document | undefined, field: string): string | undefined {
  const value = document?.[field];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function numberOf(document: Document | undefined, field: string): number | undefined {
  const value = document?.[field];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

export function listOf(document: Document | undefined, field: string): Document[] {
  const value = document?.[field];
  return Array.isArray(value)
    ? value.filter((item): item is Document => typeof item === 'object' && item !== null)
    : [];
}

/**
 * Document times come as "yyyy-mm-dd HH:mm:ss" or ISO date-times (submission spec §5). They
 * are compared as local platform times: the first 19 characters with the "T" made a space,
 * which sort chronologically as text. Anything else is treated as absent.
 */
export function documentTime(document: Document | undefined, field: string): string | undefined {
  const value = text(document, field);
  if (value === undefined) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?/.exec(value);
  if (!match) return undefined;
  const clock = match[2] ?? '00:00:00';
  return `${match[1]} ${clock.length === 5 ? `${clock}:00` : clock}`;
}

/** The latest of the given time fields that are present. */
export function latestTime(document: Document | undefined, fields: readonly string[]): string | undefined {
  let latest: string | undefined;
  for (const field of fields) {
    const time = documentTime(document, field);
    if (time !== undefined && (latest === undefined || time > latest)) latest = time;
  }
  return latest;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Where a record sits in the log, as one string: the identity of a source record. */
export function logPosition(provenance: Pick<Provenance, 'topic' | 'partition' | 'offset'>): string {
  return `${provenance.topic}/${provenance.partition}/${provenance.offset}`;
}
