import { enterpriseDataStateOf, monthlyStockMovementsAsOf } from '@tradelog/processors/enterprise-data/asOf';
import { monthlyOrderCountsAsOf } from '@tradelog/processors/order-status/asOf';
import { monthlyStockMovements } from '@tradelog/projections/enterprise-data/queries';
import { monthlyOrderCounts } from '@tradelog/projections/order-status/tables';
import type { Router } from 'express';
import { asOfMember, asOfOf, replayedEnterpriseRecords } from '../reads/asOf.ts';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { validateQuery } from '../reads/requests.ts';
import { handle, readLive, sendSuccess } from '../reads/respond.ts';
import { type EnterpriseReads, orderKinds, warehouseTypes } from './enterpriseReads.ts';
import { enterprisePaths } from './paths.ts';
import { monthsBetween, trendOf } from './trend.ts';

/**
 * The monthly trend (ours; query-api/README.md "Enterprise trend"): two projections, each read
 * live; the answer's freshness names both.
 */
export function addTrendRoute(router: Router, reads: EnterpriseReads): void {
  const { pool, source } = reads;
  router.post(
    enterprisePaths.trend,
    handle(async (req, res) => {
      const request = validateQuery('enterpriseTrend', req.body);
      assertEnterprise(callerOf(res), request.enterpriseId);
      const months = monthsBetween(request.fromMonth, request.toMonth);
      const asOf = asOfOf(req, Date.now());
      if (asOf !== undefined) {
        // One replay of the enterprise's orders and warehouse records, through both reducers.
        const { records, freshness } = await replayedEnterpriseRecords(
          pool,
          source,
          { enterprises: [request.enterpriseId], types: [...orderKinds, ...warehouseTypes] },
          asOf,
        );
        const filter = { enterprise: request.enterpriseId, ...request };
        sendSuccess(res, {
          dataList: trendOf(
            months,
            monthlyOrderCountsAsOf(records, filter),
            monthlyStockMovementsAsOf(enterpriseDataStateOf(records), filter),
          ),
          asOf: asOfMember(asOf, records),
          freshness: [freshness],
        });
        return;
      }
      const orders = await readLive(pool, 'order-status', (s, db) =>
        monthlyOrderCounts(db, s, { enterprise: request.enterpriseId, ...request }),
      );
      const stock = await readLive(pool, 'enterprise-data', (s, db) =>
        monthlyStockMovements(db, s, { enterprise: request.enterpriseId, toMonth: request.toMonth }),
      );
      sendSuccess(res, {
        dataList: trendOf(months, orders.result, stock.result),
        freshness: [orders.freshness, stock.freshness],
      });
    }),
  );
}
