import type { PushFamily } from './families.ts';

/**
 * When a failed push is tried again (query spec §8, §9); whether it is, is `retryDecision.ts`.
 * Delays count from the failed attempt. A redelivery an operator or subscriber asks for starts a new round with the same
 * schedule; the retry-count header keeps counting over all rounds.
 *
 * - express: exactly two retries, 15 and then 30 minutes after the failed attempt (§9), then stop.
 * - air, ocean, terminal and Tradelog's own change pushes: the spec names no schedule; we retry
 *   8 times with growing delays (1 m, 5 m, 15 m, 30 m, 1 h, 2 h, 4 h, 8 h — about 16 h in all), then
 *   dead-letter. A receiver that is down for a working day still gets its pushes.
 */
const minute = 60_000;
const hour = 60 * minute;

export const retryDelaysMs: Readonly<Record<PushFamily, readonly number[]>> = Object.freeze({
  express: [15 * minute, 30 * minute],
  'express-map': [15 * minute, 30 * minute],
  air: [minute, 5 * minute, 15 * minute, 30 * minute, hour, 2 * hour, 4 * hour, 8 * hour],
  ocean: [minute, 5 * minute, 15 * minute, 30 * minute, hour, 2 * hour, 4 * hour, 8 * hour],
  terminal: [minute, 5 * minute, 15 * minute, 30 * minute, hour, 2 * hour, 4 * hour, 8 * hour],
  changes: [minute, 5 * minute, 15 * minute, 30 * minute, hour, 2 * hour, 4 * hour, 8 * hour],
});

/**
 * The delay before the next attempt after `failedInRound` failed attempts of the current round
 * (1 after the first failure), or undefined when the schedule is exhausted. `scale` shortens
 * every delay proportionally (tests and benchmarks: PUSH_RETRY_SCALE); never below 1 ms.
 */
export function nextRetryDelayMs(family: PushFamily, failedInRound: number, scale = 1): number | undefined {
  if (!Number.isInteger(failedInRound) || failedInRound < 1)
    throw new RangeError('failedInRound must be ≥ 1');
  const delay = retryDelaysMs[family][failedInRound - 1];
  return delay === undefined ? undefined : Math.max(1, Math.round(delay * scale));
}

/** Attempts a round makes at most: the first one plus every retry. */
export const attemptsPerRound = (family: PushFamily): number => retryDelaysMs[family].length + 1;
