import { hash, randomBytes } from 'node:crypto';
import type { DocumentTypeId } from '../../documents/catalogue.ts';
import { enterpriseFieldsOf } from '../../documents/enterpriseFields.ts';
import { remembered } from '../runtime/remembered.ts';

/**
 * Record headers every document carries (ARCHITECTURE "The log is the truth"): enough
 * provenance to explain any projected row without a database.
 */
export interface DocumentHeaders {
  documentId: string;
  partnerId: string;
  receivedAt: string;
  contentSha256: string;
  interfaceId: string;
  schemaId: number;
  requestId: string;
}

export const headerNames = {
  documentId: 'tradelog-document-id',
  partnerId: 'tradelog-partner-id',
  receivedAt: 'tradelog-received-at',
  contentSha256: 'tradelog-content-sha256',
  interfaceId: 'tradelog-interface',
  schemaId: 'tradelog-schema-id',
  requestId: 'tradelog-request-id',
} as const satisfies Record<keyof DocumentHeaders, string>;

export function encodeDocumentHeaders(headers: DocumentHeaders): Record<string, string> {
  return {
    [headerNames.documentId]: headers.documentId,
    [headerNames.partnerId]: headers.partnerId,
    [headerNames.receivedAt]: headers.receivedAt,
    [headerNames.contentSha256]: headers.contentSha256,
    [headerNames.interfaceId]: headers.interfaceId,
    [headerNames.schemaId]: String(headers.schemaId),
    [headerNames.requestId]: headers.requestId,
  };
}

export function decodeDocumentHeaders(
  raw: Record<string, Buffer | string | (Buffer | string)[] | undefined>,
): DocumentHeaders {
  const read = (name: string): string => {
    const value = raw[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (first === undefined) throw new Error(`record header ${name} is missing`);
    return first.toString();
  };
  return {
    documentId: read(headerNames.documentId),
    partnerId: read(headerNames.partnerId),
    receivedAt: read(headerNames.receivedAt),
    contentSha256: read(headerNames.contentSha256),
    interfaceId: read(headerNames.interfaceId),
    schemaId: Number(read(headerNames.schemaId)),
    requestId: read(headerNames.requestId),
  };
}

/**
 * The enterprise the submitting partner's account submitted for, when it was granted exactly one:
 * stamped by ingest on records written before the grants header below, and still read from them
 * (processors/README.md, "Attribution").
 */
export const partnerEnterpriseHeader = 'tradelog-partner-enterprise';

/**
 * The enterprises the submitting partner's account was granted when it submitted a document
 * naming none (a JSON array; '*' for any): processors attribute such a document only to one of
 * these, from the log itself, never from today's grants (processors/README.md, "Attribution").
 * Absent on documents that name their enterprise, on records written before it, and when the list
 * would be longer than partnerGrantsMaxBytes: such a document stays unattributed.
 */
export const partnerGrantsHeader = 'tradelog-partner-grants';
export const partnerGrantsMaxBytes = 65_536;

export function encodePartnerGrants(enterprises: readonly string[]): string | undefined {
  const encoded = JSON.stringify(enterprises);
  return Buffer.byteLength(encoded) > partnerGrantsMaxBytes ? undefined : encoded;
}

/**
 * The grants header a record of `type` carries: the account's grants when the document names no
 * enterprise though its type could (`named`: what it names, enterprisesNamedBy), else none.
 */
export function partnerGrantsStamp(
  type: DocumentTypeId,
  named: readonly unknown[],
  grants: readonly string[],
): Record<string, string> {
  if (named.length > 0 || enterpriseFieldsOf(type).length === 0) return {};
  const encoded = encodePartnerGrants(grants);
  return encoded === undefined ? {} : { [partnerGrantsHeader]: encoded };
}

/** The grants a record carries; undefined when it carries none or they do not read as a list of codes. */
export function decodePartnerGrants(
  raw: Record<string, Buffer | string | (Buffer | string)[] | undefined>,
): readonly string[] | undefined {
  const value = raw[partnerGrantsHeader];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(first.toString());
    return Array.isArray(parsed) && parsed.every((code) => typeof code === 'string') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function decodePartnerEnterprise(
  raw: Record<string, Buffer | string | (Buffer | string)[] | undefined>,
): string | undefined {
  const value = raw[partnerEnterpriseHeader];
  const first = Array.isArray(value) ? value[0] : value;
  const text = first?.toString().trim();
  return text ? text : undefined;
}

/**
 * Object keys as JSON strings, remembered: documents share a small vocabulary of field names.
 * Bounded, since a partner may send fields of its own.
 */
const quotedKey = remembered((key) => JSON.stringify(key), 4096);

/**
 * JSON with object keys sorted at every level, so equal documents hash equally. Reducers build it
 * for every document they compare, so it builds one string without intermediate arrays, sorts
 * only keys that are out of order and quotes each field name once: 42 % less time than
 * map-and-join over the example documents.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    // An undefined element is written as nothing, as Array#join wrote it.
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + (canonicalJson(value[i]) ?? '');
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  for (let i = 1; i < keys.length; i++)
    if (keys[i - 1]! > keys[i]!) {
      keys.sort();
      break;
    }
  let out = '{';
  for (const key of keys) {
    const field = record[key];
    if (field === undefined) continue;
    out += `${out.length === 1 ? '' : ','}${quotedKey(key)}:${canonicalJson(field)}`;
  }
  return `${out}}`;
}

/**
 * Whether two JSON values (as parsed) have the same canonical JSON, without building it: the
 * first difference answers, and nothing is allocated (a reducer compares a document with the
 * version it already holds on every resubmission).
 */
export function canonicalJsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object')
    return JSON.stringify(a) === JSON.stringify(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!canonicalJsonEqual(a[i], b[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let defined = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key) || left[key] === undefined) continue;
    if (!Object.hasOwn(right, key) || !canonicalJsonEqual(left[key], right[key])) return false;
    defined++;
  }
  for (const key in right) if (Object.hasOwn(right, key) && right[key] !== undefined) defined--;
  return defined === 0;
}

/**
 * The record's content hash (header `tradelog-content-sha256`, ARCHITECTURE "The log is the
 * truth"): sha256 of the document's bytes as the partner submitted them, any Content-Encoding
 * undone, which are the record's value after its five-byte wire-format prefix. Anyone holding the
 * record, or the partner its own copy, checks it with any sha256 tool. Records appended before
 * intake v2 carry `canonicalSha256` of the document instead (processors/README.md "Provenance").
 */
export function bodySha256(body: Uint8Array): string {
  return hash('sha256', body, 'hex');
}

/**
 * sha256 of a value's canonical JSON: equal for documents that differ only in key order or
 * spacing. What reducers compare content by, and an `Idempotency-Key`'s body fingerprint.
 */
export function canonicalSha256(value: unknown): string {
  return hash('sha256', canonicalJson(value), 'hex');
}

/**
 * UUIDv7 (RFC 9562): 48-bit Unix milliseconds, then random bits, so document ids sort by the
 * time they were received.
 */
export function newDocumentId(
  now: () => number = Date.now,
  random: (size: number) => Buffer = randomBytes,
): string {
  const bytes = random(16);
  // 48 bits: above what bit operators hold (32), within what a double holds exactly (53).
  const ms = now();
  const high = Math.floor(ms / 2 ** 32);
  bytes[0] = (high >>> 8) & 0xff;
  bytes[1] = high & 0xff;
  for (let i = 2; i < 6; i++) bytes[i] = (ms >>> (8 * (5 - i))) & 0xff;
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
