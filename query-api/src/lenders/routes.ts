import { Router } from 'express';
import type pg from 'pg';
import { collateralAlertsPath, createCollateralRouter } from '../collateral/router.ts';
import { enterprisePaths } from '../enterprise/paths.ts';
import { createEnterpriseRouter } from '../enterprise/router.ts';
import { createUnattributedRouter } from '../enterprise/unattributed.ts';
import { enterpriseFeedPaths } from '../enterprise-feeds/feedPaths.ts';
import { createEnterpriseFeedRouter } from '../enterprise-feeds/router.ts';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { createLinkNodeRouter } from '../link-node/router.ts';
import { createAccountsRouter } from '../operations/accounts.ts';
import { createPipelineRouter } from '../operations/pipeline.ts';
import { createRecordRouter } from '../operations/records.ts';
import { createOperationsRouter } from '../operations/router.ts';
import { requireKey } from '../reads/auth.ts';
import { queryPath } from '../reads/requests.ts';
import type { LogSnapshotOf, TopicOffsets } from '../reads/topicOffsets.ts';
import { createReferenceRouter } from '../reference/router.ts';
import { createKeyAccountRouter } from './keyAccount.ts';
import { createPortfolioRouter, portfolioPath } from './portfolio.ts';
import { createCoverageThresholdRouter } from './thresholds.ts';

/**
 * The lender query paths this router serves (query-api/README.md), as their routers declare them:
 * the query catalogue's for the link node and the exposure, the routers' own for the rest.
 */
export const lenderQueryPaths: string[] = [
  queryPath('linkNode'),
  queryPath('collateralExposure'),
  collateralAlertsPath,
  portfolioPath,
  ...Object.values(enterprisePaths),
  ...Object.values(enterpriseFeedPaths),
];

/**
 * Everything over the projections, for app.ts to mount in one line: the lender queries
 * (`lenderQueryPaths`, lender or operator keys) and the operator endpoints under `/ops` (operator keys).
 */
export function createProjectionRoutes(deps: {
  pool: pg.Pool;
  namespace: string;
  /** Kafka end offsets for the operator's pipeline view; absent when KAFKA_BROKERS is not set. */
  topicOffsets?: TopicOffsets;
  /** The log's ids, for the pipeline view's `log-replaced` state; absent when KAFKA_BROKERS is not set. */
  logSnapshot?: LogSnapshotOf;
  changesTopic?: string;
  documentTopics?: string[];
  /** The default per-key call limit applies to every lender query and operator endpoint. */
  callLimit?: CallLimit;
  /** The record browser's reader and decoder; absent when KAFKA_BROKERS or SCHEMA_REGISTRY_URL is not set. */
  records?: Omit<Parameters<typeof createRecordRouter>[0], 'pool' | 'changesTopic'>;
}): Router {
  const router = Router();
  const callLimit = deps.callLimit ?? noCallLimit;
  const changesTopic = deps.changesTopic ?? 'tradelog.changes.v1';
  // Only our own paths: other /open interfaces (tracking subscriptions) authenticate their own way.
  router.use(createKeyAccountRouter({ pool: deps.pool, callLimit }));
  router.use(createCoverageThresholdRouter({ pool: deps.pool, callLimit }));
  router.use(lenderQueryPaths, requireKey(deps.pool, ['lender', 'operator']), callLimit('default-key'));
  router.use(createLinkNodeRouter(deps));
  router.use(createCollateralRouter(deps));
  router.use(createPortfolioRouter(deps));
  router.use(createEnterpriseRouter(deps));
  // The reference look-ups: their own readers, the flights' call limit (reference/router.ts).
  router.use(createReferenceRouter({ pool: deps.pool, callLimit }));
  router.use(createEnterpriseFeedRouter(deps));
  router.use('/ops', requireKey(deps.pool, ['operator']), callLimit('default-key'));
  router.use(createOperationsRouter({ ...deps, changesTopic }));
  router.use(createUnattributedRouter(deps));
  router.use(createAccountsRouter(deps));
  router.use(
    createRecordRouter({
      pool: deps.pool,
      reader: undefined,
      codec: undefined,
      ...deps.records,
      changesTopic,
    }),
  );
  router.use(
    createPipelineRouter({
      pool: deps.pool,
      topicOffsets: deps.topicOffsets,
      logSnapshot: deps.logSnapshot,
      changesTopic,
      documentTopics: deps.documentTopics,
    }),
  );
  return router;
}
