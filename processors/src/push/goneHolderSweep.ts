import { releaseGoneHolders } from '@tradelog/projections/push/claims';
import type { Logger } from '@tradelog/schemas';
import type pg from 'pg';

/** How often a worker ends the claims of workers that are gone (push README "Claims"). */
const holderSweepMs = 2_000;

/**
 * Every worker's sweep of the claims of workers that are gone (push README "Claims of a worker
 * that is gone", ./claimHolder.ts): their deliveries are due again at once, so `released` wakes
 * the pollers.
 */
export interface GoneHolderSweep {
  start(): void;
  stop(): void;
}

export function createGoneHolderSweep(options: {
  pool: pg.Pool;
  log: Logger;
  released: () => void;
}): GoneHolderSweep {
  const { pool, log } = options;
  let sweeper: NodeJS.Timeout | undefined;

  async function sweepGoneHolders(): Promise<void> {
    try {
      const released = await releaseGoneHolders(pool);
      if (released === 0) return;
      log.info('claims of a gone worker released', { claims: released });
      options.released();
    } catch (error) {
      // Postgres away: the next sweep tries again, and leases end the claims meanwhile.
      log.debug('gone holders not swept', { error: error as Error });
    }
  }

  return {
    start() {
      sweeper = setInterval(() => void sweepGoneHolders(), holderSweepMs);
      sweeper.unref();
    },
    stop() {
      if (sweeper) clearInterval(sweeper);
    },
  };
}
