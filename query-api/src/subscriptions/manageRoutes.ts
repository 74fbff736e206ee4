import { inTransaction } from '@tradelog/projections';
import { cancelOpenDeliveries, resumeSubscription } from '@tradelog/projections/push/redelivery';
import { subscriptionStats } from '@tradelog/projections/push/subscriptionStats';
import {
  listSubscriptions,
  newSubscriptionSecret,
  rotateSubscriptionSecret,
  type Subscription,
  setSubscriptionCallback,
  setSubscriptionState,
} from '@tradelog/projections/push/subscriptions';
import { defaultOverlapMinutes } from '@tradelog/schemas/queries/management';
import type { ShownSubscriptionStats } from '@tradelog/schemas/queries/subscriptions';
import type { Router } from 'express';
import type pg from 'pg';
import { instantParameter, listLimit, wholeParameter } from '../http/queryParameters.ts';
import { callerOf } from '../reads/auth.ts';
import { validateManagement } from '../reads/requests.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import { subscriptionTimeline } from '../tracking/rules.ts';
import { findTracked, trackedItemView } from '../tracking/trackedReads.ts';
import type { OwnSubscription } from './ownSubscription.ts';
import { shownSubscription } from './subscriptionViews.ts';
import type { SubscriptionWriter } from './subscriptionWriter.ts';

export interface ManageDeps {
  pool: pg.Pool;
  writer: SubscriptionWriter;
  ownSubscription: OwnSubscription;
  now: () => Date;
}

/**
 * Management of the caller's own subscriptions (operators: everyone's; query-api README
 * "Subscriber tools"): list, read, pause, resume, change, rotate the secret, push health, delete,
 * and the tracked item a tracking subscription follows.
 */
export function addManageRoutes(manage: Router, deps: ManageDeps): void {
  const { pool, now, ownSubscription } = deps;
  manage.get(
    '/subscriptions',
    handle(async (req, res) => {
      const caller = callerOf(res);
      const rows = await listSubscriptions(
        pool,
        caller.kind === 'operator' ? null : caller.accountId,
        wholeParameter(req.query, 'limit', listLimit),
      );
      sendSuccess(res, { dataList: rows.map(shownSubscription) });
    }),
  );
  manage.get(
    '/subscriptions/:id',
    handle(async (req, res) => {
      sendSuccess(res, { subscription: shownSubscription(await ownSubscription(req, res)) });
    }),
  );
  const pause = async (subscription: Subscription) =>
    (await setSubscriptionState(pool, subscription.id, 'paused', now())) ?? subscription;
  const resume = (subscription: Subscription) =>
    inTransaction(pool, async (db) => {
      const { resumed, released } = await resumeSubscription(db, subscription.id, now());
      return { resumed: resumed ?? subscription, released };
    });

  manage.post(
    '/subscriptions/:id/pause',
    handle(async (req, res) => {
      sendSuccess(res, { subscription: shownSubscription(await pause(await ownSubscription(req, res))) });
    }),
  );
  manage.post(
    '/subscriptions/:id/resume',
    handle(async (req, res) => {
      const { resumed, released } = await resume(await ownSubscription(req, res));
      sendSuccess(res, { subscription: shownSubscription(resumed), released });
    }),
  );
  // Subscriber tools (README "Subscriber tools"): change the callback (through the same guard as
  // at creation), pause or resume, in one call.
  manage.patch(
    '/subscriptions/:id',
    handle(async (req, res) => {
      let subscription = await ownSubscription(req, res);
      const body = validateManagement('subscriptionUpdate', req.body) as {
        callbackUrl?: string;
        state?: 'active' | 'paused';
      };
      if (body.callbackUrl !== undefined) {
        deps.writer.guardCallbackUrl(body.callbackUrl);
        subscription =
          (await setSubscriptionCallback(pool, subscription.id, body.callbackUrl, now())) ?? subscription;
      }
      let released: number | undefined;
      if (body.state === 'paused' && subscription.state !== 'paused')
        subscription = await pause(subscription);
      if (body.state === 'active' && subscription.state !== 'active') {
        ({ resumed: subscription, released } = await resume(subscription));
      }
      sendSuccess(res, {
        subscription: shownSubscription(subscription),
        ...(released !== undefined ? { released } : {}),
      });
    }),
  );
  addSecretAndHealthRoutes(manage, deps);
}

/** Rotation, push health, deletion, and the tracked item of a tracking subscription. */
function addSecretAndHealthRoutes(manage: Router, deps: ManageDeps): void {
  const { pool, now, ownSubscription } = deps;
  // Rotation: the new secret, shown this once, signs at once; the replaced one signs beside it
  // for `overlapMinutes` (Standard Webhooks: several signatures in webhook-signature).
  manage.post(
    '/subscriptions/:id/rotate-secret',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const body = validateManagement('secretRotation', req.body) as { overlapMinutes?: number };
      const at = now();
      const overlapUntil = new Date(at.getTime() + (body.overlapMinutes ?? defaultOverlapMinutes) * 60_000);
      const secret = newSubscriptionSecret();
      const rotated = await rotateSubscriptionSecret(pool, subscription.id, secret, overlapUntil, at);
      sendSuccess(res, {
        subscription: { ...shownSubscription(rotated ?? subscription), secret },
        previousSecretUntil: overlapUntil.toISOString(),
      });
    }),
  );
  // Success rate and latency from push_attempts (default window: the last 24 hours).
  manage.get(
    '/subscriptions/:id/stats',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const since = instantParameter(req.query, 'since', new Date(now().getTime() - 24 * 3_600_000));
      const stats = await subscriptionStats(pool, subscription.id, since);
      sendSuccess(res, {
        stats: { ...stats, since: stats.since.toISOString() } satisfies ShownSubscriptionStats,
      });
    }),
  );
  manage.delete(
    '/subscriptions/:id',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const cancelled = await inTransaction(pool, async (db) => {
        await setSubscriptionState(db, subscription.id, 'deleted', now());
        return cancelOpenDeliveries(db, subscription.id, now());
      });
      sendSuccess(res, { id: subscription.id, state: 'deleted', cancelledDeliveries: cancelled });
    }),
  );
  // The tracked item a tracking subscription follows, with its full history and provenance (the
  // console's timeline); `item: null` while nothing is known about it, or while an express
  // subscription's customerName does not verify against the parcel (`withheld` says why).
  manage.get(
    '/subscriptions/:id/tracking',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const { item, withheld } = subscriptionTimeline(
        subscription,
        subscription.family === 'changes' ? null : await findTracked(pool, subscription.matchKey),
      );
      sendSuccess(res, {
        ...(withheld ? { withheld: withheld.code } : {}),
        item: item && trackedItemView(item),
      });
    }),
  );
}
