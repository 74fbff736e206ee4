import { inTransaction } from '@tradelog/projections';
import {
  airSubject,
  expressSubject,
  oceanSubject,
  terminalSubject,
} from '@tradelog/projections/push/families';
import {
  airData,
  expressAnswer,
  oceanResult,
  oceanStartResult,
  terminalResult,
} from '@tradelog/projections/tracking/answers';
import type { TrackedItem } from '@tradelog/projections/tracking/item';
import { findItemByKey } from '@tradelog/projections/tracking/tables';
import {
  billingWindowDays,
  countBilledOrders,
  recordTrackingUse as recordUse,
} from '@tradelog/projections/tracking/usage';
import { TradelogError } from '@tradelog/schemas';
import type { QueryTypeId } from '@tradelog/schemas/queries/catalogue';
import {
  createQueryValidators,
  type ValidationIssue,
  withDefaults,
} from '@tradelog/schemas/queries/validator';
import { languageOf } from '@tradelog/schemas/runtime/envelope';
import express, { type Request, type Response, Router } from 'express';
import type pg from 'pg';
import { callerOf as callerOfResponse, requireKey } from '../lenders/auth.ts';
import { handle, readLive, sendSuccess } from '../lenders/respond.ts';
import {
  carrierMatches,
  checkCustomerName,
  checkPortRequest,
  type RuleBreach,
  withinPortHistory,
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
  now?: () => Date;
}

export const trackingQueryPaths = {
  expressInstantQuery: '/open/logistics/express/bird/instantQuery',
  expressRouteMapInstantQuery: '/open/logistics/express/bird/instantQuery/route/map',
  oceanTracking: '/open/freightower/trace/ocean',
  terminalTracking: '/open/freightower/trace/shipment',
  airTracking: '/open/freightower/trace/air',
} as const;

const messageOf = (issues: readonly ValidationIssue[], lang: 'cn' | 'en') =>
  issues.map((issue) => issue.message[lang]).join(lang === 'en' ? '; ' : '；');

const breachError = (breach: RuleBreach) =>
  new TradelogError(breach.code, breach.en, {
    status: 400,
    details: { message: { en: breach.en, cn: breach.cn } },
  });

/**
 * The tracked item a key names, from the live tracking version; null while nothing is known —
 * also before the projection's first version exists (a subscription made then gets its first
 * push when the first feed arrives, like any other).
 */
