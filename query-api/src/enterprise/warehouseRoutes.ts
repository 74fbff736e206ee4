import { warehouseLinesAsOf, warehouseSummaryAsOf } from '@tradelog/processors/enterprise-data/asOf';
import { listWarehouseLines, warehouseSummary } from '@tradelog/projections/enterprise-data/queries';
import type { Router } from 'express';
import { asOfOf } from '../reads/asOf.ts';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { pageOf, periodRange, validateQuery } from '../reads/requests.ts';
import { handle, pageScopeOfRequest, readLive, readOptionsOf, sendRead } from '../reads/respond.ts';
import { detailGoodsNumbers, detailLine } from './detailLines.ts';
import { type EnterpriseReads, warehouseTypes } from './enterpriseReads.ts';
import { boundedOf, pageEnvelope } from './pages.ts';
import { enterprisePaths } from './paths.ts';
import { readRowsWithGoods } from './rowsWithGoods.ts';

/** The warehouse summary of a period (query spec §3). */
export function addWarehouseSummaryRoute(router: Router, reads: EnterpriseReads): void {
  router.post(
    enterprisePaths.warehouseSummary,
    handle(async (req, res) => {
      const request = validateQuery('warehouseSummary', req.body);
      assertEnterprise(callerOf(res), request.enterpriseId);
      const range = periodRange(request.period);
      const asOf = asOfOf(req, Date.now());
      if (asOf !== undefined) {
        const replayed = await reads.dataAsOf(request.enterpriseId, warehouseTypes, asOf);
        const result = warehouseSummaryAsOf(replayed.data, { enterprise: request.enterpriseId, ...range });
        return await sendRead(res, { result, freshness: replayed.freshness }, (summary) => ({
          dataList: [{ period: request.period, ...summary }],
          asOf: replayed.asOf,
        }));
      }
      const live = await readLive(
        reads.pool,
        'enterprise-data',
        (s, db) => warehouseSummary(db, s, { enterprise: request.enterpriseId, ...range }),
        readOptionsOf(req),
      );
      await sendRead(res, live, (result) => ({ dataList: [{ period: request.period, ...result }] }));
    }),
  );
}

/** Inbound and outbound details (§3): one row per goods line of the period's orders. */
export function addWarehouseDetailRoutes(router: Router, reads: EnterpriseReads): void {
  for (const direction of ['inbound', 'outbound'] as const) {
    router.post(
      direction === 'inbound' ? enterprisePaths.inboundDetails : enterprisePaths.outboundDetails,
      handle(async (req, res) => {
        const request = validateQuery(
          direction === 'inbound' ? 'inboundDetails' : 'outboundDetails',
          req.body,
        );
        assertEnterprise(callerOf(res), request.enterpriseId);
        const page = pageOf(request, pageScopeOfRequest(req));
        const filter = {
          enterprise: request.enterpriseId,
          direction,
          ...periodRange(request.period),
          limit: page.limit,
          offset: page.offset,
        };
        const { read, moment } = await readRowsWithGoods(reads, req, {
          enterprise: request.enterpriseId,
          asOf: asOfOf(req, Date.now()),
          live: (db, s) => listWarehouseLines(db, s, { ...filter, ...boundedOf(page) }),
          replayed: (data) => warehouseLinesAsOf(data, filter),
          goodsNumbersOf: detailGoodsNumbers,
        });
        await sendRead(res, read, (result) => ({
          ...pageEnvelope(moment, page, result.listed.total),
          dataList: result.listed.rows.map((row) => detailLine(direction, row, result.goods)),
        }));
      }),
    );
  }
}
