/**
 * The one retry delay of every retry-forever loop (README "Riding out faults"): exponential from
 * `initial` to `max`, with equal jitter — half the step is fixed, half random — so that many
 * instances (consumers, producers, the services `npm start` restarts) that lost a dependency at
 * the same moment do not all come back to it in the same millisecond, and none retries in a
 * hot loop. `random` is passed in so tests can drive it.
 */
export interface BackoffOptions {
  initial?: number;
  max?: number;
  random?: () => number;
}

export function retryDelayMs(attempt: number, options: BackoffOptions = {}): number {
  const initial = options.initial ?? 250;
  const step = Math.min(initial * 2 ** Math.max(0, attempt - 1), options.max ?? 10_000);
  const random = (options.random ?? Math.random)();
  return Math.round(step / 2 + (step / 2) * Math.min(1, Math.max(0, random)));
}

export interface RetryForeverOptions extends BackoffOptions {
  /** Hears of each failure with the wait that follows it (to log it). */
  onRetry?: (retry: { attempt: number; delayMs: number; error: unknown }) => void;
  /**
   * Asked after each failure: true ends the loop with that failure instead of a wait (a process
   * that is stopping). A step that must not run at all once stopped checks for itself.
   */
  stopped?: () => boolean;
}

/**
 * The one retry-forever loop (README "Riding out faults"): runs `step` until it succeeds, waiting
 * `retryDelayMs(attempt)` after each failure, for the steps that wait for a dependency as long as
 * it takes (an outage at start-up is an outage too, and never ends a process).
 */
export async function retryForever<T>(
  step: (attempt: number) => Promise<T>,
  options: RetryForeverOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step(attempt);
    } catch (error) {
      if (options.stopped?.()) throw error;
      const delayMs = retryDelayMs(attempt, options);
      options.onRetry?.({ attempt, delayMs, error });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
