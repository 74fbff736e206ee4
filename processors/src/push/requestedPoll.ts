import { makeRequestedDue } from '@tradelog/projections/push/redelivery';
import type { Logger } from '@tradelog/schemas';
import type pg from 'pg';

/** Deliveries made due per poll. */
const requestedBatch = 500;

/**
 * The poll that makes resumed and redelivered deliveries due (`requested` → `pending`, push
 * README "Delivery states"): on a timer, and when asked; one at a time, a call while one runs shares
 * it. What it made due wakes the pollers (`madeDue`).
 */
export interface RequestedPoll {
  /** Makes requested deliveries due now; how many it made due (0 when Postgres failed it). */
  claimRequested(): Promise<number>;
  start(): void;
  /** Ends the timer; a poll already running goes on (`running`). */
  stop(): void;
  /** The poll running now, if any. */
  running(): Promise<number> | undefined;
}

export function createRequestedPoll(options: {
  pool: pg.Pool;
  now: () => Date;
  log: Logger;
  everyMs: number;
  madeDue: () => void;
}): RequestedPoll {
  let timer: NodeJS.Timeout | undefined;
  let claiming: Promise<number> | undefined;

  function claimRequested(): Promise<number> {
    claiming ??= makeRequestedDue(options.pool, requestedBatch, options.now())
      .then((made) => {
        if (made > 0) options.madeDue();
        return made;
      })
      .catch((error) => {
        options.log.warn('requested deliveries not made due yet', { error: error as Error });
        return 0;
      })
      .finally(() => {
        claiming = undefined;
      });
    return claiming;
  }

  return {
    claimRequested,
    start() {
      timer = setInterval(() => void claimRequested(), options.everyMs);
    },
    stop() {
      if (timer) clearInterval(timer);
    },
    running: () => claiming,
  };
}
