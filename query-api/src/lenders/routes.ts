import { TradelogError } from '@tradelog/schemas';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type pg from 'pg';
import { createEnterpriseRouter, enterprisePaths } from '../enterprise/router.ts';
import { createLinkNodeRouter } from '../link-node/router.ts';
import { createPipelineRouter, type TopicOffsets } from '../operations/pipeline.ts';
import { createOperationsRouter } from '../operations/router.ts';
import { requireKey } from './auth.ts';
import { sendFailure } from './respond.ts';

/** The lender query paths this router serves (query-api/README.md). */
export const lenderQueryPaths: string[] = ['/open/info/link/node', ...Object.values(enterprisePaths)];

/**
 * Everything over the projections, for app.ts to mount in one line: the lender queries
 * (`lenderQueryPaths`, lender or operator keys) and the operator endpoints under `/ops` (operator keys).
 */
export function createProjectionRoutes(deps: {
  pool: pg.Pool;
  namespace: string;
  /** Kafka end offsets for the operator's pipeline view; absent when KAFKA_BROKERS is not set. */
  topicOffsets?: TopicOffsets;
  changesTopic?: string;
  documentTopics?: string[];
}): Router {
  const router = Router();
  // Only our own paths: other /open interfaces (tracking subscriptions) authenticate their own way.
  router.use(
    lenderQueryPaths,
    express.json({ limit: '64kb' }),
    requireKey(deps.pool, ['lender', 'operator']),
  );
  router.use(createLinkNodeRouter(deps));
  router.use(createEnterpriseRouter(deps));
  router.use('/ops', express.json({ limit: '64kb' }), requireKey(deps.pool, ['operator']));
  router.use(createOperationsRouter(deps));
  router.use(
    createPipelineRouter({
      pool: deps.pool,
      topicOffsets: deps.topicOffsets,
      changesTopic: deps.changesTopic ?? 'tradelog.changes.v1',
      documentTopics: deps.documentTopics,
    }),
  );
  // A body that is not JSON (express.json throws) still gets the envelope.
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    const ours = lenderQueryPaths.includes(req.path) || req.path.startsWith('/ops/');
    if (res.headersSent || !ours) return next(error);
    const status = (error as { status?: number }).status;
    sendFailure(
      req,
      res,
      status && status < 500
        ? new TradelogError('VALIDATION_FAILED', 'the request body is not valid JSON', { status })
        : error,
    );
  });
  return router;
}
