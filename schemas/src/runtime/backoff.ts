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
