import { stockAsOf } from '@tradelog/processors/enterprise-data/asOf';
import { listStock } from '@tradelog/projections/enterprise-data/queries';
import { listFeedRows } from '@tradelog/projections/enterprise-feeds/tables';
import type { ValidRequest } from '@tradelog/schemas/queries/validator';
import type { Request, Response, Router } from 'express';
import { asOfNotAnswered, asOfOf } from '../reads/asOf.ts';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { pageOf, validateQuery } from '../reads/requests.ts';
import { handle, pageScopeOfRequest, readLive, readOptionsOf, sendRead } from '../reads/respond.ts';
import { type EnterpriseReads, liveOnly } from './enterpriseReads.ts';
import {
  assertCustomerName,
  inventoryAnswer,
  inventoryScope,
  reportedStockLines,
  reportedStockOut,
  stockOut,
} from './inventoryAnswer.ts';
import { boundedOf } from './pages.ts';
import { enterprisePaths } from './paths.ts';
import { readRowsWithGoods } from './rowsWithGoods.ts';

type InventoryRequest = ValidRequest<'inventory'>;
type Page = ReturnType<typeof pageOf>;

/**
 * The inventory query (query spec §5 "Inventory"): the stock folded from documents
 * (dataSource 10, live or as of a moment) or the warehouses' own reports (dataSource 20, live only).
 */
export function addInventoryRoute(router: Router, reads: EnterpriseReads): void {
  router.post(
    enterprisePaths.inventory,
    handle(async (req, res) => {
      // All seven fields are required (query spec §5 "Inventory"); pageNo/pageSize follow §9 bounds.
      const request = validateQuery('inventory', req.body);
      assertEnterprise(callerOf(res), request.customerCode);
      const page = pageOf({ page: request.pageNo, pageSize: request.pageSize }, pageScopeOfRequest(req));
      if (request.dataSource === '20') return await sendReportedStock(reads, req, res, request, page);
      await sendDocumentedStock(reads, req, res, request, page);
    }),
  );
}

/** dataSource 20: the stock the warehouses report (enterprise feeds), not folded from documents. */
async function sendReportedStock(
  reads: EnterpriseReads,
  req: Request,
  res: Response,
  request: InventoryRequest,
  page: Page,
): Promise<void> {
  const { goodsIds, warehouseId } = inventoryScope(request);
  const asOf = asOfOf(req, Date.now());
  if (asOf !== undefined) throw asOfNotAnswered('inventory', liveOnly.warehouseReports);
  const live = await readLive(
    reads.pool,
    'enterprise-feeds',
    (s, db) =>
      listFeedRows(db, s, {
        family: 'stock',
        enterprise: request.customerCode,
        ...(warehouseId ? { scopes: [warehouseId] } : {}),
      }),
    readOptionsOf(req),
  );
  assertCustomerName(
    request.customerCode,
    request.customerName,
    live.result.map((row) => row.content.customerName),
  );
  return await sendRead(res, live, (result) => {
    const lines = reportedStockLines(result, goodsIds);
    const goodsList = lines
      .slice(page.offset, page.offset + page.limit)
      .map((line) => reportedStockOut(request.customerCode, line));
    return inventoryAnswer(page, request.dataSource, lines.length, goodsList);
  });
}

/** dataSource 10: the stock folded from the enterprise's warehouse documents, with each article's capital. */
async function sendDocumentedStock(
  reads: EnterpriseReads,
  req: Request,
  res: Response,
  request: InventoryRequest,
  page: Page,
): Promise<void> {
  const { goodsIds, warehouseId } = inventoryScope(request);
  const filter = {
    enterprise: request.customerCode,
    warehouseId,
    goodsIds,
    limit: page.limit,
    offset: page.offset,
  };
  const { read, moment } = await readRowsWithGoods(reads, req, {
    enterprise: request.customerCode,
    asOf: asOfOf(req, Date.now()),
    live: (db, s) => listStock(db, s, { ...filter, ...boundedOf(page) }),
    replayed: (data) => stockAsOf(data, filter),
    goodsNumbersOf: (stock) => [...new Set(stock.rows.map((row) => row.goodsId))],
  });
  await sendRead(res, read, (result) => ({
    ...moment,
    ...inventoryAnswer(
      page,
      request.dataSource,
      result.listed.total,
      result.listed.rows.map((row) => stockOut(request.customerCode, row, result.goods)),
    ),
  }));
}
