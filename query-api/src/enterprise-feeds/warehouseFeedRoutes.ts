import type { FeedRowRecord } from '@tradelog/projections/enterprise-feeds/tables';
import type { Router } from 'express';
import type pg from 'pg';
import { accountFields, indicatorFields, inWarehouseFields, pick } from './feedAnswers.ts';
import { addFeedQuery } from './feedQuery.ts';

/** An enterprise's warehouse feeds: in-warehouse data, operating indicators (deprecated), payment accounts. */
export function addWarehouseFeedRoutes(router: Router, pool: pg.Pool): void {
  addFeedQuery(router, pool, 'inWarehouseData', {
    family: 'inWarehouse',
    enterpriseOf: (request) => request.enterpriseId,
    answer: (request, rows) => {
      // Flat as §3 shows it, so for one warehouse: the one asked, else the latest counted.
      const shown = request.warehouseId
        ? rows.find((row) => row.scope === request.warehouseId)
        : rows.reduce<FeedRowRecord | undefined>(
            (latest, row) => (latest === undefined || (row.asOf ?? '') > (latest.asOf ?? '') ? row : latest),
            undefined,
          );
      return {
        ...Object.fromEntries(inWarehouseFields.map((name) => [name, shown?.content[name] ?? null])),
        warehouseIds: rows.map((row) => row.scope),
      };
    },
  });

  // Deprecated (§3 "moved elsewhere"): still answered as documented, and said so (RFC 9745).
  addFeedQuery(router, pool, 'warehouseIndicators', {
    family: 'indicators',
    deprecated: true,
    enterpriseOf: (request) => request.enterpriseCode,
    scopeOf: (request) => ({
      scopes: [request.warehouseId],
      periodTo: `${request.queryTime.slice(0, 10)} 23:59:59`,
    }),
    answer: (_request, rows) => {
      const latest = rows.at(-1);
      return { deprecated: true, resultsData: latest ? pick(latest.content, indicatorFields) : null };
    },
  });

  addFeedQuery(router, pool, 'paymentAccountMonitor', {
    family: 'account',
    enterpriseOf: (request) => request.enterpriseId,
    scopeOf: (request) => (request.platform ? { scopePrefix: `${request.platform}/` } : {}),
    answer: (_request, rows) => ({
      accountList: [...rows]
        .sort((a, b) =>
          a.period === b.period ? a.scope.localeCompare(b.scope) : a.period < b.period ? 1 : -1,
        )
        .map((row) => pick(row.content, accountFields)),
    }),
  });
}
