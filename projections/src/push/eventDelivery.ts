import type { ChangeEvent } from '@tradelog/schemas/changes/contract';
import type { PushFamily } from './families.ts';
import type { NewDelivery } from './insertDeliveries.ts';
import { pushPayload } from './payloads.ts';

/**
 * The delivery of one change event to one subscription, built in this one place: by the push
 * processor for every subscription an event matches (processors/src/push/pushProcessor.ts, due
 * at once: `pending`), and by query-api for a tracking subscription's first push
 * (query-api/src/tracking/firstPush.ts: `requested`, made due by the worker's poller). A paused
 * subscription's delivery is `held` until it resumes. The payload is the family's push body
 * (./payloads.ts) without its sequence, which the insert adds. Pure: the id and time are passed in.
 */
export function eventDelivery(
  event: ChangeEvent,
  subscription: {
    id: string;
    family: PushFamily;
    criteria: Record<string, unknown>;
    state: 'active' | 'paused' | 'deleted';
  },
  options: { id: string; at: Date; due: 'pending' | 'requested' },
): NewDelivery {
  return {
    id: options.id,
    subscriptionId: subscription.id,
    family: subscription.family,
    eventId: event.eventId,
    eventKind: event.kind,
    subject: event.subject,
    payload: pushPayload(event, {
      subscriptionId: subscription.id,
      family: subscription.family,
      criteria: subscription.criteria,
      sequence: 0,
      now: options.at,
    }),
    state: subscription.state === 'active' ? options.due : 'held',
    createdAt: options.at,
  };
}
