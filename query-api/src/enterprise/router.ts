import { Router } from 'express';
import type pg from 'pg';
import type { RecordSource } from '../reads/asOf.ts';
import { addCustomsRoute } from './customsRoute.ts';
import { enterpriseReadsOf } from './enterpriseReads.ts';
import { addGoodsRoute } from './goodsRoute.ts';
import { addInventoryRoute } from './inventoryRoute.ts';
import { addOrderRoutes } from './orderRoutes.ts';
import { addTrendRoute } from './trendRoute.ts';
import { addWarehouseDetailRoutes, addWarehouseSummaryRoute } from './warehouseRoutes.ts';

/**
 * Enterprise data queries (query spec §3, §5, §7, §9) over the order-status and enterprise-data
 * projections, one module per query (paths in paths.ts; what each answers, pure, in its
 * `*Answer.ts` or `detailLines.ts`). Paths the spec does not give are ours, listed in
 * query-api/README.md.
 */
export function createEnterpriseRouter(deps: { pool: pg.Pool; records?: Partial<RecordSource> }): Router {
  const router = Router();
  const reads = enterpriseReadsOf(deps);
  addOrderRoutes(router, reads);
  addCustomsRoute(router, reads);
  addGoodsRoute(router, reads);
  addInventoryRoute(router, reads);
  addWarehouseSummaryRoute(router, reads);
  addWarehouseDetailRoutes(router, reads);
  addTrendRoute(router, reads);
  return router;
}
