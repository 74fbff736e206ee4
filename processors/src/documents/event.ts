import { createHash } from 'node:crypto';
import { type DocumentTypeId, documentTypes } from '@tradelog/schemas/documents/catalogue';
import type { DocumentsByType } from '@tradelog/schemas/documents/types.generated';
import type { Provenance } from '@tradelog/schemas/kit/log/provenance';

/**
 * A document as every projection sees it: the submitted JSON plus the provenance that
 * explains any row derived from it (the document index). Built from a Kafka record by
 * the consumer runtime; reducers only ever see this typed value, never a record.
 */
export type { DocumentTypeId };

/** The 14 document types, in the catalogue's (the spec's) order. */
export const documentTypeIds: readonly DocumentTypeId[] = documentTypes.map((type) => type.id);

export type { Provenance };

/** How a document came to belong to an enterprise (processors/README.md, "Attribution"). */
export interface Attribution {
  enterprise: string;
  via: 'document' | 'partner' | 'order';
  /** For `order`: the order key (class=value) that linked it. */
  key?: string;
}

/** A document read by field name: for rules that pick their fields at run time. */
export type Document = Readonly<Record<string, unknown>>;

/** A document of one type as its schema declares it (types generated from the contract). */
export type DocumentOf<T extends DocumentTypeId> = Readonly<DocumentsByType[T]>;

type EventContext = {
  provenance: Provenance;
  /** Set by the attribution shell when the enterprise came from the partner or an order. */
  attribution?: Attribution;
  /**
   * The enterprises the submitting account was granted ('*': any), stamped by ingest on a
   * document that names none: the only enterprises it may be attributed to (processors/README.md
   * "Attribution"). Kept with a pending document, never in a row's provenance.
   */
  partnerGrants?: readonly string[];
};

/**
 * An event of one document type: `type` says which, `document` has that type's fields. Types
 * rather than interfaces, so that an event reads as JSON where it is stored (pending documents).
 */
export type DocumentEventOf<T extends DocumentTypeId> = EventContext & {
  type: T;
  document: DocumentOf<T>;
};

/**
 * One event per document type, discriminated by `type`: a reducer that checks
 * `event.type === 'purchase'` reads a purchase's fields (emmett's `evolve` narrows the same way).
 * The document is trusted to match its type because ingest validated it before appending.
 */
export type DocumentEvent = { [T in DocumentTypeId]: DocumentEventOf<T> }[DocumentTypeId];

/** A typed document (or a list item of one) read by field name, for the rules that pick fields at run time. */
export const untyped = (document: object): Document => document as Document;

/**
 * The fields a helper may name: any on a document read by name; on a typed one (or a union of
 * them) a field some member declares, so a misspelt name fails to compile.
 */
export type FieldOf<D> = D extends unknown ? (string extends keyof D ? string : keyof D & string) : never;

/** The items of the list field `K`: the declared item types on a typed document, else documents read by name. */
export type ItemsOf<D, K extends string> = D extends unknown
  ? K extends keyof D
    ? ItemOf<D[K]>
    : never
  : never;

type ItemOf<V> = V extends readonly (infer I)[]
  ? I extends object
    ? Readonly<I>
    : never
  : V extends undefined
    ? never
    : Document;

export function isDocumentTypeId(value: string): value is DocumentTypeId {
  return (documentTypeIds as readonly string[]).includes(value);
}

/** A trimmed non-empty string field, or undefined (numbers are accepted and stringified). */
export function text<D extends object>(document: D | undefined, field: FieldOf<D>): string | undefined {
  const value = (document as Document | undefined)?.[field];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function numberOf<D extends object>(document: D | undefined, field: FieldOf<D>): number | undefined {
  const value = (document as Document | undefined)?.[field];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

export function listOf<D extends object, K extends FieldOf<D>>(
  document: D | undefined,
  field: K,
): ItemsOf<D, K>[] {
  const value = (document as Document | undefined)?.[field];
  return Array.isArray(value)
    ? value.filter((item): item is ItemsOf<D, K> => typeof item === 'object' && item !== null)
    : [];
}

/**
 * Document times come as "yyyy-mm-dd HH:mm:ss" or ISO date-times (submission spec §5). They
 * are compared as local platform times: the first 19 characters with the "T" made a space,
 * which sort chronologically as text. Anything else is treated as absent.
 */
export function documentTime<D extends object>(
  document: D | undefined,
  field: FieldOf<D>,
): string | undefined {
  const value = text(document, field);
  if (value === undefined) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?/.exec(value);
  if (!match) return undefined;
  const clock = match[2] ?? '00:00:00';
  return `${match[1]} ${clock.length === 5 ? `${clock}:00` : clock}`;
}

/** The latest of the given time fields that are present. */
export function latestTime<D extends object>(
  document: D | undefined,
  fields: readonly FieldOf<D>[],
): string | undefined {
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
