import type { ChangeEvent } from '@tradelog/schemas/changes/contract';
import type { DeliveryForAttempt } from './deliveries.ts';
import { cycledFamilies } from './deliveryPlan.ts';
import { eventDelivery } from './eventDelivery.ts';
import type { InsertedDelivery, InsertLease, NewDelivery } from './insertDeliveries.ts';
import { lookupOf, subscriptionAllows } from './payloads.ts';
import type { MatchedSubscription } from './subscriptions.ts';

/**
 * The push processor's batch, pure (README "Batches", "Express push cycle", "Hand-over"): which
 * subscription gets which change, when each delivery is due, which are leased at insert, and what
 * the worker is handed. The statements between these steps are the shell's
 * (processors/src/push/pushProcessor.ts).
 */

export type Lookup = ReturnType<typeof lookupOf>;

/** Each distinct lookup of a batch once, keyed: events of one enterprise or subject often come together. */
export function distinctLookups(events: readonly ChangeEvent[]): Map<string, Lookup> {
  return new Map(events.map((event) => [JSON.stringify(lookupOf(event)), lookupOf(event)]));
}

/**
 * One delivery per (event, subscription) that matched its lookup and takes it
 * (`subscriptionAllows`), in log order, each due at once; with the subscriptions by id.
 */
export function matchedDeliveries(
  events: readonly ChangeEvent[],
  matchesByLookup: ReadonlyMap<string, readonly MatchedSubscription[]>,
  options: { newId: () => string; at: Date },
): { deliveries: NewDelivery[]; subscriptionOf: Map<string, MatchedSubscription> } {
  const deliveries: NewDelivery[] = [];
  const subscriptionOf = new Map<string, MatchedSubscription>();
  for (const event of events) {
    const matched = matchesByLookup.get(JSON.stringify(lookupOf(event))) ?? [];
    for (const subscription of matched.filter((match) => subscriptionAllows(event, match))) {
      subscriptionOf.set(subscription.id, subscription);
      deliveries.push(
        eventDelivery(event, subscription, { id: options.newId(), at: options.at, due: 'pending' }),
      );
    }
  }
  return { deliveries, subscriptionOf };
}

export const pairKey = (delivery: Pick<NewDelivery, 'subscriptionId' | 'subject'>): string =>
  `${delivery.subscriptionId}/${delivery.subject}`;

/** Deliveries due at once of the families that keep a push cycle (§9 express): the cycle may delay them. */
export const cycleCandidates = (deliveries: readonly NewDelivery[]): NewDelivery[] =>
  deliveries.filter((delivery) => delivery.state === 'pending' && cycledFamilies.includes(delivery.family));

/**
 * Express push cycle (§9; ./deliveryPlan.ts): a change within a cycle of the subject's last push
 * (`lastPushes`, keyed by `pairKey`) waits for the cycle's end, `scheduled` then. Sets the state
 * and due time on the deliveries given (the batch's own, not yet inserted).
 */
export function delayToCycleEnd(
  cycled: readonly NewDelivery[],
  lastPushes: ReadonlyMap<string, Date>,
  cycleMs: number,
  at: Date,
): void {
  for (const delivery of cycled) {
    const cycleEnd = (lastPushes.get(pairKey(delivery))?.getTime() ?? 0) + cycleMs;
    if (cycleEnd > at.getTime()) {
      delivery.state = 'scheduled';
      delivery.nextAttemptAt = new Date(cycleEnd);
    }
  }
}

/**
 * Hand-over (README): a delivery due at once is leased by the insert itself and attempted by
 * the process's own worker after the commit — no claim, no load. Not the cycled families: their
 * attempt first looks for a newer state waiting, which only a claim's load reads. None without
 * room in the worker.
 */
export function handOverLease(
  deliveries: readonly NewDelivery[],
  worker:
    | { room: number; until: Date; perSubscription: number; holder: string | null; claim: string }
    | undefined,
  at: Date,
): InsertLease | undefined {
  if (!worker || worker.room <= 0) return undefined;
  const ids = new Set(
    deliveries
      .filter((delivery) => delivery.state === 'pending' && !cycledFamilies.includes(delivery.family))
      .map((delivery) => delivery.id),
  );
  if (ids.size === 0) return undefined;
  return {
    ids,
    at,
    until: worker.until,
    perSubscription: worker.perSubscription,
    limit: worker.room,
    holder: worker.holder,
    claim: worker.claim,
  };
}

/**
 * What the worker is handed of the rows the insert leased: everything an attempt needs, as a
 * claim's load would read it for a delivery just inserted.
 */
export function leasedForAttempt(
  rows: readonly InsertedDelivery[],
  deliveries: readonly NewDelivery[],
  subscriptionOf: ReadonlyMap<string, MatchedSubscription>,
): DeliveryForAttempt[] {
  const byId = new Map(deliveries.map((delivery) => [delivery.id, delivery]));
  return rows.flatMap((row): DeliveryForAttempt[] => {
    if (!row.leased) return [];
    const delivery = byId.get(row.id)!;
    const subscription = subscriptionOf.get(delivery.subscriptionId)!;
    return [
      {
        id: row.id,
        subscriptionId: delivery.subscriptionId,
        family: delivery.family,
        callbackUrl: subscription.callbackUrl,
        secret: subscription.secret,
        subscriptionState: 'active',
        eventId: delivery.eventId,
        subject: delivery.subject,
        sequence: row.sequence,
        // As stored, so a retry (loaded from the row) sends the same bytes.
        payload: row.leased.payload,
        state: 'pending',
        attempts: 0,
        roundStart: 0,
        forced: false,
        // Every delivered sequence of the subject is older than this one, just numbered.
        deliveredSequence: 0,
        newerWaiting: false,
      },
    ];
  });
}

/** The first attempts the cycle delayed, of the deliveries actually inserted: one pg-boss job each. */
export function cycleEndJobs(
  deliveries: readonly NewDelivery[],
  inserted: ReadonlySet<string>,
): { deliveryId: string; attempt: number; startAfter: Date }[] {
  return deliveries
    .filter((delivery) => delivery.state === 'scheduled' && inserted.has(delivery.id))
    .map((delivery) => ({ deliveryId: delivery.id, attempt: 1, startAfter: delivery.nextAttemptAt! }));
}
