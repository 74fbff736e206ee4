import { expressSubject } from '@tradelog/projections/push/families';
import { expressAnswer } from '@tradelog/projections/tracking/answers';
import { languageOf } from '@tradelog/schemas/kit/runtime/envelope';
import type { QueryTypeId } from '@tradelog/schemas/queries/catalogue';
import type { Request, Response, Router } from 'express';
import { answerAs } from '../http/answers.ts';
import { checkOrderCode } from './rules.ts';
import { breachError, callerOf, recordTrackingUse } from './trackedReads.ts';
import type { TrackingContext } from './trackingContext.ts';
import { trackingQueryPaths } from './trackingPaths.ts';

/** The express instant query, as text and with its route map (query spec §3 "Express", §9). */
export function addExpressRoutes(router: Router, ctx: TrackingContext): void {
  const { pool, now, anyKey, instantLimit, find, verifyExpress, validated } = ctx;
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
}
