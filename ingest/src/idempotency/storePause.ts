import type { Logger } from '@tradelog/schemas';

/**
 * Postgres unreachable: idempotency steps aside for `pauseMs` after a fault of its store, so that
 * a down database costs no request a timeout (idempotency.ts; README "Retrying safely"). Every
 * fault starts the pause over; a warning is logged for a fault outside a pause, not for each.
 */
export interface StorePause {
  /** Whether the store is skipped now. */
  paused(): boolean;
  /** The store failed at `step` (claim, settle). */
  failed(error: unknown, step: string): void;
}

export function createStorePause(context: { now: () => Date; pauseMs: number; logger: Logger }): StorePause {
  const { pauseMs, logger } = context;
  let pausedUntil = 0;
  return {
    paused: () => context.now().getTime() < pausedUntil,
    failed(error, step) {
      const now = context.now().getTime();
      if (now >= pausedUntil) {
        logger.warn('idempotency store unavailable; appending without deduplication', {
          step,
          pauseMs,
          error: error as Error,
        });
      }
      pausedUntil = now + pauseMs;
    },
  };
}
