import { Router } from 'express';
import type pg from 'pg';
import { asOfNotAnswered, asOfOf } from '../reads/asOf.ts';
import { addBrandRankingRoute } from './brandRankingRoute.ts';
import { enterpriseFeedPaths } from './feedPaths.ts';
import { addSalesFeedRoutes } from './salesFeedRoutes.ts';
import { createTaxRoute } from './taxRoute.ts';
import { addWarehouseFeedRoutes } from './warehouseFeedRoutes.ts';

/** The feeds' figures are the partners' own reports, not folded from documents. */
const reportedFigures = {
  cn: '企业数据推送的数字为合作方自报，不由单据折叠得出',
  en: "the figures are the partners' own reports (enterprise feeds), not folded from documents",
};

/**
 * The enterprise-feed queries (query spec §3, §5, §7; paths and who reads what in feedPaths.ts),
 * one route module per family of feed; none is answered as of a moment.
 */
export function createEnterpriseFeedRouter(deps: { pool: pg.Pool }): Router {
  const { pool } = deps;
  const router = Router();
  // The feeds' figures are the partners' own reports, not folded from documents: asked as of a
  // moment, refused rather than answered live (README "As of a moment").
  router.post(Object.values(enterpriseFeedPaths), (req, _res, next) => {
    // Express hands what a middleware throws to the error middleware.
    if (asOfOf(req, Date.now()) !== undefined) throw asOfNotAnswered(req.path, reportedFigures);
    next();
  });

  addWarehouseFeedRoutes(router, pool);
  addBrandRankingRoute(router, pool);
  addSalesFeedRoutes(router, pool);
  router.post(enterpriseFeedPaths.taxInformation, createTaxRoute(pool));
  return router;
}
