import type { SettledAttempt } from './attempts.ts';
import type { DeliveryForAttempt } from './deliveries.ts';
import type { AfterAttempt } from './deliveryPlan.ts';
import type { AttemptOutcome, Verdict } from './reply.ts';
import { type SignedHeaders, signPush } from './signature.ts';

/**
 * The pure steps around one attempt (README "Attempts"): the headers a push is sent with, and the
 * row that records the attempt and where it leaves its delivery. The POST itself is the delivery
 * worker's (processors/src/push/callbackPost.ts).
 */

/** What an attempt is sending: the delivery, and which attempt of it this is. */
export interface AttemptToMake {
  delivery: Pick<DeliveryForAttempt, 'secret' | 'eventId' | 'sequence' | 'subject'>;
  retryCount: number;
}

export type PushHeaders = SignedHeaders & {
  'content-type': string;
  'retry-count': string;
  'tradelog-sequence': string;
  'tradelog-subject': string;
};

/**
 * Headers of every push: webhook-id (the change event id: the receiver's idempotency key),
 * webhook-timestamp and webhook-signature signed at `startedAt` (./signature.ts), retry-count
 * (attempts made before this one: 0, 1, 2 …, query spec §8), tradelog-sequence and
 * tradelog-subject (the sequence rule, ./deliveryPlan.ts).
 */
export function pushHeaders(
  { delivery, retryCount }: AttemptToMake,
  body: string,
  startedAt: Date,
): PushHeaders {
  return {
    'content-type': 'application/json',
    ...signPush(delivery.secret, delivery.eventId, startedAt.getTime() / 1000, body),
    'retry-count': String(retryCount),
    'tradelog-sequence': String(delivery.sequence),
    'tradelog-subject': encodeURIComponent(delivery.subject),
  };
}

/** Everything known once an attempt's reply (or its absence) was classified. */
export interface FinishedAttempt {
  delivery: Pick<DeliveryForAttempt, 'id' | 'subscriptionId' | 'subject' | 'sequence'>;
  attempt: number;
  retryCount: number;
  startedAt: Date;
  settledAt: Date;
  outcome: AttemptOutcome;
  verdict: Verdict;
  next: AfterAttempt;
  /** The callback as the attempt's row shows it: already redacted. */
  callbackUrl: string;
}

/** The attempt's row and its delivery's next state, as `recordAttempts` stores them. */
export function attemptRecord(finished: FinishedAttempt): SettledAttempt {
  const { delivery, outcome, verdict, next, settledAt } = finished;
  return {
    deliveryId: delivery.id,
    attempt: finished.attempt,
    retryCount: finished.retryCount,
    startedAt: finished.startedAt,
    latencyMs: outcome.kind === 'refused' ? 0 : outcome.latencyMs,
    httpStatus: outcome.kind === 'reply' ? outcome.status : null,
    outcome: verdict.delivered ? 'delivered' : 'failed',
    errorCode: verdict.errorCode,
    replyExcerpt: verdict.replyExcerpt,
    callbackUrl: finished.callbackUrl,
    state: next.state,
    nextAttemptAt: next.state === 'scheduled' ? new Date(settledAt.getTime() + next.retryInMs) : null,
    subscriptionId: delivery.subscriptionId,
    subject: delivery.subject,
    sequence: delivery.sequence,
    now: settledAt,
  };
}
