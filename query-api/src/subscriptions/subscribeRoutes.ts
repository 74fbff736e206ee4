import { inTransaction } from '@tradelog/projections';
import { airSubject, expressSubject } from '@tradelog/projections/push/families';
import { airData } from '@tradelog/projections/tracking/answers';
import { recordTrackingUse } from '@tradelog/projections/tracking/usage';
import { type EnterpriseChangeSource, enterpriseChangeSources } from '@tradelog/schemas/changes/contract';
import { languageOf } from '@tradelog/schemas/kit/runtime/envelope';
import { createQueryValidators } from '@tradelog/schemas/queries/validator';
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type pg from 'pg';
import { answerAs } from '../http/answers.ts';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { validateManagement, validateQuery, validationFailed } from '../reads/requests.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import {
  type CheckValueRules,
  defaultCheckValueRules,
  verifyCustomerName,
} from '../tracking/checkValueAttempts.ts';
import { findTracked, oceanAnswer, terminalAnswer, usageOwnerOf } from '../tracking/trackedReads.ts';
import { pushTimeOf } from './subscriptionViews.ts';
import type { SubscriptionWriter } from './subscriptionWriter.ts';

/**
 * The routes that subscribe (query spec §3, §5, §7): express and express-map, ocean and terminal
 * with a callbackUrl, air, and Tradelog's own changes subscription. Requests are validated by their
 * JSON Schemas (`validateQuery`, `validateManagement`); the subscription itself is written by
 * ./subscriptionWriter.ts.
 */
export interface SubscribeDeps {
  pool: pg.Pool;
  writer: SubscriptionWriter;
  now: () => Date;
  anyKey: RequestHandler;
  lenderKey: RequestHandler;
  subscriptionLimit: RequestHandler;
  providerWindowMs?: number;
  checkValueRules?: CheckValueRules;
}

export function addSubscribeRoutes(router: Router, deps: SubscribeDeps): void {
  const { anyKey, subscriptionLimit } = deps;
  const asExpress = answerAs('express');
  router.post(
    '/logistics/kdn/track/subscription',
    asExpress,
    anyKey,
    subscriptionLimit,
    expressSubscription(deps, 'express', 'expressSubscription'),
  );
  router.post(
    '/open/logistics/kdn/track/subscription/route/map',
    asExpress,
    anyKey,
    subscriptionLimit,
    expressSubscription(deps, 'express-map', 'expressRouteMapSubscription'),
  );
  router.post(
    '/open/freightower/trace/ocean',
    withCallback,
    anyKey,
    subscriptionLimit,
    oceanSubscription(deps),
  );
  router.post(
    '/open/freightower/trace/shipment',
    withCallback,
    anyKey,
    subscriptionLimit,
    terminalSubscription(deps),
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
    airSubscription(deps),
  );
  router.post('/subscriptions/changes', deps.lenderKey, subscriptionLimit, changesSubscription(deps));
}

// Ocean and terminal (§3, §7): with a callbackUrl the request is a subscription; without, it is
// a tracking query, which is not ours: passed on to whichever router serves tracking queries.
function withCallback(req: Request, _res: Response, next: NextFunction) {
  const body = req.body as { callbackUrl?: unknown } | undefined;
  if (body?.callbackUrl === undefined || body.callbackUrl === '') next('route');
  else next();
}

let expressValidators: ReturnType<typeof createQueryValidators> | undefined;

/**
 * An express subscription's request, by `validateQuery`. A body that is not a JSON object (none,
 * or a list) reaches only these two routes (the others pass it on for want of a callbackUrl), and
 * they have always answered it with the schema's own issue ("the document must be an object; …",
 * its `errors` listed) rather than validateQuery's "The request body must be a JSON object": that
 * answer is kept as it was.
 */
function expressRequest(id: 'expressSubscription' | 'expressRouteMapSubscription', body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    expressValidators ??= createQueryValidators();
    throw validationFailed(expressValidators[id](body));
  }
  return validateQuery(id, body);
}

