import { randomUUID } from 'node:crypto';
import { claimDueDeliveries, type ScheduledAttempt } from '@tradelog/projections/push/claims';
import type { DeliveryForAttempt } from '@tradelog/projections/push/deliveries';
import { leaseMarginMs, workerClaim } from '@tradelog/projections/push/workerClaims';
import type { Logger } from '@tradelog/schemas';
import type pg from 'pg';
import type { Job, PgBoss } from 'pg-boss';
import { type AttemptDeps, attemptBatch } from './attemptBatch.ts';
import { distinctScheduledAttempts } from './jobs.ts';
import type { PushMetrics } from './metrics.ts';
import { type RecordDeps, recordUntilDone } from './recordBatch.ts';
import type { PushSettings } from './settings.ts';
import { createShownCallbacks } from './shownCallbacks.ts';
import { createSubscriptionLimiter } from './subscriptionLimiter.ts';
import type { WakeSignal } from './wakeSignal.ts';

/**
 * A batch's way through the delivery worker (push README "Claims", "Scheduled attempts"): claimed
 * for one lease, attempted side by side (./attemptBatch.ts) and recorded with one statement
 * (./recordBatch.ts). A batch done wakes the pollers: its subscriptions have room again.
 */
export interface BatchDelivery {
  /** Claims due deliveries (all due now, or only the scheduled ones whose jobs came) for one lease. */
  claimBatch(scheduled?: readonly ScheduledAttempt[]): Promise<DeliveryForAttempt[]>;
  /** Attempts a claimed batch and records it; never throws. */
  deliverBatch(batch: readonly DeliveryForAttempt[], whileRecording?: () => void): Promise<void>;
  /** Claims and delivers the deliveries of a batch of pg-boss jobs of scheduled attempts. */
  deliverScheduled(jobs: readonly Job<ScheduledAttempt>[]): Promise<void>;
}

export function createBatchDelivery(options: {
  pool: pg.Pool;
  boss: PgBoss;
  settings: PushSettings;
  metrics: PushMetrics;
  log: Logger;
  now: () => Date;
  /** The worker's name on its claims (./claimHolder.ts), or null while it holds none. */
  holder: () => string | null;
  running: () => boolean;
  wake: WakeSignal;
  /** A claim whose answer never came (./claimSweep.ts `lost`). */
  lost: (claim: string, until: Date) => void;
}): BatchDelivery {
  const { pool, settings, log, now, wake } = options;
  const attempts: AttemptDeps = {
    pool,
    settings,
    limiter: createSubscriptionLimiter(settings.subscriptionConcurrency),
    metrics: options.metrics,
    log,
    now,
    shownCallback: createShownCallbacks(),
  };
  const records: RecordDeps = {
    pool,
    boss: options.boss,
    queue: settings.queue,
    metrics: options.metrics,
    log,
  };

  /**
   * A claim that fails may have been made all the same (the connection lost as Postgres
   * answered): its id goes to the sweep, which ends it (push README "Claims whose answer was lost").
   */
  async function claimBatch(scheduled?: readonly ScheduledAttempt[]): Promise<DeliveryForAttempt[]> {
    const claim = workerClaim(settings, now(), { holder: options.holder(), claim: randomUUID() }, scheduled);
    try {
      return await claimDueDeliveries(pool, claim);
    } catch (error) {
      options.lost(claim.claim, claim.leaseUntil);
      throw error;
    }
  }

  /** A batch not recorded keeps its claims until the lease runs out. */
  async function deliverBatch(batch: readonly DeliveryForAttempt[], whileRecording?: () => void) {
    try {
      const made = await attemptBatch(attempts, batch);
      whileRecording?.();
      await recordUntilDone(records, made, { leaseMarginMs, running: options.running });
    } catch (error) {
      // The claims stay until their lease runs out; the attempts are made again then.
      log.error('push batch not recorded', { error: error as Error, deliveries: batch.length });
    }
    // Its subscriptions have room again: a poller left waiting by their limit may claim.
    wake.signal();
  }

  /**
   * A database fault in the claim throws before anything changed, and pg-boss runs the jobs
   * again; after it, the claims' lease covers the batch, as on the claim path. A delivery the
   * claim left for want of room in its subscription is pending and due: the pollers, woken, take it.
   */
  async function deliverScheduled(jobs: readonly Job<ScheduledAttempt>[]): Promise<void> {
    const batch = await claimBatch(distinctScheduledAttempts(jobs));
    await deliverBatch(batch);
  }

  return { claimBatch, deliverBatch, deliverScheduled };
}
