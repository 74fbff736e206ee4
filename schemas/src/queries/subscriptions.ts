/**
 * Answers of the subscriber tools (query-api/README.md "Subscriber tools") that query-api builds
 * (query-api/src/subscriptions/) from the push tables (projections/src/push/) and the subscriber
 * console shows. `Time` is `Date` where projections reads the rows and `string` (ISO 8601) where
 * the console reads their JSON.
 */

/** The push families a subscription is of (projections/src/push/families.ts says what each matches). */
export const pushFamilies = ['express', 'express-map', 'air', 'ocean', 'terminal', 'changes'] as const;
export type PushFamily = (typeof pushFamilies)[number];

/** A subscription's states (projections/src/push/subscriptions.ts); a paused one's pushes are held. */
export type SubscriptionState = 'active' | 'paused' | 'deleted';

/**
 * A subscription as its subscriber is shown it (`GET /subscriptions` lists them; `GET
 * /subscriptions/{id}` and the routes that make or change one answer one): never the secret, the
 * callback with its token hidden.
 */
// A type, not an interface: query-api's answer senders take any record of members.
export type ShownSubscription = {
  id: string;
  family: PushFamily;
  state: SubscriptionState;
  callbackUrl: string;
  criteria: Record<string, unknown>;
  /** The change sources a `changes` subscription follows; absent for the other families. */
  projections?: string[];
  /** Until when the replaced secret still signs beside the new one after a rotation (ISO 8601); null: none. */
  previousSecretUntil: string | null;
  createdAt: string;
  updatedAt: string;
};

/**
 * A push delivery's states (projections/src/push/README.md "Delivery states"): the delivery table
 * (projections/src/push/deliveries.ts) and the deliveries' listing take them from here.
 */
export const deliveryStates = [
  'held',
  'requested',
  'pending',
  'scheduled',
  'delivered',
  'dead',
  'superseded',
  'cancelled',
] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/** A subscription's push health over a window, as `GET /subscriptions/{id}/stats` answers it (`stats`). */
export interface ShownSubscriptionStats<Time = string> {
  since: Time;
  attempts: number;
  delivered: number;
  failed: number;
  /** delivered ÷ attempts; null without attempts. */
  successRate: number | null;
  /** Over attempts that reached the receiver or timed out (a refused target has none); ms. */
  latencyMs: { mean: number | null; p50: number | null; p95: number | null; max: number | null };
  /** Failed attempts by error code (HTTP_503, TIMEOUT, …). */
  errors: Record<string, number>;
  /** The subscription's newest deliveries (at most `statsMaxDeliveries`), by state, whatever their age. */
  deliveries: Partial<Record<DeliveryState, number>>;
  /**
   * Whether the bounds cut the reading short: the window's attempts are those of its newest
   * `statsMaxDeliveries` deliveries, and `deliveries` counts that many newest.
   */
  capped: boolean;
}

/** A delivery as `GET /subscriptions/{id}/deliveries` lists it (newest first). */
export interface ListedDelivery<Time = string> {
  id: string;
  eventId: string;
  eventKind: string;
  subject: string;
  sequence: number;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: Time | null;
  lastErrorCode: string | null;
  createdAt: Time;
  updatedAt: Time;
}

/** An attempt as `GET /subscriptions/{id}/deliveries/{deliveryId}/attempts` lists it (push_attempts' row). */
export interface ListedAttempt<Time = string> {
  id: string;
  deliveryId: string;
  attempt: number;
  retryCount: number;
  startedAt: Time;
  latencyMs: number;
  httpStatus: number | null;
  outcome: 'delivered' | 'failed';
  errorCode: string | null;
  replyExcerpt: string | null;
  /** Already redacted. */
  callbackUrl: string;
}

/**
 * What `POST /subscriptions/{id}/test` answers: the test delivery, its first attempt once made
 * (200), or null when the wait ran out first (202), and the documented example it pushed.
 */
// A type, not an interface: query-api's answer senders take any record of members.
export type TestPushAnswer<Time = string> = {
  delivery: ListedDelivery<Time> | null;
  attempt: ListedAttempt<Time> | null;
  payload: Record<string, unknown>;
};
