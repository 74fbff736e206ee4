import { monthItem, saleItem, settleItem } from '@tradelog/schemas/feeds/enterprise/ecommerce-sales';
import type { Router } from 'express';
import type pg from 'pg';
import { channels, parts, pick } from './feedAnswers.ts';
import { addFeedQuery } from './feedQuery.ts';

/** E-commerce sales to business and to consumer (query spec §3), by channel and period. */
export function addSalesFeedRoutes(router: Router, pool: pg.Pool): void {
  addFeedQuery(router, pool, 'ecommerceSalesToB', {
    family: 'salesToB',
    enterpriseOf: (request) => request.enterpriseId,
    scopeOf: (request) => ({
      periodPrefix: request.dataYear,
      ...(request.platform ? { scopes: [request.platform] } : {}),
    }),
    answer: (_request, rows) => ({
      platformDataList: channels(rows).map(({ channel, periods }) => ({
        ...pick(channel, ['platform', 'startDate', 'endDate', 'firstDate', 'purchaseCycle', 'settleCycle']),
        saleList: parts(periods, 'sale', saleItem),
        settleList: parts(periods, 'settle', settleItem),
      })),
    }),
  });

  addFeedQuery(router, pool, 'ecommerceSalesToC', {
    family: 'salesToC',
    enterpriseOf: (request) => request.enterpriseId,
    scopeOf: (request) => ({
      periodPrefix: request.dataYear,
      ...(request.platform && request.shopCode
        ? { scopes: [`${request.platform}/${request.shopCode}`] }
        : request.platform
          ? { scopePrefix: `${request.platform}/` }
          : {}),
    }),
    answer: (request, rows) => ({
      shopDataList: channels(rows)
        .filter(({ channel }) => request.shopCode === undefined || channel.shopCode === request.shopCode)
        .map(({ channel, periods }) => ({
          ...pick(channel, ['platform', 'shopName', 'startDate', 'endDate', 'firstDate', 'shopCode']),
          monthDataList: parts(periods, 'month', monthItem),
        })),
    }),
  });
}
