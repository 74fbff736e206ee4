import type { PushFamily } from './families.ts';
import { type FailedAttempt, mayRetry } from './retryDecision.ts';

/**
 * Classification of a receiver's answer (query spec §3, §8). A push is delivered only on HTTP 200
 * within the time limit (10 s) AND a reply that does not report failure. Anything else is a
 * failed attempt; whether it is tried again is `retryDecision.ts` (§8 `retriable`, §9 express).
 *
 * - Ocean and terminal receivers reply `{ok, errorCode, errorMessage, retriable}`; express
 *   receivers reply `{updateTime, success, reason}`. `ok: false` or `success: false` is a failure.
 * - A 200 whose body is empty or not JSON reports no failure: delivered (receivers that only
 *   answer 200 are common, and the spec asks nothing more of them).
 */
export type AttemptOutcome =
  | { kind: 'reply'; status: number; body: string; latencyMs: number }
  | { kind: 'timeout'; latencyMs: number }
  | { kind: 'network'; code: string; latencyMs: number }
  | { kind: 'refused'; reason: string };

export interface Verdict {
  delivered: boolean;
  /** May the schedule try again? (Always false once delivered.) */
  retriable: boolean;
  /** Why the attempt failed: HTTP_<status>, REPLY_NOT_OK, TIMEOUT, CONNECTION_FAILED, TARGET_REFUSED. */
  errorCode: string | null;
  /** What the receiver said, cut to a size that is safe to store and show. */
  replyExcerpt: string | null;
}

export const replyExcerptLength = 500;

interface ReceiverReply {
  ok?: unknown;
  success?: unknown;
  retriable?: unknown;
}

function parseReply(body: string): ReceiverReply | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as ReceiverReply)
      : undefined;
  } catch {
    return undefined;
  }
}

const excerpt = (body: string) =>
  body.length > replyExcerptLength ? `${body.slice(0, replyExcerptLength)}…` : body;

export function classifyAttempt(outcome: AttemptOutcome, timeoutMs: number, family: PushFamily): Verdict {
  const failed = (errorCode: string, replyExcerpt: string | null, failure: FailedAttempt): Verdict => ({
    delivered: false,
    retriable: mayRetry(family, failure),
    errorCode,
    replyExcerpt,
  });
  switch (outcome.kind) {
    case 'timeout':
      return failed('TIMEOUT', null, { kind: 'no-reply' });
    case 'network':
      return failed('CONNECTION_FAILED', outcome.code, { kind: 'no-reply' });
    case 'refused':
      return failed('TARGET_REFUSED', outcome.reason, { kind: 'refused' });
    case 'reply': {
      const reply = parseReply(outcome.body);
      const shown = excerpt(outcome.body);
      // §8: a reply after 10 seconds is no reply within them — a timeout, whatever it says.
      if (outcome.latencyMs > timeoutMs) {
        return failed('TIMEOUT', shown, { kind: 'no-reply', retriable: reply?.retriable });
      }
      if (outcome.status !== 200) {
        return failed(`HTTP_${outcome.status}`, shown, { kind: 'reply', retriable: reply?.retriable });
      }
      if (reply?.ok === false || reply?.success === false) {
        return failed('REPLY_NOT_OK', shown, { kind: 'reply', retriable: reply.retriable });
      }
      return { delivered: true, retriable: false, errorCode: null, replyExcerpt: shown || null };
    }
  }
}
