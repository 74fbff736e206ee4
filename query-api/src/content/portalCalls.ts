import { localizedError } from '@tradelog/schemas';
import type { createPortalValidators } from '@tradelog/schemas/portal/forms';
import type { Request, RequestHandler, Response } from 'express';
import { type Refusal, refusalOf } from './accounts.ts';
import type { Lang } from './seed/types.ts';

/**
 * What every portal call (portal spec §7) reads and answers with: its payload (query and body
 * together), its language, and the `{result, msg, data}` answer. Refusals are thrown: the one
 * error middleware answers them {result: 0, msg} in the payload's language (http/answers.ts,
 * convention `portal`).
 */

export type Payload = Record<string, unknown>;

export const langOf = (payload: Payload): Lang => (payload.lang === 'en' ? 'en' : 'cn');
export const payloadOf = (req: Request): Payload => ({
  ...(req.query as Payload),
  ...((req.body as Payload | undefined) ?? {}),
});
/** A positive integer of the payload, at most `max`; `fallback` for anything else. */
export const numberOf = (value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? Math.min(parsed, max) : fallback;
};

export const notFound = () =>
  localizedError('PAGE_NOT_FOUND', 404, {
    cn: 'This page could not be found',
    en: 'This page could not be found',
  });
export const smsUnavailable = (cause: unknown) =>
  localizedError(
    'SMS_UNAVAILABLE',
    503,
    { cn: '短信服务暂不可用，请稍后重试', en: 'The SMS service is unavailable; please try again later' },
    {},
    { cause },
  );

export function ok(res: Response, data: unknown) {
  res.json({ result: 1, msg: 'success', data });
}

/** A refusal as the error to throw; a lockout also says when to retry (README "Attempt limits"). */
export const refuse = (res: Response, refusal: Refusal) => {
  if (refusal.retryAfterSeconds !== undefined) res.set('Retry-After', String(refusal.retryAfterSeconds));
  return refusalOf(refusal);
};

export type FormId = 'sms' | 'registration' | 'login' | 'handOver' | 'lead' | 'join';

/**
 * The write's body against its schema (schemas/src/portal/forms.ts): sizes and field counts
 * bounded. `form` names the lead of a call whose path says which it is (§7 `other/leave.do`).
 */
export const formChecks =
  (validators: ReturnType<typeof createPortalValidators>) =>
  (id: FormId, form?: string): RequestHandler =>
  (req, _res, next) => {
    const issues = validators[id](form ? { ...payloadOf(req), form } : payloadOf(req));
    if (issues.length === 0) return next();
    const first = issues[0]!;
    next(localizedError('VALIDATION_FAILED', 400, first.message, { errors: issues.slice(0, 20) }));
  };
