import type {
  ListedAttempt,
  ListedDelivery,
  ShownSubscription,
} from '@tradelog/schemas/queries/subscriptions';

/**
 * query-api `/subscriptions` answers (subscription spec §4; Tradelog's own change subscriptions),
 * of which the console reads these members: a subscription as the contract shows it.
 */
export type SubscriptionRow = Pick<
  ShownSubscription,
  'id' | 'family' | 'state' | 'callbackUrl' | 'criteria' | 'createdAt'
>;
/** A delivery as the console lists it: these members of the contract's (`GET /subscriptions/{id}/deliveries`). */
export type DeliveryRow = Pick<
  ListedDelivery,
  | 'id'
  | 'eventId'
  | 'eventKind'
  | 'subject'
  | 'sequence'
  | 'state'
  | 'attempts'
  | 'lastErrorCode'
  | 'createdAt'
>;
/** An attempt as the console lists it: these members of the contract's (`…/deliveries/{deliveryId}/attempts`). */
export type AttemptRow = Pick<
  ListedAttempt,
  'attempt' | 'startedAt' | 'latencyMs' | 'httpStatus' | 'outcome' | 'errorCode'
>;

/** Only a delivery that has come to rest can be sent again; one still queued is on its way. */
export function canRedeliver(state: string): boolean {
  return ['delivered', 'dead', 'superseded', 'cancelled'].includes(state);
}

/** A tracking subscription is named by the waybill it follows; failing that, by its id. */
export function trackingSubject(
  subscriptions: readonly SubscriptionRow[] | undefined,
  selected: string,
): string {
  return String(subscriptions?.find((row) => row.id === selected)?.criteria.logisticCode ?? selected);
}

/** An attempt's outcome with its error code, when it has one. */
export function attemptOutcome(row: Pick<AttemptRow, 'outcome' | 'errorCode'>): string {
  return `${row.outcome}${row.errorCode ? ` (${row.errorCode})` : ''}`;
}
