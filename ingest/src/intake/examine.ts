import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import { enterprisesNamedBy, type NamedEnterprise } from '@tradelog/schemas/documents/enterpriseFields';
import { duplicateNameIssue, mayHoldUnstorable, rawShapeIssue } from '@tradelog/schemas/documents/shape';
import { type BoundedValidate, maxIssuesShown } from '@tradelog/schemas/documents/validator';
import { TradelogError } from '@tradelog/schemas/errors/tradelogError';
import { bodySha256, canonicalSha256 } from '@tradelog/schemas/kit/log/headers';
import { parseDocument } from './body.ts';
import { type Echo, validationFailed } from './responses.ts';

/**
 * The CPU work of a submission, as one pure function over its raw bytes: the bytes' shape
 * before parsing, JSON (each name once in its object), the schema (shape check, then ajv, at most 20 issues described), the
 * content hash (of the bytes: processors/README.md "Provenance"), the body's fingerprint when
 * asked (an `Idempotency-Key` came with it), the enterprises the document names and its
 * business key. What the rest of a submission needs comes back as data (a refusal too, with
 * the error to answer), never the parsed document: the answer keeps the few fields it repeats
 * (`echo`).
 */
export interface ExaminedType {
  id: DocumentTypeId;
  keyField: string;
  validate: BoundedValidate;
}

export type Examination =
  | {
      ok: true;
      /** The record's content hash: sha256 of the bytes as submitted. */
      sha256: string;
      /**
       * sha256 of the document's canonical JSON, when asked: what an `Idempotency-Key`'s repeat
       * is compared by, so a retry that serialised the same document again (keys in another
       * order, other spacing) is still a repeat (README "Retrying safely").
       */
      fingerprint?: string;
      /** Every enterprise the document names (auth/enterpriseGrant.ts checks them). */
      named: NamedEnterprise[];
      /** The business key (the record's key); undefined when the document has none. */
      key: string | undefined;
      echo: Echo;
    }
  /** Refused: the error to answer with, and what the answer repeats when the JSON was read. */
  | { ok: false; error: TradelogError; echo?: Echo };

/**
 * Bodies shorter than this are parsed without the raw scan first: parsing a few KiB costs
 * microseconds whatever their shape, and the parsed document is held to the same bounds before
 * ajv sees it (`shapeIssues`, in `validate.bounded`). The scan is for the large body whose parse
 * alone would cost milliseconds and megabytes (schemas/README.md "Bounds"); on an ordinary
 * document (under 1 KiB) it cost as much as the schema validation.
 */
export const rawScanFromBytes = 8 * 1024;

export function examineBody(
  type: ExaminedType,
  raw: Uint8Array,
  options: { fingerprint?: boolean } = {},
): Examination {
  let echo: Echo | undefined;
  try {
    const rawIssue = raw.length < rawScanFromBytes ? undefined : rawShapeIssue(raw);
    if (rawIssue !== undefined) throw validationFailed({ issues: [rawIssue], skipped: 0 });
    const document = parseDocument(raw);
    echo = echoOf(document);
    const duplicate = duplicateNameIssue(raw, document);
    if (duplicate !== undefined) throw validationFailed({ issues: [duplicate], skipped: 0 });
    const validation = type.validate.bounded(document, maxIssuesShown, {
      characters: mayHoldUnstorable(raw),
    });
    if (validation.issues.length > 0) throw validationFailed(validation);
    return {
      ok: true,
      sha256: bodySha256(raw),
      ...(options.fingerprint ? { fingerprint: canonicalSha256(document) } : {}),
      named: enterprisesNamedBy(type.id, document),
      key: businessKeyOf(document, type.keyField),
      echo,
    };
  } catch (error) {
    if (error instanceof TradelogError) return { ok: false, error, echo };
    throw error;
  }
}

/**
 * Echoed values are short by the schema (a name at most 255 characters); a refused document's
 * may be anything, so longer ones are not carried (an answer never repeats much of a body).
 */
const echoedLength = 1024;

function echoOf(document: Readonly<Record<string, unknown>>): Echo {
  const echo: Echo = {};
  for (const field of ['entOrderNo', 'enterpriseCode', 'enterpriseName'] as const) {
    const value = document[field];
    if (typeof value === 'number' || (typeof value === 'string' && value.length <= echoedLength))
      echo[field] = value;
  }
  return echo;
}

/**
 * The record key: the document's business key (topic catalogue `keyField`, dotted for a nested
 * field), when it has a usable one (a non-empty string or a finite number). A document without
 * one (only possible where the key field is optional) is keyed by its document id, so it still
 * lands on a partition deterministically.
 */
export function businessKeyOf(
  document: Readonly<Record<string, unknown>>,
  keyField: string,
): string | undefined {
  let value: unknown = document;
  for (const part of keyField.split('.')) {
    value =
      value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
