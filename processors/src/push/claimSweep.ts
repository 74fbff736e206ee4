import { releaseClaims, releaseGoneHolders } from '@tradelog/projections/push/claims';
import type { Logger } from '@tradelog/schemas';
import type pg from 'pg';

/** How often a worker sweeps the claims nobody will attempt (push README "Claims"). */
const claimSweepMs = 2_000;

/**
 * Every worker's sweep of the claims nobody will attempt, so that their deliveries are due again
 * at once rather than when the leases run out (a minute and more later): `released` wakes the
 * pollers. Two kinds:
 * - claims of workers that are gone (push README "Claims of a worker that is gone",
 *   ./claimHolder.ts), whoever made them;
 * - this worker's claims whose answer was lost (push README "Claims whose answer was lost"): a
 *   claim, or a lease its processor took at insert, whose statement or commit failed as Postgres
 *   may have made it all the same. The worker never attempts their rows, and nobody else does,
 *   so ending them sends nothing twice. Each is ended on every sweep until its lease would have
 *   ended, in case the server finished it after an earlier sweep.
 */
export interface ClaimSweep {
  /** A claim of this worker's whose outcome is unknown, leased until `until`. */
  lost(claim: string, until: Date): void;
  start(): void;
  stop(): void;
}

/** The lost claims still leased at `at`; the others are forgotten (their leases ended them). */
export function lostClaimsToEnd(lost: Map<string, Date>, at: Date): string[] {
  for (const [claim, until] of lost) if (until <= at) lost.delete(claim);
  return [...lost.keys()];
}

export function createClaimSweep(options: {
  pool: pg.Pool;
  log: Logger;
  released: () => void;
  now: () => Date;
}): ClaimSweep {
  const { pool, log } = options;
  const lost = new Map<string, Date>();
  let sweeper: NodeJS.Timeout | undefined;

  async function endGoneHolders(): Promise<number> {
    const released = await releaseGoneHolders(pool);
    if (released > 0) log.info('claims of a gone worker released', { claims: released });
    return released;
  }

  async function endLostClaims(): Promise<number> {
    const claims = lostClaimsToEnd(lost, options.now());
    if (claims.length === 0) return 0;
    const released = await releaseClaims(pool, claims);
    if (released > 0) log.info('claims whose answer was lost released', { claims: released });
    return released;
  }

  /** One kind swept; Postgres away: the next sweep tries again, and leases end the claims meanwhile. */
  const swept = (sweep: () => Promise<number>, failure: string) =>
    sweep().catch((error: unknown) => {
      log.debug(failure, { error: error as Error });
      return 0;
    });

  async function sweep(): Promise<void> {
    const released =
      (await swept(endGoneHolders, 'gone holders not swept')) +
      (await swept(endLostClaims, 'lost claims not released yet'));
    if (released > 0) options.released();
  }

  return {
    lost(claim, until) {
      lost.set(claim, until);
    },
    start() {
      sweeper = setInterval(() => void sweep(), claimSweepMs);
      sweeper.unref();
    },
    stop() {
      if (sweeper) clearInterval(sweeper);
    },
  };
}
