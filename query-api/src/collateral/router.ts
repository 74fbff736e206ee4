import { findExposure, findOpenPairings } from '@tradelog/projections/collateral/tables';
import { localizedError } from '@tradelog/schemas';
import { Router } from 'express';
import type pg from 'pg';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { queryPath, validateQuery } from '../reads/requests.ts';
import { handle, readLive, readOptionsOf, sendRead, sendReadWithPartners } from '../reads/respond.ts';
import { exposureAnswer } from './exposure.ts';

/** At most this many open alerts in one answer, newest first. */
const alertsShown = 200;

export const collateralAlertsPath = '/open/info/collateral/alerts';

export function createCollateralRouter(deps: { pool: pg.Pool }): Router {
  const router = Router();
  router.post(
    queryPath('collateralExposure'),
    handle(async (req, res) => {
      const request = validateQuery('collateralExposure', req.body);
      const caller = callerOf(res);
      assertEnterprise(caller, request.customerCode);
      const live = await readLive(
        deps.pool,
        'collateral',
        (schema, db) =>
          findExposure(db, schema, { enterprise: request.customerCode, financingNo: request.documentsNo }),
        // The answer depends on the caller's grants: its result is never shared between callers.
        { offsets: readOptionsOf(req).offsets },
      );
      const read = live.result;
      if (read === null) {
        throw localizedError(
          'FINANCING_NOT_FOUND',
          404,
          {
            cn: `未找到该企业的融资单 ${request.documentsNo}`,
            en: `No financing ${request.documentsNo} for this enterprise`,
          },
          { freshness: live.freshness },
        );
      }
      const granted = (enterprise: string) =>
        caller.kind === 'operator' || caller.enterprises.includes(enterprise);
      await sendReadWithPartners(res, deps.pool, { ...live, result: read }, (result) =>
        exposureAnswer(result, granted),
      );
    }),
  );

  // The console's list of a lender's open alerts: pairings, both financings still open, that
  // involve an enterprise the caller is granted (operators: every one). The other side is named
  // only when the caller is granted its enterprise too.
  router.get(
    collateralAlertsPath,
    handle(async (_req, res) => {
      const caller = callerOf(res);
      const live = await readLive(deps.pool, 'collateral', (schema, db) =>
        findOpenPairings(db, schema, {
          enterprises: caller.kind === 'operator' ? null : caller.enterprises,
          limit: alertsShown,
        }),
      );
      const granted = (enterprise: string) =>
        caller.kind === 'operator' || caller.enterprises.includes(enterprise);
      const side = (financing: { enterprise: string; financingNo: string }) =>
        granted(financing.enterprise)
          ? { customerCode: financing.enterprise, financingOrderNo: financing.financingNo }
          : null;
      await sendRead(res, live, (pairings) => ({
        alerts: pairings.map((pairing) => ({
          kind: pairing.kind,
          number: pairing.number,
          warehouse: pairing.warehouse,
          firstSeen: pairing.firstSeen,
          financings: [side(pairing.a), side(pairing.b)],
        })),
      }));
    }),
  );
  return router;
}
