import { inTransaction } from '@tradelog/projections';
import { type CallbackAllowlist, checkCallbackUrl } from '@tradelog/projections/push/callbackTarget';
import { matchKeyOf, type PushFamily, type SubscriptionCriteria } from '@tradelog/projections/push/families';
import { resumeSubscription } from '@tradelog/projections/push/redelivery';
import {
  findSameSubscription,
  insertSubscription,
  lockSubscribing,
  newSubscriptionSecret,
} from '@tradelog/projections/push/subscriptions';
import { localizedError } from '@tradelog/schemas';
import type { EnterpriseChangeSource } from '@tradelog/schemas/changes/contract';
import type pg from 'pg';
import type { Caller } from '../reads/auth.ts';
import { queueFirstPush } from '../tracking/firstPush.ts';
import { shownSubscription } from './subscriptionViews.ts';

export interface SubscriptionWriter {
  /** The callback-target guard (projections/src/push/README.md), for a new subscription and a changed URL alike. */
  guardCallbackUrl(callbackUrl: string): void;
  /**
   * A new subscription, and for tracking its first push when data is already there, in one
   * transaction; answered with the secret, shown this once.
   *
   * Decision (README "Subscribing twice"): the same key asking again for a subscription it has
   * (same family, callback URL and criteria; a retry after a timeout, a deployment that
   * subscribes at every start) is answered with that subscription and its secret, resumed if it
   * was paused, and nothing new is queued: two rows would push every change twice to one
   * callback. Criteria that differ in anything make another subscription, as before.
   */
  create(
    caller: Caller,
    family: PushFamily,
    callbackUrl: string,
    criteria: SubscriptionCriteria,
    projections?: readonly EnterpriseChangeSource[],
  ): Promise<{
    /** `existing`: the key had asked for this subscription before (see above). */
    subscription: ReturnType<typeof shownSubscription> & { secret: string; existing?: true };
    firstPushQueued: boolean;
  }>;
}

export function createSubscriptionWriter(deps: {
  pool: pg.Pool;
  callbackAllowlist: CallbackAllowlist;
  now: () => Date;
  newId: () => string;
}): SubscriptionWriter {
  const { pool, now, newId } = deps;
  function guardCallbackUrl(callbackUrl: string): void {
    const verdict = checkCallbackUrl(callbackUrl, deps.callbackAllowlist);
    if (!verdict.ok) {
      throw localizedError(verdict.code, 400, {
        cn: `回调地址不可用：${verdict.reason.cn}`,
        en: `callbackUrl refused: ${verdict.reason.en}`,
      });
    }
  }
  return {
    guardCallbackUrl,
    async create(caller, family, callbackUrl, criteria, projections = []) {
      guardCallbackUrl(callbackUrl);
      const at = now();
      const asked = {
        family,
        keyId: caller.keyId,
        callbackUrl,
        criteria: criteria as unknown as Record<string, unknown>,
        matchKey: matchKeyOf(family, criteria),
      };
      const { subscription, secret, firstPushQueued, existing } = await inTransaction(pool, async (db) => {
        await lockSubscribing(db, asked);
        const same = await findSameSubscription(db, asked);
        if (same) {
          // Paused, it pushes again, and what it held goes out (as `resume` does).
          const resumed =
            same.state === 'paused' ? (await resumeSubscription(db, same.id, at)).resumed : null;
          return {
            subscription: resumed ?? same,
            secret: same.secret,
            firstPushQueued: false,
            existing: true,
          };
        }
        const secret = newSubscriptionSecret();
        const subscription = await insertSubscription(db, {
          ...asked,
          id: newId(),
          ownerKind: caller.kind,
          ownerId: caller.ownerId,
          accountId: caller.accountId,
          projections,
          secret,
          createdAt: at,
        });
        return {
          subscription,
          secret,
          firstPushQueued: await queueFirstPush(db, subscription, { now: at, newId }),
          existing: false,
        };
      });
      // The secret is shown here, to the key that made the subscription; it is never listed.
      return {
        subscription: {
          ...shownSubscription(subscription),
          secret,
          ...(existing ? { existing: true as const } : {}),
        },
        firstPushQueued,
      };
    },
  };
}
