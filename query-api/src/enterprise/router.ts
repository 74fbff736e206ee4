import {
  enterpriseDataStateOf,
  goodsAsOf,
  goodsOfAsOf,
  monthlyStockMovementsAsOf,
  ownerDeclarationsAsOf,
  stockAsOf,
  warehouseLinesAsOf,
  warehouseSummaryAsOf,
} from '@tradelog/processors/enterprise-data/asOf';
import { monthlyOrderCountsAsOf, ordersAsOf } from '@tradelog/processors/order-status/asOf';
import {
  findGoodsOf,
  listDeclarations,
  listGoods,
  listStock,
  listWarehouseLines,
  monthlyStockMovements,
  type WarehouseLineRow,
  warehouseSummary,
} from '@tradelog/projections/enterprise-data/queries';
import { type GoodsRow, mergedGoodsFields } from '@tradelog/projections/enterprise-data/tables';
import { listFeedRows } from '@tradelog/projections/enterprise-feeds/tables';
import { listOrders, monthlyOrderCounts, type OrderRow } from '@tradelog/projections/order-status/tables';
import { localizedError } from '@tradelog/schemas';
import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import { declaredFieldsOf, rowSchemaOf } from '@tradelog/schemas/documents/declared';
import { customsGoodsItemFields } from '@tradelog/schemas/documents/fields';
import { parseTradeDateTime } from '@tradelog/schemas/documents/formats';
import { goodsQueryFields } from '@tradelog/schemas/queries/responses';
import { Router } from 'express';
import type pg from 'pg';
import {
  asOfMember,
  asOfNotAnswered,
  asOfOf,
  liveOrAsOf,
  type RecordSource,
  replayedEnterpriseRecords,
} from '../reads/asOf.ts';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { pageOf, periodRange, queryPath, validateQuery } from '../reads/requests.ts';
import {
  handle,
  pageScopeOfRequest,
  readLive,
  readOptionsOf,
  sendRead,
  sendReadWithPartners,
  sendSuccess,
} from '../reads/respond.ts';
import { consigneesOf, customerOf, outboundOrderTypeOf } from './customs.ts';
import { monthsBetween, trendOf } from './trend.ts';

/**
 * Enterprise data queries (query spec §3, §5, §7, §9) over the order-status and enterprise-data
 * projections. Paths the spec does not give are ours, listed in query-api/README.md.
 */
export const enterprisePaths = {
  purchase: queryPath('purchaseOrders'),
  saleOrderToB: queryPath('salesToBusiness'),
  saleOrderToC: queryPath('salesToConsumer'),
  customs: queryPath('customsDeclarations'),
  goods: queryPath('goods'),
  inventory: queryPath('inventory'),
  warehouseSummary: queryPath('warehouseSummary'),
  inboundDetails: queryPath('inboundDetails'),
  outboundDetails: queryPath('outboundDetails'),
  trend: queryPath('enterpriseTrend'),
} as const;

const orderQueryOf = {
  purchase: 'purchaseOrders',
  saleOrderToB: 'salesToBusiness',
  saleOrderToC: 'salesToConsumer',
} as const;

/** Order state names of the query spec (§3) for the submitted codes (processors/README.md); none without a status. */
function orderState(kind: string, status: string): string | null {
  if (status === 'none') return null;
  if (status === '30') return 'CANCELLED';
  if (status === '20') return kind === 'purchase' ? 'RECEIVED' : 'SHIPPED';
  return 'AWAITING_SHIPMENT';
}

/**
 * §3 "Sales to consumer orders add platformOrderNo, shop, logisticsName, shippingFee, taxFee,
 * totalAmount": always answered, null when the submission gives none; `shop` is the submitted
 * shop, else the platform the order was sold on (cbepcomName).
 */
const consumerExtras = (fields: Record<string, unknown>) => ({
  platformOrderNo: fields.platformOrderNo ?? null,
  shop: fields.shop ?? fields.cbepcomName ?? null,
  logisticsName: fields.logisticsName ?? null,
  shippingFee: fields.shippingFee ?? null,
  taxFee: fields.taxFee ?? null,
  totalAmount: fields.totalAmount ?? null,
});

