import { findLiveVersion, type Queryable } from '@tradelog/projections';
import { eventDelivery } from '@tradelog/projections/push/eventDelivery';
import { insertDelivery } from '@tradelog/projections/push/insertDeliveries';
import { subscriptionAllows } from '@tradelog/projections/push/payloads';
import type { Subscription } from '@tradelog/projections/push/subscriptions';
import { trackingKindOf } from '@tradelog/projections/tracking/answers';
import { trackingChangeData } from '@tradelog/projections/tracking/changeData';
import type { TrackingFamily } from '@tradelog/projections/tracking/item';
import { findItemByKey } from '@tradelog/projections/tracking/tables';
import type { ChangeEvent } from '@tradelog/schemas/changes/contract';

const familyOfSubscription: Readonly<Record<string, TrackingFamily>> = {
  express: 'express',
  'express-map': 'express',
  air: 'air',
  ocean: 'ocean',
  terminal: 'terminal',
};

/**
 * §4 "Subscription flow": a first push follows once data is there — at once when the tracked
 * item is already known when the subscription is made. Called in the subscription's own
 * transaction: the first push is a delivery in state `requested`, which the push worker's
 * poller enqueues like a redelivery. Its event id is the id of the change event that produced
 * the item's current state, so when the push processor matches that same event later (it may
 * still be on its way through the changes topic) the delivery exists and nothing is sent twice.
 * Later changes arrive as change events and are pushed as usual. Returns whether a first push
 * was queued.
 */
export async function queueFirstPush(
  db: Queryable,
  subscription: Subscription,
  options: { now: Date; newId: () => string },
): Promise<boolean> {
  const family = familyOfSubscription[subscription.family];
  if (!family) return false;
  const version = await findLiveVersion(db, 'tracking');
  if (!version) return false;
  const item = await findItemByKey(db, version.schemaName, subscription.matchKey);
  if (!item || item.family !== family) return false;
  const last = item.reports[item.reports.length - 1]!;
  const [topic = '', partition = '0', offset = '0'] = last.position.split('/');
  const event: ChangeEvent = {
    eventId: item.lastEventId ?? options.newId(),
    projection: 'tracking',
    kind: trackingKindOf[family],
    enterprise: item.subject,
    subject: item.subject,
    occurredAt: item.lastReceivedAt,
    source: { documentId: last.documentId, topic, partition: Number(partition), offset },
    data: trackingChangeData(item),
  };
  // As the push processor matches: an ocean carrierCode that is not the bill's is answered START, not pushed.
  if (!subscriptionAllows(event, subscription)) return false;
  const inserted = await insertDelivery(
    db,
    eventDelivery(event, subscription, { id: options.newId(), at: options.now, due: 'requested' }),
  );
  return inserted !== null;
}
