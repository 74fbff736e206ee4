import { ordersAsOf } from '@tradelog/processors/order-status/asOf';
import { listOrders } from '@tradelog/projections/order-status/tables';
import type { Router } from 'express';
import { asOfMember, replayedEnterpriseRecords } from '../reads/asOf.ts';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { pageOf, validateQuery } from '../reads/requests.ts';
import { handle, pageScopeOfRequest } from '../reads/respond.ts';
import { type EnterpriseReads, orderKinds } from './enterpriseReads.ts';
import { orderOut } from './orderAnswer.ts';
import { sendPagedRead } from './pagedRead.ts';
import { enterprisePaths } from './paths.ts';

const orderQueryOf = {
  purchase: 'purchaseOrders',
  saleOrderToB: 'salesToBusiness',
  saleOrderToC: 'salesToConsumer',
} as const;

/** The purchase and sales order queries (query spec §3), one route per kind of order. */
export function addOrderRoutes(router: Router, reads: EnterpriseReads): void {
  const { pool, source } = reads;
  for (const kind of orderKinds) {
    router.post(
      enterprisePaths[kind],
      handle(async (req, res) => {
        const request = validateQuery(orderQueryOf[kind], req.body);
        assertEnterprise(callerOf(res), request.enterpriseId);
        const page = pageOf(request, pageScopeOfRequest(req));
        const filter = {
          kind,
          enterprise: request.enterpriseId,
          beginDate: request.beginDate,
          endDate: request.endDate,
          limit: page.limit,
          offset: page.offset,
          ...(request.orderNo ? { orderNo: request.orderNo } : {}),
          // Only the sale-to-consumer request declares the cross-border platform's name.
          ...('cbepcomName' in request && request.cbepcomName ? { cbepcomName: request.cbepcomName } : {}),
        };
        await sendPagedRead(req, res, pool, {
          projection: 'order-status',
          page,
          live: (s, db, bounded) => listOrders(db, s, { ...filter, ...bounded }),
          replayed: async (asOf) => {
            // The enterprise's records of this kind of order, through order-status' own reducer.
            const { records, freshness } = await replayedEnterpriseRecords(
              pool,
              source,
              { enterprises: [request.enterpriseId], types: [kind] },
              asOf,
            );
            return { result: ordersAsOf(records, filter), freshness, asOf: asOfMember(asOf, records) };
          },
          total: (result) => result.total,
          rows: (result) => ({ dataList: result.orders.map(orderOut) }),
        });
      }),
    );
  }
}
