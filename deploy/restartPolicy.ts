import { retryDelayMs } from '@tradelog/schemas/kit/runtime/backoff';

/**
 * When `npm start` starts a service again after it exited (README "Running it"): after a
 * jittered delay growing from 1 s to 30 s while the service keeps dying young, back to the
 * shortest once it had stayed up `stableAfterMs` (a crash an hour later is a new story, not the
 * tenth try of an old one). Pure: the clock and the random source are passed in.
 */
export function createRestartPolicy(
  options: { now?: () => number; random?: () => number; stableAfterMs?: number } = {},
) {
  const now = options.now ?? Date.now;
  const stableAfterMs = options.stableAfterMs ?? 60_000;
  let startedAt = now();
  let failures = 0;
  return {
    /** The service (re)started now. */
    started(): void {
      startedAt = now();
    },
    /** The service exited now: which restart this is, and how long to wait before it. */
    exited(): { restart: number; delayMs: number } {
      if (now() - startedAt >= stableAfterMs) failures = 0;
      failures++;
      return {
        restart: failures,
        delayMs: retryDelayMs(failures, {
          initial: 1_000,
          max: 30_000,
          ...(options.random ? { random: options.random } : {}),
        }),
      };
    },
  };
}