/**
 * An order as the purchase and sales queries answer it (§3): every submitted field its document's
 * schema declares (an extra key a partner sent stays in the log, out of answers: `declaredFieldsOf`,
 * README "What lenders are answered"), the goods
 * lines with the spec's goodsName, barCode, qty, priceTax and price (null when the submission
 * gives none), and for consumer orders the extras of §3 (`consumerExtras`). An order submitted without a status answers orderStatus null.
 */
const orderOut = (order: OrderRow) => {
  const { goodList, goodsList, ...fields } = declaredFieldsOf(
    rowSchemaOf(order.kind as DocumentTypeId),
    order.fields,
  );
  const lines = (Array.isArray(goodsList) ? goodsList : Array.isArray(goodList) ? goodList : []) as Record<
    string,
    unknown
  >[];
  return {
    ...fields,
    // The extras read the submitted fields by their names: `shop` is one §3 names that the
    // submission spec's schema does not declare.
    ...(order.kind === 'saleOrderToC' ? consumerExtras(order.fields as Record<string, unknown>) : {}),
    goodsList: lines.map((line) => ({
      ...line,
      goodsName: line.goodsName ?? null,
      barCode: line.barCode ?? null,
      qty: line.qty ?? null,
      priceTax: line.priceTax ?? null,
      price: line.price ?? null,
    })),
    orderStatus: order.status === 'none' ? null : order.status,
    orderState: orderState(order.kind, order.status),
    statusHistory: order.history,
    provenance: order.provenance,
  };
};

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : undefined;
const numberOf = (value: unknown): number | null =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : null;

/** A line's goods id, as the stock movements name it (processors/src/enterprise-data/reducer.ts). */
const goodsIdOf = (line: Record<string, unknown>) =>
  textOf(line.entGoodsNo) ?? textOf(line.goodsNo) ?? textOf(line.barCode);

/**
 * One row of the inbound or outbound details (§3): the line as submitted, completed from the
 * article (goods import / goods sync) for what a warehouse line does not carry — brand,
 * categoryLevel1, a price when the line has none, production and expiry times. Quantities: an
 * inbound line's declared quantity (the tally's count is in the inventory), an outbound line's
 * actual quantity, else its declared one. Absent values are null, never invented.
 */
function detailLine(
  direction: 'inbound' | 'outbound',
  row: WarehouseLineRow,
  goods: ReadonlyMap<string, Record<string, unknown>>,
) {
  const line = row.line;
  const goodsId = goodsIdOf(line) ?? null;
  const article = (goodsId ? goods.get(goodsId) : undefined) ?? goods.get(textOf(line.barCode) ?? '') ?? {};
  const qty =
    direction === 'inbound'
      ? (numberOf(line.declareQty) ?? numberOf(line.enterpriseQty))
      : (numberOf(line.actualQty) ?? numberOf(line.declareQty));
  return {
    entOrderNo: row.orderNo,
    warehouseId: row.warehouseId,
    warehouseTime: row.occurredAt,
    goodsId,
    barCode: textOf(line.barCode) ?? textOf(article.barCode) ?? null,
    goodsName: textOf(line.goodsName) ?? textOf(line.entGoodsName) ?? textOf(article.goodsName) ?? null,
    [direction === 'inbound' ? 'inputSkuNum' : 'outputSkuNum']: qty,
    lotNo: textOf(line.lotNo) ?? null,
    productionTime: textOf(line.productDate) ?? textOf(line.productionTime) ?? null,
    expireTime: textOf(line.expiryDate) ?? textOf(line.expDate) ?? null,
    price: numberOf(line.declareUnitPrice) ?? numberOf(line.price) ?? numberOf(article.recordPrice),
    brand: textOf(line.brand) ?? textOf(article.brand) ?? null,
    categoryLevel1: textOf(line.firstCategory) ?? textOf(article.firstCategory) ?? null,
  };
}

