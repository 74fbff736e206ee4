import { inTransaction } from '@tradelog/projections';
import {
  airSubject,
  expressSubject,
  oceanSubject,
  terminalSubject,
} from '@tradelog/projections/push/families';
import { findReferenceRows } from '@tradelog/projections/reference/tables';
import {
  airData,
  expressAnswer,
  oceanUnknownResult,
  terminalResult,
} from '@tradelog/projections/tracking/answers';
import {
  defaultProviderWindowMs,
  recordFirstAsk,
  unknownOceanStatus,
} from '@tradelog/projections/tracking/firstAsks';
import type { TrackedItem } from '@tradelog/projections/tracking/item';
import { carrierMatches, oceanView, withinPortHistory } from '@tradelog/projections/tracking/oceanView';
import { findItemByKey } from '@tradelog/projections/tracking/tables';
import {
  billingWindowDays,
  countBilledOrders,
  recordTrackingUse as recordUse,
} from '@tradelog/projections/tracking/usage';
import { localizedError, TradelogError } from '@tradelog/schemas';
import type { QueryTypeId } from '@tradelog/schemas/queries/catalogue';
import {
  createQueryValidators,
  type ValidationIssue,
  withDefaults,
} from '@tradelog/schemas/queries/validator';
import { languageOf } from '@tradelog/schemas/runtime/envelope';
import { type Request, type Response, Router } from 'express';
import type pg from 'pg';
import { answerAs } from '../http/answers.ts';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { type Caller, callerOf as callerOfResponse, requireKey } from '../reads/auth.ts';
import { queryPath } from '../reads/requests.ts';
import { handle, readLive, sendSuccess } from '../reads/respond.ts';
import { type CheckValueRules, defaultCheckValueRules, verifyCustomerName } from './checkValueAttempts.ts';
import {
  checkCarrierRequest,
  checkOrderCode,
  checkPortRequest,
  type RuleBreach,
  subscriptionTimeline,
} from './rules.ts';

/**
 * Tracking queries over the tracking projection (query spec §3, §7; README "Tracking"): the
 * express instant query (text and route-map), ocean and terminal tracking without a callback
 * (with one, the subscription routes answer first), air tracking. Each answers in its family's
 * convention: express `{success, reason, …}`, ocean and terminal `{flag, code, message, data}`,
 * air `{statusCode, message, data}`.
 */
export interface TrackingRoutesOptions {
  pool: pg.Pool;
  /** The call limits (query-api/src/http/callLimit.ts); none when absent (tests). */
  callLimit?: CallLimit;
  now?: () => Date;
  /** TRACKING_PROVIDER_WINDOW_MINUTES: START until then, NODATA after (README "Tracking queries"). */
  providerWindowMs?: number;
  /** Wrong customerName values per key, parcel and account (README "Check-value attempts"). */
  checkValueRules?: CheckValueRules;
}

/** The tracking paths this router serves: the query catalogue's, and the timeline, which is ours. */
export const trackingQueryPaths = {
  expressInstantQuery: queryPath('expressInstantQuery'),
  expressRouteMapInstantQuery: queryPath('expressRouteMapInstantQuery'),
  oceanTracking: queryPath('oceanTracking'),
  terminalTracking: queryPath('terminalTracking'),
  airTracking: queryPath('airTracking'),
  timeline: '/open/tracking/timeline',
} as const;

const messageOf = (issues: readonly ValidationIssue[], lang: 'cn' | 'en') =>
  issues.map((issue) => issue.message[lang]).join(lang === 'en' ? '; ' : '；');

const breachError = (breach: RuleBreach) =>
  localizedError(breach.code, 400, { cn: breach.cn, en: breach.en });

/**
 * The tracked item a key names, from the live tracking version; null while nothing is known —
 * also before the projection's first version exists (a subscription made then gets its first
 * push when the first feed arrives, like any other).
 */
export async function findTracked(pool: pg.Pool, key: string): Promise<TrackedItem | null> {
  try {
    return (await readLive(pool, 'tracking', (schema, db) => findItemByKey(db, schema, key))).result;
  } catch (error) {
    if (error instanceof TradelogError && error.code === 'PROJECTION_NOT_READY') return null;
    throw error;
  }
}

