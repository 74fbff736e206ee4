import {
  defaultCoverageThreshold,
  deleteCoverageThreshold,
  findCoverageThresholds,
  upsertCoverageThreshold,
} from '@tradelog/projections/collateral/thresholds';
import { Router } from 'express';
import type pg from 'pg';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { assertEnterprise, callerOf, requireKey } from '../reads/auth.ts';
import { validateManagement } from '../reads/requests.ts';
import { handle, sendSuccess } from '../reads/respond.ts';

/**
 * A lender's coverage thresholds (query-api/README.md "Coverage thresholds"): per enterprise it is
 * granted, the coverage below which its financings are `coverage.low` alerts for this lender (the
 * portfolio's alerts, the pushes its `changes` subscriptions asked for). Kept in Postgres
 * (`lender_coverage_thresholds`), on the key's account: every key of the account shares them.
 */
export const coverageThresholdsPath = '/open/portfolio/coverage-thresholds';

export function createCoverageThresholdRouter(deps: { pool: pg.Pool; callLimit?: CallLimit }): Router {
  const router = Router();
  const lenderOnly = [requireKey(deps.pool, ['lender']), (deps.callLimit ?? noCallLimit)('default-key')];
  const answer = async (accountId: string) => ({
    defaultThreshold: defaultCoverageThreshold,
    thresholds: await findCoverageThresholds(deps.pool, accountId),
  });

  router.get(
    coverageThresholdsPath,
    lenderOnly,
    handle(async (_req, res) => {
      sendSuccess(res, await answer(callerOf(res).accountId));
    }),
  );
  router.put(
    coverageThresholdsPath,
    lenderOnly,
    handle(async (req, res) => {
      const body = validateManagement('coverageThreshold', req.body);
      const caller = callerOf(res);
      const enterprise = String(body.customerCode).trim();
      assertEnterprise(caller, enterprise);
      await upsertCoverageThreshold(deps.pool, {
        accountId: caller.accountId,
        enterprise,
        threshold: Number(body.threshold),
        keyId: caller.keyId,
      });
      sendSuccess(res, await answer(caller.accountId));
    }),
  );
  router.delete(
    `${coverageThresholdsPath}/:customerCode`,
    lenderOnly,
    handle(async (req, res) => {
      const caller = callerOf(res);
      await deleteCoverageThreshold(deps.pool, {
        accountId: caller.accountId,
        enterprise: String(req.params.customerCode).trim(),
      });
      sendSuccess(res, await answer(caller.accountId));
    }),
  );
  return router;
}
