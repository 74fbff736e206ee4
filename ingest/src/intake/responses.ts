import type { DocumentType } from '@tradelog/schemas/documents/catalogue';
import type { IssueList } from '@tradelog/schemas/documents/validator';
import { localizedError, type TradelogError } from '@tradelog/schemas/errors/tradelogError';
import type { Appended } from '@tradelog/schemas/kit/log/pendingAppends';
import { type Lang, success } from '@tradelog/schemas/kit/runtime/envelope';

/**
 * What a partner reads back (submission spec §3.15, §3.8, §8). Every interface answers
 * `{flag, code, message}`; code "200" is success. The e-commerce order and delivery
 * interfaces also carry entOrderNo and status ("1" received, "2" not), and answer every
 * failure with code "500" (§8), our own error code moving to `reason`. Goods import echoes
 * enterpriseCode and enterpriseName and returns busiCode, the platform's reference for the
 * import (the document id). Tally answers in its own codes (§8 "Tally codes"): Success when
 * accepted, Error when refused, our error code moving to `reason`. §8 lists C10 … C40, W10 …
 * W50, S10, S20 and 100 beside them without meanings; none is answered, since any cause given to
 * one would be a mapping the spec does not make.
 */
export type ResponseKind = DocumentType['response'];

/** The document fields an answer repeats: all a submission keeps of its document (intake/examine.ts). */
export interface Echo {
  entOrderNo?: unknown;
  enterpriseCode?: unknown;
  enterpriseName?: unknown;
}

const accepted = { cn: '接收成功', en: 'Document accepted' };

/** The tally interface's codes (submission spec §8) for what we can tell it. */
export const tallyCodes = { accepted: 'Success', refused: 'Error' } as const;

export function acceptedBody(
  kind: ResponseKind,
  document: Echo,
  documentId: string,
  lang: Lang,
  appended?: Appended,
): Record<string, unknown> {
  // The record's place in the log, for `?after=` (query-api/README.md "Read your writes"); a
  // replayed answer carries the first one's, where it was kept (README "Retrying safely").
  const position = appended ? { position: `${appended.topic}:${appended.partition}:${appended.offset}` } : {};
  const base = success({ documentId, ...position }, accepted[lang]);
  if (kind === 'ecommerce') return { ...base, entOrderNo: document.entOrderNo ?? null, status: '1' };
  if (kind === 'tally') return { ...base, code: tallyCodes.accepted };
  if (kind === 'goods') {
    return {
      ...base,
      enterpriseCode: document.enterpriseCode ?? null,
      enterpriseName: document.enterpriseName ?? null,
      busiCode: documentId,
    };
  }
  return base;
}

const valid = { cn: '校验通过，未提交', en: 'Document valid; not appended' };

/**
 * The answer to `?validateOnly=true` (ingest README "Validating without submitting"): the same
 * convention as an accepted document, without what only an appended one has (documentId,
 * busiCode, the e-commerce `status` "1" received): nothing was received.
 */
export function validatedBody(kind: ResponseKind, document: Echo, lang: Lang): Record<string, unknown> {
  const base = success({ validateOnly: true }, valid[lang]);
  if (kind === 'ecommerce') return { ...base, entOrderNo: document.entOrderNo ?? null };
  if (kind === 'goods') {
    return {
      ...base,
      enterpriseCode: document.enterpriseCode ?? null,
      enterpriseName: document.enterpriseName ?? null,
    };
  }
  return base;
}

/** `validateOnly` in the query string: absent or `false` submits, `true` only validates. */
export function validateOnlyOf(value: unknown): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw localizedError('VALIDATE_ONLY_INVALID', 400, {
    cn: 'validateOnly 只能是 true 或 false',
    en: 'validateOnly must be true or false',
  });
}

/**
 * A document that broke the schema: the failed rules (at most the validator's bound), each
 * with the field's path, and how many more were found but not listed (`skipped`), so that an
 * answer stays small whatever the document. The issues carry both languages; `localizedIssues`
 * picks one when the answer is written.
 */
export function validationFailed({ issues, skipped }: IssueList): TradelogError {
  const total = issues.length + skipped;
  const more = skipped > 0;
  return localizedError(
    'VALIDATION_FAILED',
    400,
    {
      cn: more
        ? `单据校验未通过（共 ${total} 项；列出前 ${issues.length} 项，另有 ${skipped} 项未列出）`
        : `单据校验未通过（${total} 项）`,
      en: more
        ? `The document failed validation (${total} problems; the first ${issues.length} are listed, ${skipped} more are not)`
        : `The document failed validation (${total} ${total === 1 ? 'problem' : 'problems'})`,
    },
    { errors: issues, skipped },
  );
}

/** A failure body whose `errors` still carry both languages gets the caller's. */
export function localizedIssues(body: Record<string, unknown>, lang: Lang): Record<string, unknown> {
  if (!Array.isArray(body.errors)) return body;
  return {
    ...body,
    errors: (body.errors as { path: string; rule: string; message: { cn: string; en: string } }[]).map(
      (issue) => ({ path: issue.path, rule: issue.rule, message: issue.message[lang] }),
    ),
  };
}

const maxEchoedKeyLength = 64;

/** Applies §8's e-commerce and tally failure conventions to any failure body of those interfaces. */
export function shapeFailure(
  kind: ResponseKind | undefined,
  body: Record<string, unknown>,
  document: Echo | undefined,
): Record<string, unknown> {
  if (kind === 'tally') return { ...body, code: tallyCodes.refused, reason: body.code };
  if (kind !== 'ecommerce') return body;
  // Echoed only when it could be a valid entOrderNo: an answer never repeats a huge value.
  const entOrderNo =
    typeof document?.entOrderNo === 'string' && document.entOrderNo.length <= maxEchoedKeyLength
      ? document.entOrderNo
      : null;
  return { ...body, code: '500', reason: body.code, entOrderNo, status: '2' };
}
