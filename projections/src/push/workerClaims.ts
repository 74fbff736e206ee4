import type { DeliveryClaim, ScheduledAttempt } from './claims.ts';

/*
 * A delivery worker's claims (README "Claims", "Hand-over"), pure: how long a claim leases its
 * deliveries, what a claim asks for, and how many handed-over deliveries the worker takes.
 */

/** A claim outlives the longest attempt by this much (README "Claims"). */
export const leaseMarginMs = 60_000;

/**
 * Until when a delivery claimed at `at` stays claimed (README "Claims"): past the longest attempt,
 * so a live worker always records before its lease runs out.
 */
export function claimLeaseUntil(at: Date, attemptTimeoutMs: number): Date {
  return new Date(at.getTime() + attemptTimeoutMs + leaseMarginMs);
}

/** The worker's limits a claim is built from (processors' `PushSettings`). */
export interface ClaimLimits {
  /** Deliveries per claim when nothing narrows it. */
  workerBatch: number;
  subscriptionConcurrency: number;
  attemptTimeoutMs: number;
}

/**
 * A worker's claim at `at`: a batch of everything due now, or (`scheduled`) only the deliveries
 * whose pg-boss jobs came, one each; leased in the worker's name (`holder`), under the claim's
 * own id (`claim`, README "Claims whose answer was lost").
 */
export function workerClaim(
  limits: ClaimLimits,
  at: Date,
  claimant: { holder: string | null; claim: string },
  scheduled?: readonly ScheduledAttempt[],
): DeliveryClaim & { claim: string } {
  return {
    limit: scheduled?.length ?? limits.workerBatch,
    perSubscription: limits.subscriptionConcurrency,
    now: at,
    leaseUntil: claimLeaseUntil(at, limits.attemptTimeoutMs),
    holder: claimant.holder,
    claim: claimant.claim,
    ...(scheduled ? { scheduled } : {}),
  };
}

/**
 * How many handed-over deliveries a worker takes now (README "Hand-over"): what its pollers can
 * have in flight, less what already waits for them, so what is handed over is attempted well
 * within its lease; none while it is stopped.
 */
export function handOverRoom(
  limits: { workerConcurrency: number; workerBatch: number },
  waiting: number,
  running: boolean,
): number {
  return running ? Math.max(0, limits.workerConcurrency * limits.workerBatch - waiting) : 0;
}
