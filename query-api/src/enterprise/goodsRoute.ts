import { goodsAsOf } from '@tradelog/processors/enterprise-data/asOf';
import { listGoods } from '@tradelog/projections/enterprise-data/queries';
import { parseTradeDateTime } from '@tradelog/schemas/documents/formats';
import type { Router } from 'express';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { pageOf, validateQuery } from '../reads/requests.ts';
import { handle, pageScopeOfRequest } from '../reads/respond.ts';
import { type EnterpriseReads, goodsTypes } from './enterpriseReads.ts';
import { goodsOut } from './goodsAnswer.ts';
import { sendPagedRead } from './pagedRead.ts';
import { enterprisePaths } from './paths.ts';

/** The goods query (query spec §3 "Goods"). */
export function addGoodsRoute(router: Router, reads: EnterpriseReads): void {
  const { pool } = reads;
  router.post(
    enterprisePaths.goods,
    handle(async (req, res) => {
      const request = validateQuery('goods', req.body);
      assertEnterprise(callerOf(res), request.customerCode);
      const page = pageOf(request, pageScopeOfRequest(req));
      const filter = {
        enterprise: request.customerCode,
        limit: page.limit,
        offset: page.offset,
        // Times without a zone are Beijing time (schemas/src/documents/formats.ts).
        ...(request.requestTime
          ? { since: parseTradeDateTime(request.requestTime)?.toISOString() ?? request.requestTime }
          : {}),
      };
      await sendPagedRead(req, res, pool, {
        projection: 'enterprise-data',
        page,
        live: (s, db, bounded) => listGoods(db, s, { ...filter, ...bounded }),
        replayed: async (asOf) => {
          const replayed = await reads.dataAsOf(request.customerCode, goodsTypes, asOf);
          return { ...replayed, result: goodsAsOf(replayed.data, filter) };
        },
        total: (result) => result.total,
        rows: (result) => ({ goodsList: result.rows.map(goodsOut) }),
      });
    }),
  );
}
