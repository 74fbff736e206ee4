import { exposureAsOf } from '@tradelog/processors/collateral/asOf';
import { findExposure, findExposureNodes, findOpenPairings } from '@tradelog/projections/collateral/queries';
import { findFirstReceived } from '@tradelog/projections/document-index/tables';
import { localizedError } from '@tradelog/schemas';
import type { CollateralAlert } from '@tradelog/schemas/queries/collateral';
import { Router } from 'express';
import type pg from 'pg';
import {
  asOfMember,
  asOfOf,
  asOfRecordCap,
  assertWithinAsOfCap,
  beforeTheData,
  documentsOfNodes,
  type RecordSource,
  recordSourceOf,
  replayedRecords,
} from '../reads/asOf.ts';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { queryPath, validateQuery } from '../reads/requests.ts';
import { handle, readLive, readOptionsOf, sendRead, sendReadWithPartners } from '../reads/respond.ts';
import { exposureAnswer } from './exposure.ts';

/** At most this many open alerts in one answer, newest first. */
const alertsShown = 200;

export const collateralAlertsPath = '/open/info/collateral/alerts';

const financingNotFound = (documentsNo: string, details: Record<string, unknown>) =>
  localizedError(
    'FINANCING_NOT_FOUND',
    404,
    { cn: `未找到该企业的融资单 ${documentsNo}`, en: `No financing ${documentsNo} for this enterprise` },
    details,
  );

export function createCollateralRouter(deps: { pool: pg.Pool; records?: Partial<RecordSource> }): Router {
  const router = Router();
  const source = recordSourceOf(deps.records);
  router.post(
    queryPath('collateralExposure'),
    handle(async (req, res) => {
      const request = validateQuery('collateralExposure', req.body);
      const caller = callerOf(res);
      assertEnterprise(caller, request.customerCode);
      const asOf = asOfOf(req, Date.now());
      const financing = { enterprise: request.customerCode, financingNo: request.documentsNo };
      const granted = (enterprise: string) =>
        caller.kind === 'operator' || caller.enterprises.includes(enterprise);
      if (asOf !== undefined) {
        // As of a moment (README "As of a moment"): every chain holding one of the financing's
        // pieces today, replayed through the projection's own step up to then.
        const nodes = await readLive(deps.pool, 'collateral', (schema, db) =>
          findExposureNodes(db, schema, financing, asOfRecordCap + 1),
        );
        if (nodes.result.length === 0)
          throw financingNotFound(request.documentsNo, { freshness: nodes.freshness });
        // Every document has a record at least: more documents than the cap, more records.
        assertWithinAsOfCap(nodes.result, asOf);
        const documents = documentsOfNodes(nodes.result);
        const { records, freshness } = await replayedRecords(deps.pool, source, documents, asOf);
        const then = exposureAsOf(records, financing);
        if (then === null) {
          const first = await readLive(deps.pool, 'document-index', (schema, db) =>
            findFirstReceived(db, schema, documents),
          );
          throw beforeTheData(
            asOf,
            { cn: `融资单 ${request.documentsNo}`, en: `financing ${request.documentsNo}` },
            first.result,
          );
        }
        await sendReadWithPartners(res, deps.pool, { result: then, freshness }, (result) => ({
          ...exposureAnswer(result, granted),
          asOf: asOfMember(asOf, records, granted),
        }));
        return;
      }
      const live = await readLive(
        deps.pool,
        'collateral',
        (schema, db) => findExposure(db, schema, financing),
        // The answer depends on the caller's grants: its result is never shared between callers.
        { offsets: readOptionsOf(req).offsets },
      );
      const read = live.result;
      if (read === null) throw financingNotFound(request.documentsNo, { freshness: live.freshness });
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
      await sendRead(res, live, (pairings): { alerts: CollateralAlert[] } => ({
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