/** customerName must be the owner's name where a stock report gives one (§3 "Inventory"). */
function assertCustomerName(code: string, asked: string, known: readonly unknown[]): void {
  const names = known.filter((name): name is string => typeof name === 'string' && name.trim() !== '');
  if (names.length === 0 || names.some((name) => name.trim() === asked.trim())) return;
  throw localizedError('CUSTOMER_NAME_MISMATCH', 409, {
    cn: `customerName（客户名称）与仓库为货主 ${code} 报告的名称不符`,
    en: `customerName (Customer name) is not the name the warehouse reports for owner ${code}`,
  });
}

/**
 * A declaration's goods item as the customs query answers it: the query spec's field set (§3,
 * checked to its bounds when submitted: schemas/src/documents/fields.ts customsGoodsItem), each
 * null when the line did not give it (a check note's lines need not use these names).
 */
const customsGoodsItemOut = (line: Record<string, unknown>) =>
  Object.fromEntries(customsGoodsItemFields.map((name) => [name, line[name] ?? null]));

/**
 * Every field of the goods query (query spec §3 "Goods") is answered; one that neither goods
 * import nor goods sync gave is null (contractsUnit, qtpUnit and goodsQualityDays come only
 * from a document that sends them under those names: schemas/src/documents/fields.ts).
 */
const goodsQueryFieldsUnknown = Object.fromEntries(goodsQueryFields.map((name) => [name, null]));

const pick = (fields: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]]));

/**
 * The document types each enterprise-data query replays as of a moment (README "As of a
 * moment"): what its rows derive from. Stock is every movement ever, so inventory and the
 * summary replay all of the enterprise's warehouse records, not a period's.
 */
const goodsTypes = ['goods', 'synchronizeGoods'] as const;
const warehouseTypes = ['inbound', 'outbound', 'tally'] as const;
const orderKinds = ['purchase', 'saleOrderToB', 'saleOrderToC'] as const;

/** Why a query is answered live only (README "As of a moment"). */
const liveOnly = {
  declaringFirm: {
    cn: '报关单按货主归属，日志索引无法按申报企业找到其记录',
    en: 'declarations are attributed to their owner, so the document index cannot find them by the declaring firm',
  },
  warehouseReports: {
    cn: 'dataSource 20 为仓库自报的库存快照（企业数据推送），不由单据折叠得出',
    en: 'dataSource 20 is the stock the warehouse reports (enterprise feeds), not folded from documents',
  },
} as const;