export async function findTracked(pool: pg.Pool, key: string): Promise<TrackedItem | null> {
  try {
    return (await readLive(pool, 'tracking', (schema) => findItemByKey(pool, schema, key))).result;
  } catch (error) {
    if (error instanceof TradelogError && error.code === 'PROJECTION_NOT_READY') return null;
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
 * then the container number if given (it takes priority), else the bill; a carrier other than
 * AUTO must be the bill's; START while nothing is known.
 */
export async function oceanAnswer(
  pool: pg.Pool,
  params: OceanParams,
  now: Date,
): Promise<Record<string, unknown>> {
  const breach = checkPortRequest(params);
  if (breach) throw breachError(breach);
  const containerNo = params.containerNo?.trim() || undefined;
  let item = containerNo
    ? await findTracked(pool, oceanSubject({ billNo: params.billNo, containerNo }))
    : null;
  item ??= await findTracked(pool, oceanSubject({ billNo: params.billNo }));
  if (item && !carrierMatches(item, params.carrierCode)) item = null;
  return item
    ? oceanResult(withinPortHistory(item, params.portCode, now), containerNo)
    : oceanStartResult({ billNo: params.billNo, ...(containerNo ? { containerNo } : {}) });
}

/** The terminal answer's `result` (§3): `{ shipment }`, or null while nothing is known. */
export async function terminalAnswer(
  pool: pg.Pool,
  params: { businessNumber: string; portCode: string; ieid: string },
): Promise<Record<string, unknown> | null> {
  const item = await findTracked(pool, terminalSubject(params));
  return item ? terminalResult(item) : null;
}

/** The caller as usage counts it: the key's owner (a partner, lender or operator). */
const callerOf = (res: Response) => {
  const caller = callerOfResponse(res);
  return { kind: caller.kind, id: caller.ownerId };
};

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
  const json = express.json({ limit: '64kb' });
  const anyKey = requireKey(pool, ['partner', 'lender', 'operator']);

  const find = (key: string) => findTracked(pool, key);

  // Express (§3 "Express"): failures are `success: false` with a reason of at most 50 characters.
  const expressQuery = (id: QueryTypeId, withMap: boolean) => async (req: Request, res: Response) => {
    const lang = languageOf(req.get('accept-language'));
    const body = (req.body ?? {}) as Record<string, unknown>;
    const echo = {
      shipperCode: typeof body.shipperCode === 'string' ? body.shipperCode : '',
      logisticCode: typeof body.logisticCode === 'string' ? body.logisticCode : '',
    };
    const refuse = (status: number, code: string, reason: string, extra: Record<string, unknown> = {}) =>
      res.status(status).json({ ...echo, success: false, reason: reason.slice(0, 50), code, ...extra });
    try {
      const issues = validators[id](body);
      if (issues.length > 0) {
        refuse(400, 'VALIDATION_FAILED', messageOf(issues, lang), { errors: issues });
        return;
      }
      const request = withDefaults(id, body) as {
        shipperCode: string;
        logisticCode: string;
        customerName?: string;
        sort?: string;
        orderCode?: string;
      };
      const item = await find(expressSubject(request));
      const breach = checkCustomerName(request.shipperCode, request.customerName, item);
      if (breach) {
        refuse(400, breach.code, lang === 'en' ? breach.en : breach.cn);
        return;
      }
      // Billed as the spec bills (§9): one order per carrier code plus number over 40 days.
      await recordTrackingUse(pool, callerOf(res), {
        family: 'express',
        itemKey: expressSubject(request),
        at: now(),
      });
      if (!item) {
        refuse(
          200,
          'NO_DATA',
          lang === 'en' ? 'no traces known for this parcel yet' : '暂无该运单的轨迹信息',
        );
        return;
      }
      const answer = expressAnswer(item, { descending: request.sort === '1' });
      const { coordinates, routeMapUrl, deliveryManTel, senderCityLatAndLng, ...text } = answer;
      res
        .status(200)
        .json(
          withMap
            ? { ...text, routeMapUrl: routeMapUrl ?? '', ...(coordinates ? { coordinates } : {}) }
            : text,
        );
    } catch (error) {
      const status = error instanceof TradelogError ? error.status : 500;
      const code = error instanceof TradelogError ? error.code : 'INTERNAL';
      refuse(status, code, lang === 'en' ? 'query failed, try again later' : '查询失败，请稍后重试');
    }
  };
  router.post(
    trackingQueryPaths.expressInstantQuery,
    json,
    anyKey,
    expressQuery('expressInstantQuery', false),
  );
  router.post(
    trackingQueryPaths.expressRouteMapInstantQuery,
    json,
    anyKey,
    expressQuery('expressRouteMapInstantQuery', true),
  );

  function validated(id: QueryTypeId, body: unknown): Record<string, unknown> {
    const issues = validators[id](body);
    if (issues.length > 0) {
      throw new TradelogError('VALIDATION_FAILED', messageOf(issues, 'en'), {
        status: 400,
        details: { message: { en: messageOf(issues, 'en'), cn: messageOf(issues, 'cn') }, errors: issues },
      });
    }
    return withDefaults(id, body as Record<string, unknown>);
  }

  // Ocean (§3, §5, §9): containerNo takes priority; carrierCode may be AUTO; the port areas' rules.
  router.post(
    trackingQueryPaths.oceanTracking,
    json,
    anyKey,
    handle(async (req, res) => {
      const body = validated('oceanTracking', req.body);
      const params = body.params as OceanParams;
      const result = await oceanAnswer(pool, params, now());
      sendSuccess(res, { data: { params: body.params, result } });
    }),
  );

  // Terminal (§3): a business number at a port, import or export.
  router.post(
    trackingQueryPaths.terminalTracking,
    json,
    anyKey,
    handle(async (req, res) => {
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
    }),
  );

  // Air (§3 "Air tracking"; path ours): statusCode 20000 data, 20001 none, 40000 parameter error.
  router.post(trackingQueryPaths.airTracking, json, anyKey, async (req, res) => {
    const lang = languageOf(req.get('accept-language'));
    try {
      const issues = validators.airTracking(req.body ?? {});
      if (issues.length > 0) {
        res
          .status(400)
          .json({ statusCode: 40000, message: messageOf(issues, lang), errors: issues, data: [] });
        return;
      }
      const { businessNumber } = req.body as { businessNumber: string };
      const item = await find(airSubject({ businessNumber }));
      res
        .status(200)
        .json(
          item
            ? { statusCode: 20000, message: lang === 'en' ? 'success' : '成功', data: [airData(item)] }
            : { statusCode: 20001, message: lang === 'en' ? 'no data yet' : '暂无数据', data: [] },
        );
    } catch (error) {
      const status = error instanceof TradelogError ? error.status : 500;
      res
        .status(status)
        .json({ statusCode: 50000, message: lang === 'en' ? 'internal error' : '内部错误', data: [] });
    }
  });

  // The caller's billed express orders (§9: one order per carrier code plus number over 40 days).
  router.get(
    '/usage/tracking',
    anyKey,
    handle(async (req, res) => {
      const to = typeof req.query.to === 'string' ? new Date(req.query.to) : now();
      const from =
        typeof req.query.from === 'string'
          ? new Date(req.query.from)
          : new Date(to.getTime() - billingWindowDays * 86_400_000);
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
        throw new TradelogError('VALIDATION_FAILED', 'from and to must be ISO 8601 times', {
          status: 400,
          details: {
            message: { en: 'from and to must be ISO 8601 times', cn: 'from 与 to 须为 ISO 8601 时间' },
          },
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
