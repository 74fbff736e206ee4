/**
 * Classification of a receiver's answer (query spec §3, §8; issue 5). A push is delivered only on
 * HTTP 200 within the time limit (10 s) AND a reply that does not report failure. Anything else is
 * a failed attempt, retried by the schedule unless the reply says `retriable: false`.
 *
 * - Ocean and terminal receivers reply `{ok, errorCode, errorMessage, retriable}`; express
 *   receivers reply `{updateTime, success, reason}`. `ok: false` or `success: false` is a failure.
 * - A 200 whose body is empty or not JSON reports no failure: delivered (receivers that only
 *   answer 200 are common, and the spec asks nothing more of them).
 * - `retriable: false` is honoured whatever the status: the receiver said retrying cannot help.
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

export function classifyAttempt(outcome: AttemptOutcome, timeoutMs: number): Verdict {
  switch (outcome.kind) {
    case 'timeout':
      return { delivered: false, retriable: true, errorCode: 'TIMEOUT', replyExcerpt: null };
    case 'network':
      return {
        delivered: false,
        retriable: true,
        errorCode: 'CONNECTION_FAILED',
        replyExcerpt: outcome.code,
      };
    case 'refused':
      return {
        delivered: false,
        retriable: false,
        errorCode: 'TARGET_REFUSED',
        replyExcerpt: outcome.reason,
      };
    case 'reply': {
      const reply = parseReply(outcome.body);
      const retriable = reply?.retriable !== false;
      const shown = excerpt(outcome.body);
      if (outcome.status !== 200) {
        return { delivered: false, retriable, errorCode: `HTTP_${outcome.status}`, replyExcerpt: shown };
      }
      if (outcome.latencyMs > timeoutMs) {
        return { delivered: false, retriable, errorCode: 'TIMEOUT', replyExcerpt: shown };
      }
      if (reply?.ok === false || reply?.success === false) {
        return { delivered: false, retriable, errorCode: 'REPLY_NOT_OK', replyExcerpt: shown };
      }
      return { delivered: true, retriable: false, errorCode: null, replyExcerpt: shown || null };
    }
  }
}
