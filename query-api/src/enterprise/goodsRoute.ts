import { goodsAsOf } from '@tradelog/processors/enterprise-data/asOf';
import { listGoods } from '@tradelog/projections/enterprise-data/queries';
import { parseTradeDateTime } from '@tradelog/schemas/documents/formats';
import type { Router } from 'express';
import { asOfOf, liveOrAsOf } from '../reads/asOf.ts';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { pageOf, validateQuery } from '../reads/requests.ts';
import {
  handle,
  pageScopeOfRequest,
  readLive,
  readOptionsOf,
  sendReadWithPartners,
} from '../reads/respond.ts';
import { type EnterpriseReads, goodsTypes } from './enterpriseReads.ts';
import { goodsOut } from './goodsAnswer.ts';
import { boundedOf, pageEnvelope } from './pages.ts';
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
      const { read, moment } = await liveOrAsOf(
        asOfOf(req, Date.now()),
        () =>
          readLive(
            pool,
            'enterprise-data',
            (s, db) => listGoods(db, s, { ...filter, ...boundedOf(page) }),
            readOptionsOf(req),
          ),
        async (asOf) => {
          const replayed = await reads.dataAsOf(request.customerCode, goodsTypes, asOf);
          return { ...replayed, result: goodsAsOf(replayed.data, filter) };
        },
      );
      await sendReadWithPartners(res, pool, read, (result) => ({
        ...pageEnvelope(moment, page, result.total),
        goodsList: result.rows.map(goodsOut),
      }));
    }),
  );
}
