import { deleteFinishedDeliveries } from '@tradelog/projections/push/retention';
import type { Logger } from '@tradelog/schemas';
import { deleteInBatches } from '@tradelog/schemas/kit/runtime/batchedDeletes';
import type pg from 'pg';
import type { PushSettings } from './settings.ts';
import { createTimedPoll, type Sweep, sweepOf } from './timedPoll.ts';

/**
 * Deletes the push history older than `retentionMs` (projections/src/push/retention.ts) every
 * `retentionSweepMs`: batch after batch until none is left, so that a busy day's pushes are gone
 * by the next round. Off when `retentionMs` is 0 (PUSH_RETENTION_DAYS=0: kept for ever).
 */
export function createRetentionSweep(options: {
  pool: pg.Pool;
  settings: Pick<PushSettings, 'retentionMs' | 'retentionSweepMs'>;
  logger: Logger;
  now?: () => Date;
}): Sweep {
  const { pool, settings } = options;
  const now = options.now ?? (() => new Date());
  const log = options.logger.scope({ component: 'push-retention' });
  const sweepOnce = async () => {
    if (settings.retentionMs === 0) return 0;
    const before = new Date(now().getTime() - settings.retentionMs);
    const deleted = await deleteInBatches((limit) => deleteFinishedDeliveries(pool, before, limit));
    if (deleted > 0) log.info('push history past its retention deleted', { deliveries: deleted, before });
    return deleted;
  };
  const poll = createTimedPoll({
    everyMs: settings.retentionSweepMs,
    work: sweepOnce,
    // A database outage only delays the deletion to the next round.
    failed: (error) => log.warn('push retention sweep failed', { error }),
  });
  return sweepOf(poll);
}
