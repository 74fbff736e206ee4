import { randomUUID } from 'node:crypto';
import { findLiveVersion, inTransaction } from '@tradelog/projections';
import type { OceanCriteria } from '@tradelog/projections/push/families';
import { insertDeliveries, type NewDelivery } from '@tradelog/projections/push/insertDeliveries';
import { oceanNoDataPayload } from '@tradelog/projections/push/payloads';
import {
  findSubscriptionsPastWindow,
  type SubscriptionPastWindow,
} from '@tradelog/projections/tracking/firstAsks';
import type { Logger } from '@tradelog/schemas';
import type pg from 'pg';
import { stableEventId } from '../changes.ts';
import type { PushSettings } from './settings.ts';
import { createTimedPoll, type Sweep, sweepOf } from './timedPoll.ts';

/**
 * The NODATA push (query spec §4 ocean statusCategory NODATA; projections/src/tracking/firstAsks.ts):
 * an ocean subscription of a bill or container no provider has reported within the provider
 * window of its first ask is pushed what the query then answers it, once. A provider reporting
 * later makes a change event like any other: the next push is live data. The delivery is
 * `requested`, made due by the worker's poller like a first push (push README "First push at once").
 */
export function noDataDelivery(
  subscription: SubscriptionPastWindow,
  options: { id: string; at: Date },
): NewDelivery {
  return {
    id: options.id,
    subscriptionId: subscription.id,
    family: 'ocean',
    // One per subscription and key, whoever sweeps and however often: a second is never inserted.
    eventId: stableEventId(
      { topic: 'tracking-no-data', partition: 0, offset: subscription.id },
      'ocean.status',
      subscription.matchKey,
    ),
    eventKind: 'ocean.status',
    subject: subscription.matchKey,
    payload: oceanNoDataPayload(subscription.id, subscription.criteria as unknown as OceanCriteria),
    state: subscription.state === 'active' ? 'requested' : 'held',
    createdAt: options.at,
  };
}

export function createNoDataSweep(options: {
  pool: pg.Pool;
  settings: Pick<PushSettings, 'providerWindowMs' | 'noDataSweepMs'>;
  logger: Logger;
  now?: () => Date;
  newId?: () => string;
}): Sweep {
  const { pool, settings } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const log = options.logger.scope({ component: 'push-no-data' });

  const sweepOnce = () =>
    inTransaction(pool, async (db) => {
      const at = now();
      const version = await findLiveVersion(db, 'tracking');
      const owed = await findSubscriptionsPastWindow(db, {
        askedBefore: new Date(at.getTime() - settings.providerWindowMs),
        itemsSchema: version?.schemaName ?? null,
        limit: 500,
      });
      const inserted = await insertDeliveries(
        db,
        owed.map((subscription) => noDataDelivery(subscription, { id: newId(), at })),
      );
      if (inserted.length > 0) log.info('no-data pushes queued', { deliveries: inserted.length });
      return inserted.length;
    });

  const poll = createTimedPoll({
    everyMs: settings.noDataSweepMs,
    work: sweepOnce,
    // A database outage delays the pushes to the next sweep; nothing is lost.
    failed: (error) => log.warn('no-data sweep failed', { error }),
  });

  return sweepOf(poll);
}
