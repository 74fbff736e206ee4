import { randomUUID } from 'node:crypto';
import { inTransaction } from '@tradelog/projections';
import {
  type CallbackAllowlist,
  checkCallbackUrl,
  redactCallbackUrl,
} from '@tradelog/projections/push/callbackTarget';
import { type DeliveryState, deliveryStates } from '@tradelog/projections/push/deliveries';
import { findDelivery, listAttempts, listDeliveries } from '@tradelog/projections/push/deliveryHistory';
import {
  airSubject,
  expressSubject,
  matchKeyOf,
  type PushFamily,
  type SubscriptionCriteria,
} from '@tradelog/projections/push/families';
import { insertDelivery } from '@tradelog/projections/push/insertDeliveries';
import {
  cancelOpenDeliveries,
  releaseHeldDeliveries,
  requestRedelivery,
} from '@tradelog/projections/push/redelivery';
import { subscriptionStats } from '@tradelog/projections/push/subscriptionStats';
import {
  findSubscription,
  insertSubscription,
  listSubscriptions,
  newSubscriptionSecret,
  rotateSubscriptionSecret,
  type Subscription,
  setSubscriptionCallback,
  setSubscriptionState,
} from '@tradelog/projections/push/subscriptions';
import { testPush } from '@tradelog/projections/push/testPush';
import { airData } from '@tradelog/projections/tracking/answers';
import { recordTrackingUse } from '@tradelog/projections/tracking/usage';
import { localizedError } from '@tradelog/schemas';
import { type EnterpriseChangeSource, enterpriseChangeSources } from '@tradelog/schemas/changes/contract';
import type { QueryTypeId } from '@tradelog/schemas/queries/catalogue';
import {
  createManagementValidators,
  defaultOverlapMinutes,
  type ManagementRequestId,
} from '@tradelog/schemas/queries/management';
import {
  createQueryValidators,
  type ValidationIssue,
  withDefaults,
} from '@tradelog/schemas/queries/validator';
import { languageOf } from '@tradelog/schemas/runtime/envelope';
import { type NextFunction, type Request, type Response, Router } from 'express';
import type pg from 'pg';
import { answerAs } from '../http/answers.ts';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { assertEnterprise, type Caller, callerOf, requireKey } from '../reads/auth.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import {
  type CheckValueRules,
  defaultCheckValueRules,
  verifyCustomerName,
} from '../tracking/checkValueAttempts.ts';
import { queueFirstPush } from '../tracking/firstPush.ts';
import {
  findTracked,
  type OceanParams,
  oceanAnswer,
  terminalAnswer,
  trackedItemView,
  usageOwnerOf,
} from '../tracking/router.ts';
import { subscriptionTimeline } from '../tracking/rules.ts';
import type { TestPushWaits } from './testPushWaits.ts';

