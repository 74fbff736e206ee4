import { monthItem, saleItem, settleItem } from '@tradelog/schemas/feeds/enterprise/ecommerce-sales';
import type { Router } from 'express';
import type pg from 'pg';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { validateQuery } from '../reads/requests.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import { channels, parts, pick } from './feedAnswers.ts';
import { enterpriseFeedPaths } from './feedPaths.ts';
import { readFeedRows } from './feedRows.ts';

/** E-commerce sales to business and to consumer (query spec §3), by channel and period. */
export function addSalesFeedRoutes(router: Router, pool: pg.Pool): void {
  router.post(
    enterpriseFeedPaths.ecommerceSalesToB,
    handle(async (req, res) => {
      const request = validateQuery('ecommerceSalesToB', req.body);
      assertEnterprise(callerOf(res), request.enterpriseId);
      const { result, freshness } = await readFeedRows(pool, {
        family: 'salesToB',
        enterprise: request.enterpriseId,
        periodPrefix: request.dataYear,
        ...(request.platform ? { scopes: [request.platform] } : {}),
      });
      const platformDataList = channels(result).map(({ channel, periods }) => ({
        ...pick(channel, ['platform', 'startDate', 'endDate', 'firstDate', 'purchaseCycle', 'settleCycle']),
        saleList: parts(periods, 'sale', saleItem),
        settleList: parts(periods, 'settle', settleItem),
      }));
      sendSuccess(res, { platformDataList, freshness });
    }),
  );

  router.post(
    enterpriseFeedPaths.ecommerceSalesToC,
    handle(async (req, res) => {
      const request = validateQuery('ecommerceSalesToC', req.body);
      assertEnterprise(callerOf(res), request.enterpriseId);
      const { result, freshness } = await readFeedRows(pool, {
        family: 'salesToC',
        enterprise: request.enterpriseId,
        periodPrefix: request.dataYear,
        ...(request.platform && request.shopCode
          ? { scopes: [`${request.platform}/${request.shopCode}`] }
          : request.platform
            ? { scopePrefix: `${request.platform}/` }
            : {}),
      });
      const shopDataList = channels(result)
        .filter(({ channel }) => request.shopCode === undefined || channel.shopCode === request.shopCode)
        .map(({ channel, periods }) => ({
          ...pick(channel, ['platform', 'shopName', 'startDate', 'endDate', 'firstDate', 'shopCode']),
          monthDataList: parts(periods, 'month', monthItem),
        }));
      sendSuccess(res, { shopDataList, freshness });
    }),
  );
}