export function createEnterpriseRouter(deps: { pool: pg.Pool; records?: Partial<RecordSource> }): Router {
  const { pool } = deps;
  const router = Router();
  const source: RecordSource = { reader: deps.records?.reader, codec: deps.records?.codec };
  /** An enterprise's data as of a moment: its records of these types up to then, folded. */
  const enterpriseDataAsOf = async (enterprise: string, types: readonly string[], asOf: Date) => {
    const { records, freshness } = await replayedEnterpriseRecords(
      pool,
      source,
      { enterprises: [enterprise], types },
      asOf,
    );
    return { data: enterpriseDataStateOf(records), freshness, asOf: asOfMember(asOf, records) };
  };

  for (const kind of ['purchase', 'saleOrderToB', 'saleOrderToC'] as const) {
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
        const { read, moment } = await liveOrAsOf(
          asOfOf(req, Date.now()),
          () =>
            readLive(
              pool,
              'order-status',
              (s, db) => listOrders(db, s, { ...filter, ...(page.bounded ? { bounded: true } : {}) }),
              readOptionsOf(req),
            ),
          async (asOf) => {
            // The enterprise's records of this kind of order, through order-status' own reducer.
            const { records, freshness } = await replayedEnterpriseRecords(
              pool,
              source,
              { enterprises: [request.enterpriseId], types: [kind] },
              asOf,
            );
            return { result: ordersAsOf(records, filter), freshness, asOf: asOfMember(asOf, records) };
          },
        );
        await sendReadWithPartners(res, deps.pool, read, (result) => ({
          ...moment,
          page: page.page,
          pageSize: page.pageSize,
          totalCount: result.total,
          dataList: result.orders.map(orderOut),
        }));
      }),
    );
  }

  router.post(
    enterprisePaths.customs,
    handle(async (req, res) => {
      const request = validateQuery('customsDeclarations', req.body);
      assertEnterprise(callerOf(res), request.enterpriseId);
      const page = pageOf(request, pageScopeOfRequest(req));
      const filter = {
        enterprise: request.enterpriseId,
        dataSource: request.dataSource,
        startDate: request.starDate,
        endDate: request.endDate,
        limit: page.limit,
        offset: page.offset,
      };
      const { read, moment } = await liveOrAsOf(
        asOfOf(req, Date.now()),
        () =>
          readLive(
            pool,
            'enterprise-data',
            (s, db) =>
              listDeclarations(db, s, {
                ...filter,
                enterpriseType: request.enterpriseType,
                ...(page.bounded ? { bounded: true } : {}),
              }),
            readOptionsOf(req),
          ),
        async (asOf) => {
          if (request.enterpriseType !== '10')
            throw asOfNotAnswered('customsDeclarations', liveOnly.declaringFirm);
          const replayed = await enterpriseDataAsOf(
            request.enterpriseId,
            [request.dataSource === '10' ? 'check' : 'clearance'],
            asOf,
          );
          return { ...replayed, result: ownerDeclarationsAsOf(replayed.data, filter) };
        },
      );
      await sendReadWithPartners(res, deps.pool, read, (result) => ({
        ...moment,
        page: page.page,
        pageSize: page.pageSize,
        totalCount: result.total,
        dataList: result.rows.map((row) => ({
          ...pick(row.fields, [
            'entryNo',
            'billNo',
            'contractNo',
            'transportMode',
            'transportTool',
            'voyageNo',
            'superviseType',
            'beginCountry',
            'beginPort',
            'designationPort',
            'tradeCountry',
            'grossWeight',
            'netWeight',
            'checkNo',
            'entOrderNo',
          ]),
          entryNo: row.entryNo,
          customer: customerOf(row.fields, row.ownerCode),
          declareCode: row.declareCode,
          agent: row.fields.customsClearanceName ?? row.fields.declareCode,
          consignees: consigneesOf(row.fields),
          outboundOrderType: outboundOrderTypeOf(row.fields),
          // The parties' codes and names as submitted, beside the names §3 shows.
          parties: pick(row.fields, [
            'consigneeNo',
            'consigneeName',
            'domesticConsigneeCode',
            'domesticConsigneeName',
            'foreignConsigneeCode',
            'foreignConsigneeName',
          ]),
          ieFlag: row.ieFlag,
          declareTime: row.declareTime,
          orderType: row.dataSource === '10' ? '50' : '40',
          goodsList: (Array.isArray(row.fields.goodsList) ? row.fields.goodsList : []).map(
            customsGoodsItemOut,
          ),
          provenance: row.provenance,
        })),
      }));
    }),
  );

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
            (s, db) => listGoods(db, s, { ...filter, ...(page.bounded ? { bounded: true } : {}) }),
            readOptionsOf(req),
          ),
        async (asOf) => {
          const replayed = await enterpriseDataAsOf(request.customerCode, goodsTypes, asOf);
          return { ...replayed, result: goodsAsOf(replayed.data, filter) };
        },
      );
      await sendReadWithPartners(res, deps.pool, read, (result) => ({
        ...moment,
        page: page.page,
        pageSize: page.pageSize,
        totalCount: result.total,
        goodsList: result.rows.map((row) => {
          const sources = Object.entries(row.sources).sort(([, a], [, b]) =>
            String(a.provenance.receivedAt).localeCompare(String(b.provenance.receivedAt)),
          );
          return {
            goodsNo: row.goodsNo,
            ...goodsQueryFieldsUnknown,
            // The spec's fields alone, whatever else a goods document carried.
            ...pick(Object.assign({}, ...sources.map(([, source]) => source.fields)), goodsQueryFields),
            provenance: sources.map(([, source]) => source.provenance),
          };
        }),
      }));
    }),
  );

  router.post(
    enterprisePaths.inventory,
    handle(async (req, res) => {
      // All seven fields are required (query spec §5 "Inventory"); pageNo/pageSize follow §9 bounds.
      const request = validateQuery('inventory', req.body);
      assertEnterprise(callerOf(res), request.customerCode);
      const page = pageOf({ page: request.pageNo, pageSize: request.pageSize }, pageScopeOfRequest(req));
      const goodsIds =
        request.goodsId.trim() === '*'
          ? null
          : request.goodsId
              .split(',')
              .map((id) => id.trim())
              .filter(Boolean);
      const warehouseId = request.warehouseId.trim() === '*' ? null : request.warehouseId.trim();
      const answer = (total: number, goodsList: Record<string, unknown>[]) => ({
        totalCount: total,
        pageNo: page.page,
        pageSize: page.pageSize,
        pageCount: Math.ceil(total / page.pageSize),
        dataSource: request.dataSource,
        goodsList,
      });

      const asOf = asOfOf(req, Date.now());
      if (request.dataSource === '20') {
        if (asOf !== undefined) throw asOfNotAnswered('inventory', liveOnly.warehouseReports);
        const live = await readLive(
          pool,
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
          const lines = result
            .flatMap((row) =>
              (Array.isArray(row.content.stockList)
                ? (row.content.stockList as Record<string, unknown>[])
                : []
              ).map((line) => ({ report: row.content, line })),
            )
            .filter(({ line }) => goodsIds === null || goodsIds.includes(String(line.goodsId)));
          const goodsList = lines.slice(page.offset, page.offset + page.limit).map(({ report, line }) => ({
            warehouseId: report.warehouseId,
            customerCode: request.customerCode,
            capital: line.capital ?? null,
            goodsId: line.goodsId,
            goodsName: line.goodsName ?? null,
            barCode: line.barCode ?? null,
            batchCode: line.batchCode ?? null,
            warehouseTime: line.warehouseTime ?? null,
            productionTime: line.productionTime ?? null,
            expireTime: line.expireTime ?? null,
            realStockNum: line.realStockNum,
            realFrozenStockNum: line.realFrozenStockNum ?? null,
            lockStockNum: line.lockStockNum ?? null,
            stockType: line.stockType,
            snapshotTime: report.snapshotTime,
          }));
          return answer(lines.length, goodsList);
        });
      }

      const filter = {
        enterprise: request.customerCode,
        warehouseId,
        goodsIds,
        limit: page.limit,
        offset: page.offset,
      };
      const withArticles = (stock: Awaited<ReturnType<typeof listStock>>, articles: GoodsRow[]) => ({
        stock,
        articles: new Map(articles.map((row) => [row.goodsNo, mergedGoodsFields(row)])),
      });
      const goodsIdsOf = (stock: Awaited<ReturnType<typeof listStock>>) => [
        ...new Set(stock.rows.map((row) => row.goodsId)),
      ];
      const { read, moment } = await liveOrAsOf(
        asOf,
        () =>
          readLive(
            pool,
            'enterprise-data',
            async (s, db) => {
              const stock = await listStock(db, s, { ...filter, ...(page.bounded ? { bounded: true } : {}) });
              return withArticles(stock, await findGoodsOf(db, s, request.customerCode, goodsIdsOf(stock)));
            },
            readOptionsOf(req),
          ),
        async (asOf) => {
          const replayed = await enterpriseDataAsOf(
            request.customerCode,
            [...warehouseTypes, ...goodsTypes],
            asOf,
          );
          const stock = stockAsOf(replayed.data, filter);
          return {
            ...replayed,
            result: withArticles(stock, goodsOfAsOf(replayed.data, request.customerCode, goodsIdsOf(stock))),
          };
        },
      );
      await sendRead(res, read, (result) => ({
        ...moment,
        ...answer(
          result.stock.total,
          result.stock.rows.map((row) => ({
            warehouseId: row.warehouseId,
            customerCode: request.customerCode,
            capital: result.articles.get(row.goodsId)?.capital ?? null,
            goodsId: row.goodsId,
            goodsName: row.goodsName,
            barCode: row.barCode,
            batchCode: row.batchCode,
            warehouseTime: row.firstInAt,
            productionTime: row.productionTime,
            expireTime: row.expireTime,
            realStockNum: row.qty,
            // No partner document carries frozen or locked stock: unknown, not 0 (dataSource 20 has them).
            realFrozenStockNum: null,
            lockStockNum: null,
            stockType: row.stockType,
          })),
        ),
      }));
    }),
  );

  router.post(
    enterprisePaths.warehouseSummary,
    handle(async (req, res) => {
      const request = validateQuery('warehouseSummary', req.body);
      assertEnterprise(callerOf(res), request.enterpriseId);
      const range = periodRange(request.period);
      const asOf = asOfOf(req, Date.now());
      if (asOf !== undefined) {
        const replayed = await enterpriseDataAsOf(request.enterpriseId, warehouseTypes, asOf);
        const result = warehouseSummaryAsOf(replayed.data, { enterprise: request.enterpriseId, ...range });
        return await sendRead(res, { result, freshness: replayed.freshness }, (summary) => ({
          dataList: [{ period: request.period, ...summary }],
          asOf: replayed.asOf,
        }));
      }
      const live = await readLive(
        pool,
        'enterprise-data',
        (s, db) => warehouseSummary(db, s, { enterprise: request.enterpriseId, ...range }),
        readOptionsOf(req),
      );
      await sendRead(res, live, (result) => ({ dataList: [{ period: request.period, ...result }] }));
    }),
  );

  // Inbound and outbound details (§3): one row per goods line of the period's orders.
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
        type Lines = Awaited<ReturnType<typeof listWarehouseLines>>;
        const numbersOf = (lines: Lines) => [
          ...new Set(
            lines.rows.flatMap((row) =>
              [goodsIdOf(row.line), textOf(row.line.barCode)].filter((n): n is string => n !== undefined),
            ),
          ),
        ];
        const withGoods = (lines: Lines, goods: GoodsRow[]) => ({
          lines,
          goods: new Map(goods.map((row) => [row.goodsNo, mergedGoodsFields(row)])),
        });
        const { read, moment } = await liveOrAsOf(
          asOfOf(req, Date.now()),
          () =>
            readLive(
              pool,
              'enterprise-data',
              async (s, db) => {
                const lines = await listWarehouseLines(db, s, {
                  ...filter,
                  ...(page.bounded ? { bounded: true } : {}),
                });
                return withGoods(lines, await findGoodsOf(db, s, request.enterpriseId, numbersOf(lines)));
              },
              readOptionsOf(req),
            ),
          async (asOf) => {
            const replayed = await enterpriseDataAsOf(
              request.enterpriseId,
              [...warehouseTypes, ...goodsTypes],
              asOf,
            );
            const lines = warehouseLinesAsOf(replayed.data, filter);
            return {
              ...replayed,
              result: withGoods(lines, goodsOfAsOf(replayed.data, request.enterpriseId, numbersOf(lines))),
            };
          },
        );
        await sendRead(res, read, (result) => ({
          ...moment,
          page: page.page,
          pageSize: page.pageSize,
          totalCount: result.lines.total,
          dataList: result.lines.rows.map((row) => detailLine(direction, row, result.goods)),
        }));
      }),
    );
  }

  // The monthly trend (ours; query-api/README.md "Enterprise trend"): two projections, each read
  // live; the answer's freshness names both.
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
  return router;
}