/** What the providers stated about a carrier (carrierFeed), or undefined while unknown. */
async function findCarrier(pool: pg.Pool, carrierCode: string | undefined) {
  const code = carrierCode?.trim().toUpperCase();
  if (!code || code === 'AUTO') return undefined;
  try {
    const { result } = await readLive(pool, 'reference', (schema, db) =>
      findReferenceRows(db, schema, 'carrier', [code]),
    );
    return result[0]?.fields;
  } catch (error) {
    if (error instanceof TradelogError && error.code === 'PROJECTION_NOT_READY') return undefined;
    throw error;
  }
}

export interface OceanParams {
  billNo: string;
  containerNo?: string;
  carrierCode?: string;
  portCode?: string;
  isExport?: string;
}

/**
 * The ocean answer's `result` (§3, §5, §9): the port area's rules first (a breach is a 400),
 * then the container number if given (it takes priority), else the bill, answered as
 * `oceanView` renders it for pushes too. While no provider has reported the bill or container:
 * START from its first ask until the provider window has passed, NODATA after it (§4;
 * projections/src/tracking/firstAsks.ts). START when the carrierCode names another carrier than
 * the bill's.
 */
export async function oceanAnswer(
  pool: pg.Pool,
  params: OceanParams,
  now: Date,
  providerWindowMs: number = defaultProviderWindowMs,
): Promise<Record<string, unknown>> {
  const containerNo = params.containerNo?.trim() || undefined;
  const asked = { billNo: params.billNo, ...(containerNo ? { containerNo } : {}) };
  const item = await findOceanItem(pool, params);
  if (!item) {
    const firstAskedAt = await recordFirstAsk(pool, oceanSubject(asked), now);
    return oceanUnknownResult(asked, unknownOceanStatus(firstAskedAt, now, providerWindowMs));
  }
  return oceanView(item, params, now) ?? oceanUnknownResult(asked);
}

/**
 * The container or bill an ocean request names, under the port area's rules (a breach is a 400):
 * the container number first if given, else the bill; a carrier other than AUTO must be the
 * bill's, and the carrier table's rules hold (§5); the history the port area allows. Null while
 * nothing is known.
 */
export async function oceanItem(pool: pg.Pool, params: OceanParams, now: Date): Promise<TrackedItem | null> {
  const item = await findOceanItem(pool, params);
  return item && carrierMatches(item, params.carrierCode)
    ? withinPortHistory(item, params.portCode, now)
    : null;
}

/**
 * The bill a request names, after the port area's and carrier table's rules: by its container
 * when one is given (it takes priority, §3) — a container no provider has reported is unknown
 * even when the bill named beside it is known, as its subscription's pushes are keyed by the
 * container (projections/src/push/README.md "Families and match keys") — else by the bill.
 */
async function findOceanItem(pool: pg.Pool, params: OceanParams): Promise<TrackedItem | null> {
  const breach =
    checkPortRequest(params) ?? checkCarrierRequest(params, await findCarrier(pool, params.carrierCode));
  if (breach) throw breachError(breach);
  return findTracked(pool, oceanSubject(params));
}

/**
 * A tracked item as the console's timeline shows it (web/src/console/trackingTimeline.ts): the
 * derived status and every event with its provenance. One shape for the subscriber's
 * `/subscriptions/:id/tracking` and the lender's `/open/tracking/timeline`.
 */
export const trackedItemView = (item: TrackedItem) => ({
  family: item.family,
  subject: item.subject,
  status: item.derived.status,
  statusEx: item.derived.statusEx ?? null,
  location: item.derived.location ?? null,
  facts: item.facts,
  events: item.events,
  reports: item.reports.length,
  lastReceivedAt: item.lastReceivedAt,
});

/** The terminal answer's `result` (§3): `{ shipment }`, or null while nothing is known. */
export async function terminalAnswer(
  pool: pg.Pool,
  params: { businessNumber: string; portCode: string; ieid: string },
): Promise<Record<string, unknown> | null> {
  const item = await findTracked(pool, terminalSubject(params));
  return item ? terminalResult(item) : null;
}

/**
 * Whom a use is billed to (§9): the account that owns the caller's key — the partner, whichever
 * of its keys it used (the call limits count per account too).
 */
export const usageOwnerOf = (caller: Pick<Caller, 'accountId'>) => ({
  kind: 'account',
  id: caller.accountId,
});
const callerOf = (res: Response) => usageOwnerOf(callerOfResponse(res));

const recordTrackingUse = (
  pool: pg.Pool,
  owner: { kind: string; id: string },
  use: Parameters<typeof recordUse>[2],
) => inTransaction(pool, (db) => recordUse(db, owner, use));

