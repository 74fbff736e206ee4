import { randomUUID } from 'node:crypto';
import type { CallbackAllowlist } from '@tradelog/projections/push/callbackTarget';
import { localizedError } from '@tradelog/schemas';
import { Router } from 'express';
import type pg from 'pg';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { requireKey } from '../reads/auth.ts';
import type { CheckValueRules } from '../tracking/checkValueAttempts.ts';
import { addDeliveryRoutes } from './deliveryRoutes.ts';
import { addManageRoutes } from './manageRoutes.ts';
import { ownSubscriptionOf } from './ownSubscription.ts';
import { addSubscribeRoutes } from './subscribeRoutes.ts';
import { createSubscriptionWriter } from './subscriptionWriter.ts';
import { addTestPushRoute } from './testPushRoute.ts';
import type { TestPushWaits } from './testPushWaits.ts';

/**
 * Subscription management (query spec §3, §5, §7). The spec's subscription interfaces
 * register tracking subscriptions; lenders subscribe to the changes (schemas/src/changes/contract.ts)
 * of enterprises their key may read; every subscriber lists, pauses, resumes and deletes its own
 * subscriptions, lists deliveries and attempts, and asks for redelivery. Operators see all.
 * The push processor (processors/src/push) does the delivering, by the rules of push's room
 * (projections/src/push/README.md). Paths: query-api/README.md. The routes are in the modules
 * beside this one: ./subscribeRoutes.ts, ./manageRoutes.ts, ./testPushRoute.ts, ./deliveryRoutes.ts.
 */
export interface SubscriptionRoutesOptions {
  pool: pg.Pool;
  /** Host names and CIDRs exempt from the callback-target guard (development and tests only). */
  callbackAllowlist: CallbackAllowlist;
  /** The call limits (query spec §9: subscription 30/s; others the default per-key limit). */
  callLimit?: CallLimit;
  now?: () => Date;
  newId?: () => string;
  /**
   * How long `POST /subscriptions/:id/test` waits for the push service to make the attempt
   * before it answers 202 with the delivery to follow (the attempt's own limit is 10 s).
   */
  testWaitMs?: number;
  /**
   * The test pushes' attempts as Postgres announces them (./testPushWaits.ts); absent, a test
   * answers at once with what is there (202 until the attempt is made).
   */
  testPushWaits?: TestPushWaits;
  /** Test pushes one account may have waiting at once on this instance (default 2). */
  testPushConcurrency?: number;
  /** TRACKING_PROVIDER_WINDOW_MINUTES: an unknown ocean bill is START until then, NODATA after. */
  providerWindowMs?: number;
  /** Wrong customerName values per key, parcel and account (README "Check-value attempts"). */
  checkValueRules?: CheckValueRules;
}

export function createSubscriptionRoutes(options: SubscriptionRoutesOptions): Router {
  const { pool } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const callLimit = options.callLimit ?? noCallLimit;
  const router = Router();
  // Bodies are parsed and bounded once, by the app (http/body.ts).
  const anyKey = requireKey(pool, ['partner', 'lender', 'subscriber', 'operator']);
  const writer = createSubscriptionWriter({ pool, callbackAllowlist: options.callbackAllowlist, now, newId });
  addSubscribeRoutes(router, {
    pool,
    writer,
    now,
    anyKey,
    lenderKey: requireKey(pool, ['lender', 'operator']),
    subscriptionLimit: callLimit('subscription'),
    ...(options.providerWindowMs !== undefined ? { providerWindowMs: options.providerWindowMs } : {}),
    ...(options.checkValueRules !== undefined ? { checkValueRules: options.checkValueRules } : {}),
  });

  // Management: the caller's own subscriptions (operators: everyone's).
  const manage = Router();
  manage.use('/subscriptions', anyKey, callLimit('default-key'));
  const ownSubscription = ownSubscriptionOf(pool);
  addManageRoutes(manage, { pool, writer, ownSubscription, now });
  addTestPushRoute(manage, {
    pool,
    ownSubscription,
    now,
    newId,
    ...(options.testWaitMs !== undefined ? { testWaitMs: options.testWaitMs } : {}),
    ...(options.testPushWaits !== undefined ? { testPushWaits: options.testPushWaits } : {}),
    ...(options.testPushConcurrency !== undefined
      ? { testPushConcurrency: options.testPushConcurrency }
      : {}),
  });
  addDeliveryRoutes(manage, { pool, ownSubscription, now });
  router.use(manage);
  router.use('/subscriptions', () => {
    throw localizedError('NOT_FOUND', 404, { cn: '接口不存在', en: 'No such interface' });
  });
  return router;
}
