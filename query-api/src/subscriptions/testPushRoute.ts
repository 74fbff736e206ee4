import { findDelivery, listAttempts } from '@tradelog/projections/push/deliveryHistory';
import { insertDelivery } from '@tradelog/projections/push/insertDeliveries';
import type { Subscription } from '@tradelog/projections/push/subscriptions';
import { testPush } from '@tradelog/projections/push/testPush';
import { localizedError } from '@tradelog/schemas';
import type { TestPushAnswer } from '@tradelog/schemas/queries/subscriptions';
import type { Response, Router } from 'express';
import type pg from 'pg';
import { callerOf } from '../reads/auth.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import type { OwnSubscription } from './ownSubscription.ts';
import type { TestPushWaits } from './testPushWaits.ts';

export interface TestPushDeps {
  pool: pg.Pool;
  ownSubscription: OwnSubscription;
  now: () => Date;
  newId: () => string;
  /** How long a test waits for the push service's attempt before it answers 202. */
  testWaitMs?: number;
  testPushWaits?: TestPushWaits;
  /** Test pushes one account may have waiting at once on this instance (default 2). */
  testPushConcurrency?: number;
}

/**
 * A test push now: the family's documented example as a delivery of its own, which the push
 * service signs and POSTs like any other (same claim, signature, guard, time limit, record and
 * retry rules); answered with the attempt and the receiver's reply once made.
 */
export function addTestPushRoute(manage: Router, deps: TestPushDeps): void {
  const testsInFlight = new Map<string, number>();
  const testConcurrency = deps.testPushConcurrency ?? 2;
  manage.post(
    '/subscriptions/:id/test',
    handle(async (req, res) => {
      const subscription = await deps.ownSubscription(req, res);
      if (subscription.state === 'paused') {
        throw localizedError('SUBSCRIPTION_PAUSED', 409, {
          cn: '订阅已暂停，测试推送会被暂存；请先恢复',
          en: 'The subscription is paused, so a test push would be held; resume it first',
        });
      }
      // A waiting test costs no pool connection, but each is a delivery the push service makes:
      // a few at once per account (README "Subscriber tools").
      const account = callerOf(res).accountId;
      const inFlight = testsInFlight.get(account) ?? 0;
      if (inFlight >= testConcurrency) {
        res.set('Retry-After', '1');
        throw localizedError(
          'TEST_PUSH_BUSY',
          429,
          {
            cn: `该账户已有 ${inFlight} 个测试推送在等待结果，请稍后再试`,
            en: `This account already has ${inFlight} test pushes waiting for their result; try again shortly`,
          },
          {},
          { retriable: true },
        );
      }
      testsInFlight.set(account, inFlight + 1);
      try {
        await sendTestPush(deps, res, subscription);
      } finally {
        const left = (testsInFlight.get(account) ?? 1) - 1;
        if (left > 0) testsInFlight.set(account, left);
        else testsInFlight.delete(account);
      }
    }),
  );
}

async function sendTestPush(deps: TestPushDeps, res: Response, subscription: Subscription) {
  const { pool, newId } = deps;
  const push = testPush(subscription.family, newId());
  const deliveryId = newId();
  // `requested`: the delivery worker's poller makes it due at once, as for a redelivery.
  await insertDelivery(pool, {
    id: deliveryId,
    subscriptionId: subscription.id,
    family: subscription.family,
    eventId: push.eventId,
    eventKind: push.eventKind,
    subject: push.subject,
    payload: push.payload,
    state: 'requested',
    createdAt: deps.now(),
  });
  const attempts = await attemptsOf(deps, subscription.id, deliveryId);
  const delivery = await findDelivery(pool, subscription.id, deliveryId);
  sendSuccess(
    res,
    { delivery, attempt: attempts[0] ?? null, payload: push.payload } satisfies TestPushAnswer<Date>,
    attempts.length > 0 ? 200 : 202,
  );
}

/**
 * The attempts of a delivery once its first is recorded, or none when `testWaitMs` passed
 * first: looked for once, then once more when Postgres announces the attempt (no polling).
 */
async function attemptsOf(deps: TestPushDeps, subscriptionId: string, deliveryId: string) {
  const waiting = deps.testPushWaits?.wait(deliveryId, deps.testWaitMs ?? 15_000);
  const attempts = await listAttempts(deps.pool, subscriptionId, deliveryId);
  if (attempts.length > 0 || !waiting) {
    waiting?.cancel();
    return attempts;
  }
  return (await waiting.woken) ? listAttempts(deps.pool, subscriptionId, deliveryId) : attempts;
}
