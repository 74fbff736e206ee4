import { inTransaction } from '@tradelog/projections';
import { recordAttempts } from '@tradelog/projections/push/attempts';
import type { Logger } from '@tradelog/schemas';
import { retryDelayMs } from '@tradelog/schemas/kit/runtime/backoff';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { Attempted } from './attemptBatch.ts';
import { attemptReport } from './attemptLog.ts';
import { retryJobs, scheduleAttempts } from './jobs.ts';
import type { PushMetrics } from './metrics.ts';

export interface RecordDeps {
  pool: pg.Pool;
  /** The queue of scheduled attempts, and its name (`settings.queue`). */
  boss: PgBoss;
  queue: string;
  metrics: PushMetrics;
  log: Logger;
}

/**
 * Every attempt row and delivery state of a batch with one statement, which also ends the
 * claims — in one transaction with the retries' jobs when any failed.
 */
export async function recordBatch(deps: RecordDeps, made: readonly Attempted[]): Promise<void> {
  if (made.length === 0) return;
  const { pool, metrics, log } = deps;
  const records = made.map((a) => a.record);
  const moved = !records.some((record) => record.state === 'scheduled')
    ? await recordAttempts(pool, records)
    : await inTransaction(pool, async (db) => {
        const ids = await recordAttempts(db, records);
        await scheduleAttempts(deps.boss, deps.queue, db, retryJobs(records, ids));
        return ids;
      });
  for (const { delivery, record, verdict, next } of made) {
    if (!moved.has(delivery.id)) continue;
    const report = attemptReport(record, verdict, next);
    metrics.outcomes.inc({ family: delivery.family, outcome: report.outcome });
    metrics.attemptSeconds.observe(
      { family: delivery.family, result: verdict.delivered ? 'delivered' : 'failed' },
      record.latencyMs / 1000,
    );
    log
      .scope({ deliveryId: delivery.id, subscriptionId: delivery.subscriptionId })
      [report.level](report.message, report.context);
  }
}

/**
 * Records a batch whose attempts were made, trying again while Postgres is away (README
 * "Claims"): a batch left to its leases would hold its subscriptions' whole concurrency for
 * the lease's length, a minute of no pushes after a blip of a second. Recording again is safe:
 * the statement moves only deliveries still at the attempt it records. Tries until half of
 * `leaseMarginMs` has passed (then a claim makes the attempts again), or a few times once
 * `running()` says the worker is stopping.
 */
export async function recordUntilDone(
  deps: RecordDeps,
  made: readonly Attempted[],
  options: { leaseMarginMs: number; running: () => boolean },
): Promise<void> {
  const giveUpAt = Date.now() + options.leaseMarginMs / 2;
  for (let attempt = 1; ; attempt++) {
    try {
      await recordBatch(deps, made);
      if (attempt > 1) deps.log.info('push batch recorded after a database fault', { tries: attempt });
      return;
    } catch (error) {
      const delayMs = retryDelayMs(attempt, { max: 5_000 });
      if (Date.now() + delayMs >= giveUpAt || (!options.running() && attempt >= 3)) throw error;
      if (attempt === 1)
        deps.log.warn('push batch not recorded yet; trying again', {
          error: error as Error,
          deliveries: made.length,
        });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