/**
 * Subscription management (issue 5; query spec §3, §5, §7). The spec's subscription interfaces
 * register tracking subscriptions; lenders subscribe to the changes (schemas/src/changes/contract.ts)
 * of enterprises their key may read; every subscriber lists, pauses, resumes and deletes its own
 * subscriptions, lists deliveries and attempts, and asks for redelivery. Operators see all.
 * The push processor (processors/src/push) does the delivering. Paths: query-api/README.md.
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

const validationFailed = (issues: readonly ValidationIssue[]) =>
  localizedError(
    'VALIDATION_FAILED',
    400,
    {
      cn: issues.map((issue) => issue.message.cn).join('；'),
      en: issues.map((issue) => issue.message.en).join('; '),
    },
    { errors: issues },
  );

const notFound = () =>
  localizedError('SUBSCRIPTION_NOT_FOUND', 404, { cn: '订阅不存在', en: 'No such subscription' });

/** What a subscriber sees of a subscription: never the secret; the callback with its token hidden. */
const shown = (subscription: Subscription) => ({
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
function sinceOf(raw: unknown, fallback: Date): Date {
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

function limitOf(req: Request): number {
  const raw = Number(req.query.limit ?? 100);
  return Number.isInteger(raw) && raw >= 1 ? Math.min(raw, 500) : 100;
}

export function createSubscriptionRoutes(options: SubscriptionRoutesOptions): Router {
  const { pool } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const validators = createQueryValidators();
  const management = createManagementValidators();
  const callLimit = options.callLimit ?? noCallLimit;
  const router = Router();
  // Bodies are parsed and bounded once, by the app (http/body.ts).
  const anyKey = requireKey(pool, ['partner', 'lender', 'subscriber', 'operator']);
  const lenderKey = requireKey(pool, ['lender', 'operator']);
  const subscriptionLimit = callLimit('subscription');
  const defaultLimit = callLimit('default-key');

  function validated(id: QueryTypeId, body: unknown): Record<string, unknown> {
    const issues = validators[id](body);
    if (issues.length > 0) throw validationFailed(issues);
    return withDefaults(id, body as Record<string, unknown>);
  }

  function validManagement(id: ManagementRequestId, body: unknown): Record<string, unknown> {
    const issues = management[id](body ?? {});
    if (issues.length > 0) throw validationFailed(issues);
    return body as Record<string, unknown>;
  }

  /** The callback-target guard (projections/src/push/README.md), for a new subscription and a changed URL alike. */
  function guardCallbackUrl(callbackUrl: string): void {
    const verdict = checkCallbackUrl(callbackUrl, options.callbackAllowlist);
    if (!verdict.ok) {
      throw localizedError(verdict.code, 400, {
        cn: `回调地址不可用：${verdict.reason}`,
        en: `callbackUrl refused: ${verdict.reason}`,
      });
    }
  }

  async function create(
    caller: Caller,
    family: PushFamily,
    callbackUrl: string,
    criteria: SubscriptionCriteria,
    projections: readonly EnterpriseChangeSource[] = [],
  ) {
    guardCallbackUrl(callbackUrl);
    const secret = newSubscriptionSecret();
    const at = now();
    // One transaction: the subscription and, for tracking, its first push when data is already there.
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
    return { subscription: { ...shown(subscription), secret }, firstPushQueued };
  }

  // Express (query spec §3 "Express", §7): the answer is the express shape, success/reason; so
  // are its failures (answerAs('express')).
  const express_ = (family: 'express' | 'express-map', id: QueryTypeId) =>
    async function expressSubscription(req: Request, res: Response) {
      const body = validated(id, req.body);
      const criteria = {
        shipperCode: String(body.shipperCode),
        logisticCode: String(body.logisticCode),
        ...(body.customerName !== undefined ? { customerName: String(body.customerName) } : {}),
        ...(body.sort !== undefined ? { sort: String(body.sort) } : {}),
        ...(body.orderCode !== undefined ? { orderCode: String(body.orderCode) } : {}),
      };
      // The carrier's customerName rule (§3) holds for subscriptions as for instant queries: the
      // value's form always, its match once the parcel is known (README "Tracking queries").
      // Wrong values are counted per key, parcel and account (README "Check-value attempts").
      const parcel = await findTracked(pool, expressSubject(criteria));
      const caller = callerOf(res);
      await verifyCustomerName({
        pool,
        rules: options.checkValueRules ?? defaultCheckValueRules,
        res,
        caller,
        shipperCode: criteria.shipperCode,
        customerName: criteria.customerName,
        item: parcel,
        parcel: expressSubject(criteria),
        now: now().getTime(),
      });
      const created = await create(caller, family, String(body.callbackUrl), criteria);
      // Billed as the spec bills (§9): one order per carrier code plus number over 40 days.
      await inTransaction(pool, (db) =>
        recordTrackingUse(db, usageOwnerOf(caller), {
          family: 'express',
          itemKey: expressSubject(criteria),
          at: now(),
        }),
      );
      res.status(200).json({
        success: true,
        shipperCode: criteria.shipperCode,
        logisticCode: criteria.logisticCode,
        updateTime: pushTimeOf(now()),
        // The map version's link when the parcel is known; else the pushes carry it once it is.
        routeMapUrl:
          family === 'express-map' && typeof parcel?.facts.routeMapUrl === 'string'
            ? parcel.facts.routeMapUrl
            : '',
        ...created,
      });
    };

  const asExpress = answerAs('express');
  router.post(
    '/logistics/kdn/track/subscription',
    asExpress,
    anyKey,
    subscriptionLimit,
    express_('express', 'expressSubscription'),
  );
  router.post(
    '/open/logistics/kdn/track/subscription/route/map',
    asExpress,
    anyKey,
    subscriptionLimit,
    express_('express-map', 'expressRouteMapSubscription'),
  );

  // Ocean and terminal (§3, §7): with a callbackUrl the request is a subscription; without, it is
  // a tracking query, which is not ours: passed on to whichever router serves tracking queries.
  const withCallback = (req: Request, _res: Response, next: NextFunction) => {
    const body = req.body as { callbackUrl?: unknown } | undefined;
    if (body?.callbackUrl === undefined || body.callbackUrl === '') next('route');
    else next();
  };
  router.post(
    '/open/freightower/trace/ocean',
    withCallback,
    anyKey,
    subscriptionLimit,
    handle(async (req, res) => {
      const body = validated('oceanTracking', req.body);
      const params = body.params as Record<string, string | undefined>;
      const criteria = {
        billNo: String(params.billNo),
        ...Object.fromEntries(
          (['containerNo', 'carrierCode', 'portCode', 'isExport'] as const)
            .filter((name) => params[name] !== undefined)
            .map((name) => [name, String(params[name])]),
        ),
      };
      // Subscribe and query (§3): the port area's rules refuse before anything is stored.
      const result = await oceanAnswer(
        options.pool,
        params as unknown as OceanParams,
        now(),
        options.providerWindowMs,
      );
      const created = await create(callerOf(res), 'ocean', String(body.callbackUrl), criteria);
      // The first push follows once data is there, at once if it already is (§4 "Subscription flow").
      sendSuccess(res, { data: { params: body.params, result }, ...created });
    }),
  );
  router.post(
    '/open/freightower/trace/shipment',
    withCallback,
    anyKey,
    subscriptionLimit,
    handle(async (req, res) => {
      const body = validated('terminalTracking', req.body);
      const params = body.params as Record<string, string>;
      const criteria = {
        businessNumber: String(params.businessNumber),
        portCode: String(params.portCode),
        ieid: String(params.ieid),
      };
      const result = await terminalAnswer(options.pool, criteria);
      const created = await create(callerOf(res), 'terminal', String(body.callbackUrl), criteria);
      sendSuccess(res, { data: { params: body.params, result }, ...created });
    }),
  );

  // Air (§3 "Air tracking"; path ours, beside ocean and terminal): with a callbackUrl it is a
  // subscription, answered in the air convention (statusCode 20000 or 20001 with the waybill's
  // current data; failures by the error middleware, answerAs('statusCode')).
  router.post(
    '/open/freightower/trace/air',
    answerAs('statusCode'),
    withCallback,
    anyKey,
    subscriptionLimit,
    async (req: Request, res: Response) => {
      const body = validated('airTracking', req.body);
      const businessNumber = String(body.businessNumber);
      const item = await findTracked(pool, airSubject({ businessNumber }));
      const created = await create(callerOf(res), 'air', String(body.callbackUrl), { businessNumber });
      const lang = languageOf(req.get('accept-language'));
      res.status(200).json({
        statusCode: item ? 20000 : 20001,
        message: lang === 'en' ? 'subscribed' : '订阅成功',
        data: item ? [airData(item)] : [],
        ...created,
      });
    },
  );

  // Tradelog's own: a lender's subscription to an enterprise's changes, from every source the
  // change contract lets an enterprise follow unless it names some (the request schema's default).
  router.post(
    '/subscriptions/changes',
    lenderKey,
    subscriptionLimit,
    handle(async (req, res) => {
      const body = validManagement('changesSubscription', req.body);
      const enterprise = String(body.enterprise).trim();
      const caller = callerOf(res);
      assertEnterprise(caller, enterprise);
      const chosen = [
        ...new Set((body.projections as EnterpriseChangeSource[] | undefined) ?? enterpriseChangeSources),
      ];
      // Kinds pushed only on request (collateral.released, coverage.low) go to subscriptions naming them.
      const kinds = body.kinds === undefined ? undefined : [...new Set(body.kinds as string[])];
      const created = await create(
        caller,
        'changes',
        String(body.callbackUrl),
        { enterprise, projections: chosen, ...(kinds ? { kinds } : {}) },
        chosen,
      );
      sendSuccess(res, created);
    }),
  );

  // Management: the caller's own subscriptions (operators: everyone's).
  const manage = Router();
  manage.use('/subscriptions', anyKey, defaultLimit);

  async function ownSubscription(req: Request, res: Response): Promise<Subscription> {
    const id = String(req.params.id);
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
    const subscription = await findSubscription(pool, id);
    const caller = callerOf(res);
    // Ownership is the account's (README "Accounts"), never a name: operators see all.
    const mine =
      subscription !== null && (caller.kind === 'operator' || subscription.accountId === caller.accountId);
    if (!mine || subscription.state === 'deleted') throw notFound();
    return subscription;
  }

  manage.get(
    '/subscriptions',
    handle(async (req, res) => {
      const caller = callerOf(res);
      const rows = await listSubscriptions(
        pool,
        caller.kind === 'operator' ? null : caller.accountId,
        limitOf(req),
      );
      sendSuccess(res, { dataList: rows.map(shown) });
    }),
  );
  manage.get(
    '/subscriptions/:id',
    handle(async (req, res) => {
      sendSuccess(res, { subscription: shown(await ownSubscription(req, res)) });
    }),
  );
  const pause = async (subscription: Subscription) =>
    (await setSubscriptionState(pool, subscription.id, 'paused', now())) ?? subscription;
  const resume = (subscription: Subscription) =>
    inTransaction(pool, async (db) => ({
      resumed: (await setSubscriptionState(db, subscription.id, 'active', now())) ?? subscription,
      // Pushes held while paused go out now, oldest first.
      released: await releaseHeldDeliveries(db, subscription.id, now()),
    }));

  manage.post(
    '/subscriptions/:id/pause',
    handle(async (req, res) => {
      sendSuccess(res, { subscription: shown(await pause(await ownSubscription(req, res))) });
    }),
  );
  manage.post(
    '/subscriptions/:id/resume',
    handle(async (req, res) => {
      const { resumed, released } = await resume(await ownSubscription(req, res));
      sendSuccess(res, { subscription: shown(resumed), released });
    }),
  );
  // Subscriber tools (README "Subscriber tools"): change the callback (through the same guard as
  // at creation), pause or resume, in one call.
  manage.patch(
    '/subscriptions/:id',
    handle(async (req, res) => {
      let subscription = await ownSubscription(req, res);
      const body = validManagement('subscriptionUpdate', req.body) as {
        callbackUrl?: string;
        state?: 'active' | 'paused';
      };
      if (body.callbackUrl !== undefined) {
        guardCallbackUrl(body.callbackUrl);
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
        subscription: shown(subscription),
        ...(released !== undefined ? { released } : {}),
      });
    }),
  );
  // A test push now: the family's documented example as a delivery of its own, which the push
  // service signs and POSTs like any other (same claim, signature, guard, time limit, record and
  // retry rules); answered with the attempt and the receiver's reply once made.
  manage.post(
    '/subscriptions/:id/test',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
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
        await sendTestPush(res, subscription);
      } finally {
        const left = (testsInFlight.get(account) ?? 1) - 1;
        if (left > 0) testsInFlight.set(account, left);
        else testsInFlight.delete(account);
      }
    }),
  );
  const testsInFlight = new Map<string, number>();
  const testConcurrency = options.testPushConcurrency ?? 2;
  async function sendTestPush(res: Response, subscription: Subscription) {
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
      createdAt: now(),
    });
    const attempts = await attemptsOf(subscription.id, deliveryId);
    const delivery = await findDelivery(pool, subscription.id, deliveryId);
    sendSuccess(
      res,
      { delivery, attempt: attempts[0] ?? null, payload: push.payload },
      attempts.length > 0 ? 200 : 202,
    );
  }
  /**
   * The attempts of a delivery once its first is recorded, or none when `testWaitMs` passed
   * first: looked for once, then once more when Postgres announces the attempt (no polling).
   */
  async function attemptsOf(subscriptionId: string, deliveryId: string) {
    const waits = options.testPushWaits;
    const waiting = waits?.wait(deliveryId, options.testWaitMs ?? 15_000);
    const attempts = await listAttempts(pool, subscriptionId, deliveryId);
    if (attempts.length > 0 || !waiting) {
      waiting?.cancel();
      return attempts;
    }
    return (await waiting.woken) ? listAttempts(pool, subscriptionId, deliveryId) : attempts;
  }
  // Rotation: the new secret, shown this once, signs at once; the replaced one signs beside it
  // for `overlapMinutes` (Standard Webhooks: several signatures in webhook-signature).
  manage.post(
    '/subscriptions/:id/rotate-secret',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const body = validManagement('secretRotation', req.body) as { overlapMinutes?: number };
      const at = now();
      const overlapUntil = new Date(at.getTime() + (body.overlapMinutes ?? defaultOverlapMinutes) * 60_000);
      const secret = newSubscriptionSecret();
      const rotated = await rotateSubscriptionSecret(pool, subscription.id, secret, overlapUntil, at);
      sendSuccess(res, {
        subscription: { ...shown(rotated ?? subscription), secret },
        previousSecretUntil: overlapUntil.toISOString(),
      });
    }),
  );
  // Success rate and latency from push_attempts (default window: the last 24 hours).
  manage.get(
    '/subscriptions/:id/stats',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const since = sinceOf(req.query.since, new Date(now().getTime() - 24 * 3_600_000));
      const stats = await subscriptionStats(pool, subscription.id, since);
      sendSuccess(res, { stats: { ...stats, since: stats.since.toISOString() } });
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
  manage.get(
    '/subscriptions/:id/deliveries',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const state = typeof req.query.state === 'string' ? req.query.state : undefined;
      if (state !== undefined && !(deliveryStates as readonly string[]).includes(state)) {
        throw localizedError('VALIDATION_FAILED', 400, {
          cn: `state 须为 ${deliveryStates.join('、')} 之一`,
          en: `state must be one of ${deliveryStates.join(', ')}`,
        });
      }
      const rows = await listDeliveries(pool, subscription.id, {
        ...(state ? { state: state as DeliveryState } : {}),
        limit: limitOf(req),
      });
      sendSuccess(res, { dataList: rows });
    }),
  );
  manage.get(
    '/subscriptions/:id/deliveries/:deliveryId/attempts',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const deliveryId = String(req.params.deliveryId);
      if (!/^[0-9a-f-]{36}$/i.test(deliveryId)) throw notFound();
      sendSuccess(res, { dataList: await listAttempts(pool, subscription.id, deliveryId) });
    }),
  );
  manage.post(
    '/subscriptions/:id/redeliver',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const body = validManagement('redelivery', req.body) as {
        deliveryIds?: string[];
        states?: DeliveryState[];
        since?: string;
      };
      const ids = body.deliveryIds;
      // "Recover what failed since T": with `since` alone, the dead ones.
      const states = body.states ?? (body.since !== undefined && !ids ? ['dead' as const] : undefined);
      // At most a page (1,000, oldest first) per call; `more` says to call again for the next.
      const { ids: redelivered, more } = await requestRedelivery(
        pool,
        subscription.id,
        {
          ...(ids ? { ids } : {}),
          ...(states ? { states } : {}),
          ...(body.since !== undefined ? { since: new Date(body.since) } : {}),
        },
        now(),
      );
      sendSuccess(res, { redelivered, more });
    }),
  );
  router.use(manage);
  router.use('/subscriptions', () => {
    throw localizedError('NOT_FOUND', 404, { cn: '接口不存在', en: 'No such interface' });
  });
  return router;
}

/** `yyyy-MM-dd HH:mm:ss`, platform time (UTC+8), as the express interfaces write times. */
function pushTimeOf(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
