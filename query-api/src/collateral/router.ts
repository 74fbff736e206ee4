import { exposureAsOf } from '@tradelog/processors/collateral/asOf';
import { findExposure, findExposureNodes, findOpenPairings } from '@tradelog/projections/collateral/queries';
import { findFirstReceived } from '@tradelog/projections/document-index/tables';
import { localizedError } from '@tradelog/schemas';
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
import { assertEnterprise, type Caller, callerOf } from '../reads/auth.ts';
import { pageOf, queryPath, validateQuery } from '../reads/requests.ts';
import { handle, readLive, readOptionsOf, sendRead, sendReadWithPartners } from '../reads/respond.ts';
import { alertsAnswer } from './alerts.ts';
import { exposureAnswer, exposurePage } from './exposure.ts';

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

/** Whether the caller is granted an enterprise: operators are granted every one. */
const grantsOf = (caller: Caller) => (enterprise: string) =>
  caller.kind === 'operator' || caller.enterprises.includes(enterprise);

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
      const granted = grantsOf(caller);
      // Its defaults filled by the validation: page 1 of 1,000 pieces (README "Collateral exposure").
      const page = pageOf(request);
      if (asOf !== undefined) {
        const { then, records, freshness } = await exposureThen(deps.pool, source, financing, asOf);
        const result = exposurePage(then, page);
        await sendReadWithPartners(res, deps.pool, { result, freshness }, (shown) => ({
          ...exposureAnswer(shown, page, granted),
          asOf: asOfMember(asOf, records, granted),
        }));
        return;
      }
      const live = await readLive(
        deps.pool,
        'collateral',
        (schema, db) => findExposure(db, schema, financing, page),
        // The answer depends on the caller's grants: its result is never shared between callers.
        { offsets: readOptionsOf(req).offsets },
      );
      const read = live.result;
      if (read === null) throw financingNotFound(request.documentsNo, { freshness: live.freshness });
      await sendReadWithPartners(res, deps.pool, { ...live, result: read }, (result) =>
        exposureAnswer(result, page, granted),
      );
    }),
  );

  // The console's list of a lender's open alerts (./alerts.ts).
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
      await sendRead(res, live, (pairings) => alertsAnswer(pairings, grantsOf(caller)));
    }),
  );
  return router;
}

/**
 * The financing's exposure as of a moment (README "As of a moment"): every chain holding one of
 * the financing's pieces today, replayed through the projection's own step up to then, with the
 * records replayed and their freshness.
 */
async function exposureThen(
  pool: pg.Pool,
  source: RecordSource,
  financing: { enterprise: string; financingNo: string },
  asOf: Date,
) {
  const nodes = await readLive(pool, 'collateral', (schema, db) =>
    findExposureNodes(db, schema, financing, asOfRecordCap + 1),
  );
  if (nodes.result.length === 0)
    throw financingNotFound(financing.financingNo, { freshness: nodes.freshness });
  // Every document has a record at least: more documents than the cap, more records.
  assertWithinAsOfCap(nodes.result, asOf);
  const documents = documentsOfNodes(nodes.result);
  const { records, freshness } = await replayedRecords(pool, source, documents, asOf);
  const then = exposureAsOf(records, financing);
  if (then === null) {
    const first = await readLive(pool, 'document-index', (schema, db) =>
      findFirstReceived(db, schema, documents),
    );
    throw beforeTheData(
      asOf,
      { cn: `融资单 ${financing.financingNo}`, en: `financing ${financing.financingNo}` },
      first.result,
    );
  }
  return { then, records, freshness };
}
