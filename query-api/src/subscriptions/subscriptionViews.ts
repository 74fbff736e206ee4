import { redactCallbackUrl } from '@tradelog/projections/push/callbackTarget';
import type { Subscription } from '@tradelog/projections/push/subscriptions';
import { localizedError } from '@tradelog/schemas';
import type { ShownSubscription } from '@tradelog/schemas/queries/subscriptions';

/**
 * The subscription routes' pure steps: what a subscriber is shown (their query parameters read
 * as every listing's do: http/queryParameters.ts).
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

/** `yyyy-MM-dd HH:mm:ss`, platform time (UTC+8), as the express interfaces write times. */
export function pushTimeOf(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