export function createTrackingRouter(options: TrackingRoutesOptions): Router {
  const { pool } = options;
  const now = options.now ?? (() => new Date());
  const validators = createQueryValidators();
  const router = Router();
  // Bodies are parsed and bounded once, by the app (http/body.ts); failures go to its error middleware.
  const anyKey = requireKey(pool, ['partner', 'lender', 'subscriber', 'operator']);
  const callLimit = options.callLimit ?? noCallLimit;
  // §9: the express instant query at most 10 calls per second per caller; the others our default.
  const instantLimit = callLimit('express-instant-query');
  const defaultLimit = callLimit('default-key');

  const find = (key: string) => findTracked(pool, key);
  const checkValueRules = options.checkValueRules ?? defaultCheckValueRules;
  const verifyExpress = (
    res: Response,
    query: { shipperCode: string; logisticCode: string; customerName?: string },
    item: TrackedItem | null,
  ) =>
    verifyCustomerName({
      pool,
      rules: checkValueRules,
      res,
      caller: callerOfResponse(res),
      shipperCode: query.shipperCode,
      customerName: query.customerName,
      item,
      parcel: expressSubject(query),
      now: now().getTime(),
    });

  function validated(id: QueryTypeId, body: unknown): Record<string, unknown> {
    const issues = validators[id](body ?? {});
    if (issues.length > 0) {
      throw localizedError(
        'VALIDATION_FAILED',
        400,
        { cn: messageOf(issues, 'cn'), en: messageOf(issues, 'en') },
        { errors: issues },
      );
    }
    return withDefaults(id, body as Record<string, unknown>);
  }

  // Express (§3 "Express"): failures are `success: false` with a reason of at most 50 characters
  // (answerAs('express')); a parcel nothing is known about is a 200 with success false.
  const expressQuery = (id: QueryTypeId, withMap: boolean) => async (req: Request, res: Response) => {
    const lang = languageOf(req.get('accept-language'));
    const request = validated(id, req.body) as {
      shipperCode: string;
      logisticCode: string;
      customerName?: string;
      sort?: string;
      orderCode?: string;
    };
    const item = await find(expressSubject(request));
    // A wrong customerName is counted (README "Check-value attempts"), and neither answered nor billed.
    await verifyExpress(res, request, item);
    const breach = checkOrderCode(request.orderCode, item);
    if (breach) throw breachError(breach);
    // Billed as the spec bills (§9): one order per carrier code plus number over 40 days.
    await recordTrackingUse(pool, callerOf(res), {
      family: 'express',
      itemKey: expressSubject(request),
      at: now(),
    });
    if (!item) {
      const reason = lang === 'en' ? 'no traces known for this parcel yet' : '暂无该运单的轨迹信息';
      res.status(200).json({
        shipperCode: request.shipperCode,
        logisticCode: request.logisticCode,
        success: false,
        reason,
        code: 'NO_DATA',
      });
      return;
    }
    const answer = expressAnswer(item, { descending: request.sort === '1' });
    // §3 orderCode: the parcel's, else the one asked with (checkOrderCode).
    if (answer.orderCode === undefined && request.orderCode?.trim())
      answer.orderCode = request.orderCode.trim();
    const { coordinates, routeMapUrl, deliveryManTel, senderCityLatAndLng, ...text } = answer;
    res
      .status(200)
      .json(
        withMap ? { ...text, routeMapUrl: routeMapUrl ?? '', ...(coordinates ? { coordinates } : {}) } : text,
      );
  };
  const asExpress = answerAs('express');
  router.post(
    trackingQueryPaths.expressInstantQuery,
    asExpress,
    anyKey,
    instantLimit,
    expressQuery('expressInstantQuery', false),
  );
  router.post(
    trackingQueryPaths.expressRouteMapInstantQuery,
    asExpress,
    anyKey,
    instantLimit,
    expressQuery('expressRouteMapInstantQuery', true),
  );

  // Ocean (§3, §5, §9): containerNo takes priority; carrierCode may be AUTO; the port areas' rules.
  router.post(trackingQueryPaths.oceanTracking, anyKey, defaultLimit, async (req: Request, res: Response) => {
    const body = validated('oceanTracking', req.body);
    const result = await oceanAnswer(pool, body.params as OceanParams, now(), options.providerWindowMs);
    sendSuccess(res, { data: { params: body.params, result } });
  });

  // Terminal (§3): a business number at a port, import or export.
  router.post(
    trackingQueryPaths.terminalTracking,
    anyKey,
    defaultLimit,
    async (req: Request, res: Response) => {
      const body = validated('terminalTracking', req.body);
      const params = body.params as { businessNumber: string; portCode: string; ieid: string };
      const result = await terminalAnswer(pool, params);
      const lang = languageOf(req.get('accept-language'));
      res.status(200).json({
        flag: 'success',
        code: '200',
        message: result ? (lang === 'en' ? 'success' : '成功') : lang === 'en' ? 'no data yet' : '暂无数据',
        data: { params: body.params, result },
      });
    },
  );

  // Air (§3 "Air tracking"; path ours): statusCode 20000 data, 20001 none; failures answerAs('statusCode').
  router.post(
    trackingQueryPaths.airTracking,
    answerAs('statusCode'),
    anyKey,
    defaultLimit,
    async (req: Request, res: Response) => {
      const { businessNumber } = validated('airTracking', req.body) as { businessNumber: string };
      const item = await find(airSubject({ businessNumber }));
      const lang = languageOf(req.get('accept-language'));
      res
        .status(200)
        .json(
          item
            ? { statusCode: 20000, message: lang === 'en' ? 'success' : '成功', data: [airData(item)] }
            : { statusCode: 20001, message: lang === 'en' ? 'no data yet' : '暂无数据', data: [] },
        );
    },
  );

  // One parcel's, container's, flight's or shipment's timeline (ours; query-api/README.md
  // "Tracking timeline"): the family's own query request, checked and billed as that query is,
  // answered as the tracked item with every event and its provenance (null while nothing is known).
  router.post(
    trackingQueryPaths.timeline,
    anyKey,
    defaultLimit,
    handle(async (req, res) => {
      const { family, request } = (req.body ?? {}) as { family?: unknown; request?: unknown };
      // The subscriber's view of an item (check values left out: tracking/rules.ts).
      let item: TrackedItem | null;
      if (family === 'express') {
        const query = validated('expressInstantQuery', request) as {
          shipperCode: string;
          logisticCode: string;
          customerName?: string;
        };
        // As the instant query: a customerName that does not verify is counted, refused, and not billed.
        const found = await find(expressSubject(query));
        await verifyExpress(res, query, found);
        await recordTrackingUse(pool, callerOf(res), {
          family: 'express',
          itemKey: expressSubject(query),
          at: now(),
        });
        ({ item } = subscriptionTimeline({ family: 'express', criteria: query }, found));
      } else if (family === 'ocean') {
        const query = validated('oceanTracking', request) as { params: OceanParams };
        ({ item } = subscriptionTimeline(
          { family, criteria: {} },
          await oceanItem(pool, query.params, now()),
        ));
      } else if (family === 'terminal') {
        const query = validated('terminalTracking', request) as {
          params: { businessNumber: string; portCode: string; ieid: string };
        };
        ({ item } = subscriptionTimeline(
          { family, criteria: {} },
          await find(terminalSubject(query.params)),
        ));
      } else if (family === 'air') {
        const query = validated('airTracking', request) as { businessNumber: string };
        ({ item } = subscriptionTimeline({ family, criteria: {} }, await find(airSubject(query))));
      } else {
        throw localizedError('VALIDATION_FAILED', 400, {
          cn: 'family 须为 express、ocean、terminal 或 air',
          en: 'family must be express, ocean, terminal or air',
        });
      }
      sendSuccess(res, { item: item && trackedItemView(item) });
    }),
  );

  // The caller's billed express orders (§9: one order per carrier code plus number over 40 days).
  router.get(
    '/usage/tracking',
    anyKey,
    defaultLimit,
    handle(async (req, res) => {
      const to = typeof req.query.to === 'string' ? new Date(req.query.to) : now();
      const from =
        typeof req.query.from === 'string'
          ? new Date(req.query.from)
          : new Date(to.getTime() - billingWindowDays * 86_400_000);
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
        throw localizedError('VALIDATION_FAILED', 400, {
          cn: 'from 与 to 须为 ISO 8601 时间',
          en: 'from and to must be ISO 8601 times',
        });
      }
      sendSuccess(res, {
        from: from.toISOString(),
        to: to.toISOString(),
        billingWindowDays,
        dataList: await countBilledOrders(pool, callerOf(res), { from, to }),
      });
    }),
  );

  return router;
}
