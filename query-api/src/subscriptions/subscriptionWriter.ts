import { inTransaction } from '@tradelog/projections';
import { type CallbackAllowlist, checkCallbackUrl } from '@tradelog/projections/push/callbackTarget';
import { matchKeyOf, type PushFamily, type SubscriptionCriteria } from '@tradelog/projections/push/families';
import { insertSubscription, newSubscriptionSecret } from '@tradelog/projections/push/subscriptions';
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
   */
  create(
    caller: Caller,
    family: PushFamily,
    callbackUrl: string,
    criteria: SubscriptionCriteria,
    projections?: readonly EnterpriseChangeSource[],
  ): Promise<{
    subscription: ReturnType<typeof shownSubscription> & { secret: string };
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
      const secret = newSubscriptionSecret();
      const at = now();
      const { subscription, firstPushQueued } = await inTransaction(pool, async (db) => {
        const subscription = await insertSubscription(db, {
          id: newId(),
          family,
          ownerKind: caller.kind,
          ownerId: caller.ownerId,
          accountId: caller.accountId,
          keyId: caller.keyId,
          callbackUrl,
          criteria: criteria as unknown as Record<string, unknown>,
          matchKey: matchKeyOf(family, criteria),
          projections,
          secret,
          createdAt: at,
        });
        return { subscription, firstPushQueued: await queueFirstPush(db, subscription, { now: at, newId }) };
      });
      // The secret is shown here, once; it is never listed again.
      return { subscription: { ...shownSubscription(subscription), secret }, firstPushQueued };
    },
  };
}
