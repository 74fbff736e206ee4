import { redactCallbackUrl } from '@tradelog/projections/push/callbackTarget';
import { type DeliveryState, deliveryStates } from '@tradelog/projections/push/deliveries';
import type { Subscription } from '@tradelog/projections/push/subscriptions';
import { localizedError } from '@tradelog/schemas';
import type { ShownSubscription } from '@tradelog/schemas/queries/subscriptions';

/**
 * The subscription routes' pure steps: what a subscriber is shown, and how their query parameters
 * read. Each answer (code, status, message) is the one the routes have always given.
 */

export const subscriptionNotFound = () =>
  localizedError('SUBSCRIPTION_NOT_FOUND', 404, { cn: '订阅不存在', en: 'No such subscription' });

/** Subscription and delivery ids are uuids: anything else is no such subscription, without a read. */
export const isUuidShaped = (id: string): boolean => /^[0-9a-f-]{36}$/i.test(id);

/** What a subscriber sees of a subscription: never the secret; the callback with its token hidden. */
export const shownSubscription = (subscription: Subscription): ShownSubscription => ({
  id: subscription.id,
  family: subscription.family,
  state: subscription.state,
  callbackUrl: redactCallbackUrl(subscription.callbackUrl),
  criteria: subscription.criteria,
  projections: subscription.family === 'changes' ? subscription.projections : undefined,
  // While a rotation's overlap runs, pushes carry a signature by the replaced secret too.
  previousSecretUntil: subscription.previousSecretUntil?.toISOString() ?? null,
  createdAt: subscription.createdAt.toISOString(),
  updatedAt: subscription.updatedAt.toISOString(),
});

/** A `since` query parameter: an ISO date-time, else the fallback. */
export function sinceOf(raw: unknown, fallback: Date): Date {
  if (raw === undefined) return fallback;
  const at = typeof raw === 'string' ? new Date(raw) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime())) {
    throw localizedError('VALIDATION_FAILED', 400, {
      cn: 'since 须为 ISO 8601 时间',
      en: 'since must be an ISO 8601 date-time',
    });
  }
  return at;
}

/** A `limit` query parameter: 1 to 500, 100 when absent or not a positive whole number. */
export function limitOf(raw: unknown): number {
  const limit = Number(raw ?? 100);
  return Number.isInteger(limit) && limit >= 1 ? Math.min(limit, 500) : 100;
}

/** A `state` query parameter of the deliveries' listing: one of the delivery states, or none. */
export function deliveryStateOf(raw: unknown): DeliveryState | undefined {
  const state = typeof raw === 'string' ? raw : undefined;
  if (state !== undefined && !(deliveryStates as readonly string[]).includes(state)) {
    throw localizedError('VALIDATION_FAILED', 400, {
      cn: `state 须为 ${deliveryStates.join('、')} 之一`,
      en: `state must be one of ${deliveryStates.join(', ')}`,
    });
  }
  return state as DeliveryState | undefined;
}

/** `yyyy-MM-dd HH:mm:ss`, platform time (UTC+8), as the express interfaces write times. */
export function pushTimeOf(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