// Express (query spec §3 "Express", §7): the answer is the express shape, success/reason; so
// are its failures (answerAs('express')).
function expressSubscription(
  deps: SubscribeDeps,
  family: 'express' | 'express-map',
  id: 'expressSubscription' | 'expressRouteMapSubscription',
) {
  const { pool, now } = deps;
  return async function expressSubscription(req: Request, res: Response) {
    const body = expressRequest(id, req.body);
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
      rules: deps.checkValueRules ?? defaultCheckValueRules,
      res,
      caller,
      shipperCode: criteria.shipperCode,
      customerName: criteria.customerName,
      item: parcel,
      parcel: expressSubject(criteria),
      now: now().getTime(),
    });
    const created = await deps.writer.create(caller, family, String(body.callbackUrl), criteria);
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
}

function oceanSubscription(deps: SubscribeDeps) {
  return handle(async (req, res) => {
    const body = validateQuery('oceanTracking', req.body);
    const { params } = body;
    const criteria = {
      billNo: String(params.billNo),
      ...Object.fromEntries(
        (['containerNo', 'carrierCode', 'portCode', 'isExport'] as const)
          .filter((name) => params[name] !== undefined)
          .map((name) => [name, String(params[name])]),
      ),
    };
    // Subscribe and query (§3): the port area's rules refuse before anything is stored.
    const result = await oceanAnswer(deps.pool, params, deps.now(), deps.providerWindowMs);
    const created = await deps.writer.create(callerOf(res), 'ocean', String(body.callbackUrl), criteria);
    // The first push follows once data is there, at once if it already is (§4 "Subscription flow").
    sendSuccess(res, { data: { params: body.params, result }, ...created });
  });
}

function terminalSubscription(deps: SubscribeDeps) {
  return handle(async (req, res) => {
    const body = validateQuery('terminalTracking', req.body);
    const { params } = body;
    const criteria = {
      businessNumber: String(params.businessNumber),
      portCode: String(params.portCode),
      ieid: String(params.ieid),
    };
    const result = await terminalAnswer(deps.pool, criteria);
    const created = await deps.writer.create(callerOf(res), 'terminal', String(body.callbackUrl), criteria);
    sendSuccess(res, { data: { params: body.params, result }, ...created });
  });
}

function airSubscription(deps: SubscribeDeps) {
  return async (req: Request, res: Response) => {
    const body = validateQuery('airTracking', req.body);
    const businessNumber = String(body.businessNumber);
    const item = await findTracked(deps.pool, airSubject({ businessNumber }));
    const created = await deps.writer.create(callerOf(res), 'air', String(body.callbackUrl), {
      businessNumber,
    });
    const lang = languageOf(req.get('accept-language'));
    res.status(200).json({
      statusCode: item ? 20000 : 20001,
      message: lang === 'en' ? 'subscribed' : '订阅成功',
      data: item ? [airData(item)] : [],
      ...created,
    });
  };
}

// Tradelog's own: a lender's subscription to an enterprise's changes, from every source the
// change contract lets an enterprise follow unless it names some (the request schema's default).
function changesSubscription(deps: SubscribeDeps) {
  return handle(async (req, res) => {
    const body = validateManagement('changesSubscription', req.body);
    const enterprise = String(body.enterprise).trim();
    const caller = callerOf(res);
    assertEnterprise(caller, enterprise);
    const chosen = [
      ...new Set((body.projections as EnterpriseChangeSource[] | undefined) ?? enterpriseChangeSources),
    ];
    // Kinds pushed only on request (collateral.released, coverage.low) go to subscriptions naming them.
    const kinds = body.kinds === undefined ? undefined : [...new Set(body.kinds as string[])];
    const created = await deps.writer.create(
      caller,
      'changes',
      String(body.callbackUrl),
      { enterprise, projections: chosen, ...(kinds ? { kinds } : {}) },
      chosen,
    );
    sendSuccess(res, created);
  });
}
