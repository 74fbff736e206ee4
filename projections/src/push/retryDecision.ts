import type { PushFamily } from './families.ts';

/**
 * Whether a failed push may be tried again (query spec §8, §9). How long until then is
 * `retrySchedule.ts`; this decides only whether.
 *
 * §8: "When retriable is true the push is retried later; otherwise data is pushed only once." That
 * sentence is about the reply `{ok, errorCode, errorMessage, retriable}` — the ocean and terminal
 * receivers' (§3, §7), which air and Tradelog's own `changes` pushes share. §9 gives express its
 * own rule instead: its receiver replies `{updateTime, success, reason}` (no `retriable`), and a
 * failed push "retries twice, after 15 and 30 minutes, then stops".
 *
 * - The receiver replied (any HTTP status, within the time limit): families with the `retriable`
 *   reply retry only when it says `retriable: true` — a 500 that does not say so is pushed once;
 *   express retries its two (§9).
 * - The receiver gave no reply — a timeout (§8: no reply within 10 seconds, a late reply included)
 *   or a connection failure: nothing was said about retrying, and the receiver may never have seen
 *   the push. Ours: retried by the family's schedule, as integrators expect of a webhook sender;
 *   pushes are idempotent by `webhook-id`, so a push that did arrive costs only a repeat.
 * - `retriable: false` in any reply, late ones too, is honoured for every family: the receiver
 *   said retrying cannot help.
 * - A callback target the guard refused is never tried again (no receiver was reached, and the
 *   address will not change by waiting).
 */
export type FailedAttempt =
  | { kind: 'reply'; retriable: unknown }
  | { kind: 'no-reply'; retriable?: unknown }
  | { kind: 'refused' };

/** How a family's receiver says whether to retry (§3 replies). */
export type ReplyContract = 'retriable-flag' | 'express';

export const replyContractOf: Readonly<Record<PushFamily, ReplyContract>> = Object.freeze({
  express: 'express',
  'express-map': 'express',
  air: 'retriable-flag',
  ocean: 'retriable-flag',
  terminal: 'retriable-flag',
  changes: 'retriable-flag',
});

export function mayRetry(family: PushFamily, failure: FailedAttempt): boolean {
  if (failure.kind === 'refused') return false;
  if (failure.retriable === false) return false;
  if (failure.kind === 'no-reply') return true;
  return replyContractOf[family] === 'express' || failure.retriable === true;
}
