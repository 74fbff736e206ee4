import { randomUUID } from 'node:crypto';
import { createApiKey } from '@tradelog/projections/access/store';
import { matchKeyOf } from '@tradelog/projections/push/families';
import { insertSubscription, newSubscriptionSecret } from '@tradelog/projections/push/subscriptions';
import type pg from 'pg';

/**
 * A lender's key granted `enterprise`, and its subscription to the enterprise's order-status
 * changes at `callbackUrl`, written as query-api's `POST /subscriptions/changes` writes them:
 * what the push tests that drive the push service directly subscribe with.
 */
export async function subscribeLenderToChanges(
  db: pg.Pool,
  options: { enterprise: string; lender: string; callbackUrl: string },
): Promise<{ keyId: string; subscriptionId: string }> {
  const keyId = randomUUID();
  await createApiKey(db, {
    id: keyId,
    kind: 'lender',
    ownerId: options.lender,
    ownerName: options.lender,
    enterprises: [options.enterprise],
    keyPrefix: 'tlk_push',
    keyHash: randomUUID(),
    createdAt: new Date(),
  });
  const criteria = { enterprise: options.enterprise, projections: ['order-status'] };
  const subscriptionId = randomUUID();
  await insertSubscription(db, {
    id: subscriptionId,
    family: 'changes',
    ownerKind: 'lender',
    ownerId: options.lender,
    keyId,
    callbackUrl: options.callbackUrl,
    criteria,
    matchKey: matchKeyOf('changes', criteria as never),
    projections: ['order-status'],
    secret: newSubscriptionSecret(),
    createdAt: new Date(),
  });
  return { keyId, subscriptionId };
}
