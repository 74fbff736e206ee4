import { findTruck } from '@tradelog/projections/reference/queries';
import { parseTradeDateTime } from '@tradelog/schemas/documents/formats';
import { languageOf } from '@tradelog/schemas/kit/runtime/envelope';
import type { Router } from 'express';
import type pg from 'pg';
import { validateQuery } from '../reads/requests.ts';
import { readLive } from '../reads/respond.ts';
import { statusCodeSuccess } from './conventions.ts';
import { lookUp, path } from './lookUp.ts';
import { stageAnswer } from './referenceFields.ts';

const instantOf = (value: string | undefined) => (value ? parseTradeDateTime(value)?.getTime() : undefined);

/** A truck's position and its track (query spec §3, §4 stages). */
export function addTruckRoutes(router: Router, pool: pg.Pool): void {
  const truck = (withTrack: boolean) =>
    lookUp(async (req) => {
      const request = validateQuery(withTrack ? 'truckTrack' : 'truckPosition', req.body);
      const { result, freshness } = await readLive(pool, 'reference', (schema, db) =>
        findTruck(db, schema, request.vclN),
      );
      // The window is the track request's (validated there); a position request answers no track.
      const from = instantOf(withTrack && 'qryBtm' in request ? request.qryBtm : undefined);
      const to = instantOf(withTrack && 'qryEtm' in request ? request.qryEtm : undefined);
      const track = ((result?.fields.track24s as { gtm: string }[] | undefined) ?? []).filter((point) => {
        const at = Date.parse(point.gtm);
        return (from === undefined || at >= from) && (to === undefined || at <= to);
      });
      const info = result
        ? {
            isExist: true,
            truckNo: result.fields.truckNo ?? request.vclN,
            positionInfo: result.fields.positionInfo ?? null,
            // §4 truck stages (ours to answer: §3 lists no field): null until a report states one.
            ...stageAnswer(result.fields.stage),
            ...(withTrack ? { track24s: track } : {}),
          }
        : {
            isExist: false,
            truckNo: request.vclN,
            positionInfo: null,
            ...stageAnswer(undefined),
            ...(withTrack ? { track24s: [] } : {}),
          };
      const lang = languageOf(req.get('accept-language'));
      return { body: statusCodeSuccess({ content: { truckInfos: [info] }, freshness }, lang) };
    });
  router.post(path('truckPosition'), truck(false));
  router.post(path('truckTrack'), truck(true));
}
