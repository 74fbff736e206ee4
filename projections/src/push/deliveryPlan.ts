import type { DeliveryState } from './deliveries.ts';
import type { PushFamily } from './families.ts';
import type { Verdict } from './reply.ts';
import { nextRetryDelayMs } from './retrySchedule.ts';

/**
 * The delivery worker's decisions, pure (house style §2): whether a claimed delivery is sent, and
 * what state a delivery moves to after an attempt.
 *
 * Sequence rule ("an outdated retry never overwrites newer state"): every delivery
 * carries a per-(subscription, subject) sequence number, assigned in log order when the push
 * processor matches the event, and sent as `tradelog-sequence` (and, for Tradelog's change
 * payloads, in the body). A delivery is dropped as `superseded` instead of being (re)sent when a
 * delivery with a higher sequence for the same subject has already been delivered. Receivers
 * that keep the highest sequence they saw per subject can drop anything older themselves.
 * An explicit redelivery is sent anyway: the subscriber asked for it.
 *
 * Push cycle (query spec §9, express): a parcel's pushes are at least one cycle apart
 * (PUSH_EXPRESS_CYCLE_MINUTES, 30–240). The push processor schedules a change that comes within a
 * cycle of the last push for the cycle's end; when several are waiting, the older ones are
 * settled `superseded` and only the newest is sent.
 */
export interface DeliveryView {
  state: DeliveryState;
  /** Attempts made over all rounds. */
  attempts: number;
  /** `attempts` when the current round began (a redelivery starts a new round). */
  roundStart: number;
  /** Set by a redelivery: send even if superseded. */
  forced: boolean;
  subscriptionState: 'active' | 'paused' | 'deleted';
  /** Highest sequence already delivered for this subscription and subject (0: none). */
  deliveredSequence: number;
  sequence: number;
  /** A newer state of the subject is waiting to be pushed to this subscription. */
  newerWaiting?: boolean;
  family?: PushFamily;
}

/** Families whose pushes follow a push cycle (§9 express: 0.5–4 h between pushes of one parcel). */
export const cycledFamilies: readonly PushFamily[] = ['express', 'express-map'];

export type AttemptPlan =
  | { action: 'send'; attempt: number; retryCount: number }
  | { action: 'skip'; reason: string }
  | { action: 'settle'; state: 'held' | 'superseded' | 'cancelled'; reason: string };

/** `jobAttempt` is the attempt number the caller means to make (a claim's: the row's next); any other is stale. */
export function planAttempt(delivery: DeliveryView, jobAttempt: number): AttemptPlan {
  if (delivery.state !== 'pending') return { action: 'skip', reason: `delivery is ${delivery.state}` };
  if (jobAttempt !== delivery.attempts + 1) return { action: 'skip', reason: 'stale job' };
  if (delivery.subscriptionState === 'deleted')
    return { action: 'settle', state: 'cancelled', reason: 'subscription deleted' };
  if (delivery.subscriptionState === 'paused')
    return { action: 'settle', state: 'held', reason: 'subscription paused' };
  if (!delivery.forced && delivery.deliveredSequence > delivery.sequence) {
    return { action: 'settle', state: 'superseded', reason: 'a newer state of the subject was delivered' };
  }
  // Express push cycle (§9): changes within one cycle go out as one push, of the newest state.
  if (
    !delivery.forced &&
    delivery.newerWaiting &&
    delivery.family &&
    cycledFamilies.includes(delivery.family)
  ) {
    return { action: 'settle', state: 'superseded', reason: 'a newer state goes out in this push cycle' };
  }
  return { action: 'send', attempt: delivery.attempts + 1, retryCount: delivery.attempts };
}

export type AfterAttempt =
  | { state: 'delivered' }
  /** Retried: the delivery waits for its pg-boss job, due `retryInMs` from now. */
  | { state: 'scheduled'; retryInMs: number }
  | { state: 'dead'; reason: 'not retriable' | 'schedule exhausted' };

export function afterAttempt(
  family: PushFamily,
  verdict: Verdict,
  delivery: Pick<DeliveryView, 'attempts' | 'roundStart'>,
  retryScale: number,
): AfterAttempt {
  if (verdict.delivered) return { state: 'delivered' };
  if (!verdict.retriable) return { state: 'dead', reason: 'not retriable' };
  const failedInRound = delivery.attempts + 1 - delivery.roundStart;
  const delay = nextRetryDelayMs(family, failedInRound, retryScale);
  return delay === undefined
    ? { state: 'dead', reason: 'schedule exhausted' }
    : { state: 'scheduled', retryInMs: delay };
}
