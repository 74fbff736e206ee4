import type { FeedRowRecord } from '@tradelog/projections/enterprise-feeds/tables';
import type { Router } from 'express';
import type pg from 'pg';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { validateQuery } from '../reads/requests.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import { accountFields, indicatorFields, inWarehouseFields, pick } from './feedAnswers.ts';
import { enterpriseFeedPaths } from './feedPaths.ts';
import { readFeedRows } from './feedRows.ts';

/** An enterprise's warehouse feeds: in-warehouse data, operating indicators (deprecated), payment accounts. */
export function addWarehouseFeedRoutes(router: Router, pool: pg.Pool): void {
  router.post(
    enterpriseFeedPaths.inWarehouseData,
    handle(async (req, res) => {
      const request = validateQuery('inWarehouseData', req.body);
      assertEnterprise(callerOf(res), request.enterpriseId);
      const { result, freshness } = await readFeedRows(pool, {
        family: 'inWarehouse',
        enterprise: request.enterpriseId,
      });
      // Flat as §3 shows it, so for one warehouse: the one asked, else the latest counted.
      const shown = request.warehouseId
        ? result.find((row) => row.scope === request.warehouseId)
        : result.reduce<FeedRowRecord | undefined>(
            (latest, row) => (latest === undefined || (row.asOf ?? '') > (latest.asOf ?? '') ? row : latest),
            undefined,
          );
      sendSuccess(res, {
        ...Object.fromEntries(inWarehouseFields.map((name) => [name, shown?.content[name] ?? null])),
        warehouseIds: result.map((row) => row.scope),
        freshness,
      });
    }),
  );

  router.post(
    enterpriseFeedPaths.warehouseIndicators,
    handle(async (req, res) => {
      // Deprecated (§3 "moved elsewhere"): still answered as documented, and said so (RFC 9745).
      res.set('Deprecation', 'true');
      const request = validateQuery('warehouseIndicators', req.body);
      assertEnterprise(callerOf(res), request.enterpriseCode);
      const day = request.queryTime.slice(0, 10);
      const { result, freshness } = await readFeedRows(pool, {
        family: 'indicators',
        enterprise: request.enterpriseCode,
        scopes: [request.warehouseId],
        periodTo: `${day} 23:59:59`,
      });
      const latest = result.at(-1);
      sendSuccess(res, {
        deprecated: true,
        resultsData: latest ? pick(latest.content, indicatorFields) : null,
        freshness,
      });
    }),
  );

  router.post(
    enterpriseFeedPaths.paymentAccountMonitor,
    handle(async (req, res) => {
      const request = validateQuery('paymentAccountMonitor', req.body);
      assertEnterprise(callerOf(res), request.enterpriseId);
      const { result, freshness } = await readFeedRows(pool, {
        family: 'account',
        enterprise: request.enterpriseId,
        ...(request.platform ? { scopePrefix: `${request.platform}/` } : {}),
      });
      const accountList = [...result]
        .sort((a, b) =>
          a.period === b.period ? a.scope.localeCompare(b.scope) : a.period < b.period ? 1 : -1,
        )
        .map((row) => pick(row.content, accountFields));
      sendSuccess(res, { accountList, freshness });
    }),
  );
}
