import { findSubscription, type Subscription } from '@tradelog/projections/push/subscriptions';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { callerOf } from '../reads/auth.ts';
import { isUuidShaped, subscriptionNotFound } from './subscriptionViews.ts';

/**
 * The subscription a management call names (`:id`), if it is the caller's: 404
 * `SUBSCRIPTION_NOT_FOUND` for any other, a deleted one included, so that a subscriber cannot
 * tell another account's subscription from none.
 */
export type OwnSubscription = (req: Request, res: Response) => Promise<Subscription>;

export function ownSubscriptionOf(pool: pg.Pool): OwnSubscription {
  return async (req, res) => {
    const id = String(req.params.id);
    if (!isUuidShaped(id)) throw subscriptionNotFound();
    const subscription = await findSubscription(pool, id);
    const caller = callerOf(res);
    // Ownership is the account's (README "Accounts"), never a name: operators see all.
    const mine =
      subscription !== null && (caller.kind === 'operator' || subscription.accountId === caller.accountId);
    if (!mine || subscription.state === 'deleted') throw subscriptionNotFound();
    return subscription;
  };
}
