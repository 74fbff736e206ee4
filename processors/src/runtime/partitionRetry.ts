import { type BackoffOptions, retryDelayMs } from '@tradelog/schemas/kit/runtime/backoff';
import { faultCode, isContention } from './faults.ts';

/** Retries of a contended batch before it counts as waiting (ConsumerHealth.waitingFor). */
export const quietContentionRetries = 5;

/** The dependency fault that holds partitions back, until a batch goes through again. */
export interface WaitingFor {
  code: string;
  since: string;
  partitions: number;
}

/**
 * How a partition whose batch failed is fetched again (processors/README.md "Consumer runtime",
 * transient faults): after the shared jittered backoff for its `attempt` (1 for the first retry).
 * `quiet`: another writer's lock or a deadlock victim — no dependency is down, so `/ready` is
 * not told unless it keeps happening.
 */
export function planRetry(
  cause: unknown,
  attempt: number,
  backoff?: BackoffOptions,
): { delayMs: number; quiet: boolean } {
  return {
    delayMs: retryDelayMs(attempt, backoff),
    quiet: isContention(cause) && attempt <= quietContentionRetries,
  };
}

/**
 * What the consumer reports as waiting for after a fault that is not quiet: the latest fault's
 * code, since the first fault of the spell, over the partitions with failed attempts.
 */
export function waitingAfter(
  previous: WaitingFor | undefined,
  cause: unknown,
  attempts: ReadonlyMap<string, number>,
  now: () => Date,
): WaitingFor {
  return {
    code: faultCode(cause),
    since: previous?.since ?? now().toISOString(),
    partitions: [...attempts.values()].filter((n) => n > 0).length,
  };
}
