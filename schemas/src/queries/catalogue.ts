import type { JsonSchema } from '../documents/json-schema.ts';
import { taxListNames } from '../feeds/enterprise/tax.ts';
import {
  brandRankingRequest,
  ecommerceSalesToBRequest,
  ecommerceSalesToCRequest,
  inWarehouseDataRequest,
  paymentAccountMonitorRequest,
  taxInformationRequest,
  warehouseIndicatorsRequest,
} from './enterprise-feeds.ts';
import {
  flightScheduleRequest,
  flightScheduleResponse,
  oceanCarriersRequest,
  oceanCarriersResponse,
  routeScheduleRequest,
  routeScheduleResponse,
  terminalVesselPlanRequest,
  terminalVesselPlanResponse,
  transportBillRequest,
  transportBillResponse,
  truckPositionRequest,
  truckPositionResponse,
  truckTrackRequest,
  truckTrackResponse,
  vesselAisRequest,
  vesselAisResponse,
  vesselArchiveRequest,
  vesselArchiveResponse,
} from './reference.ts';
import {
  collateralExposureRequest,
  customsDeclarationsRequest,
  enterpriseTrendRequest,
  expressRouteMapSubscriptionRequest,
  expressSubscriptionRequest,
  goodsRequest,
  inboundDetailsRequest,
  inventoryRequest,
  linkNodeRequest,
  oceanTrackingRequest,
  outboundDetailsRequest,
  purchaseOrdersRequest,
  salesToBusinessRequest,
  salesToConsumerRequest,
  terminalTrackingRequest,
  warehouseSummaryRequest,
} from './requests.ts';
import {
  airTrackingRequest,
  expressInstantQueryRequest,
  expressRouteMapInstantQueryRequest,
} from './tracking.ts';

/**
 * The query and subscription interfaces Tradelog serves from its projections (query spec §7),
 * with their request schemas. All are POST with a JSON body. Paths are the spec's where it
 * gives them; where it does not (purchase and sales queries: "paths not shown"; customs
 * declarations: "a numeric path") we chose paths beside the spec's /open/info/enterprise/…
 * ones, listed in schemas/README.md.
 */
export type QueryTypeId =
  | 'linkNode'
  | 'collateralExposure'
  | 'purchaseOrders'
  | 'salesToBusiness'
  | 'salesToConsumer'
  | 'customsDeclarations'
  | 'goods'
  | 'inventory'
  | 'warehouseSummary'
  | 'inboundDetails'
  | 'outboundDetails'
  | 'enterpriseTrend'
  | 'inWarehouseData'
  | 'warehouseIndicators'
  | 'paymentAccountMonitor'
  | 'brandRanking'
  | 'ecommerceSalesToB'
  | 'ecommerceSalesToC'
  | 'taxInformation'
  | 'expressSubscription'
  | 'expressRouteMapSubscription'
  | 'oceanTracking'
  | 'terminalTracking'
  | 'expressInstantQuery'
  | 'expressRouteMapInstantQuery'
  | 'airTracking'
  | ReferenceQueryTypeId;

/** The logistics reference look-ups (query spec §3, §7): vessels, bills, schedules, flights, trucks. */
export type ReferenceQueryTypeId =
  | 'vesselArchive'
  | 'vesselAis'
  | 'transportBill'
  | 'routeSchedule'
  | 'terminalVesselPlan'
  | 'flightSchedule'
  | 'truckPosition'
  | 'truckTrack'
  | 'oceanCarriers';

export interface QueryType {
  id: QueryTypeId;
  /** `query` answers from projections; `subscription` registers a callback; `trackOrSubscribe` does either, by whether callbackUrl is given. */
  kind: 'query' | 'subscription' | 'trackOrSubscribe';
  path: string;
  title: { cn: string; en: string };
  request: JsonSchema;
  /** What the answer holds, for the API reference (the response envelope is `{flag, code, message, …}`). */
  response: { cn: string; en: string };
  /** The HTTP method; POST with a JSON body unless said (the vessel look-ups are GET, §7). */
  method?: 'GET' | 'POST';
  /** The answer's shape, where the interface answers in a convention of its own (§3, §8). */
  responseSchema?: JsonSchema;
}

function entry(
  id: QueryTypeId,
  kind: QueryType['kind'],
  path: string,
  request: JsonSchema,
  response: QueryType['response'],
): QueryType {
  return {
    id,
    kind,
    path,
    title: { cn: request.title ?? id, en: request['x-title-en'] ?? id },
    request,
    response,
  };
}

const orderList = (extraCn: string, extraEn: string) => ({
  cn: `flag、code、message、page、pageSize、totalCount 及 dataList（按到达顺序分页）：提交的全部订单字段，orderStatus（10/20/30，未提交状态为 null）与 orderState（AWAITING_SHIPMENT、SHIPPED、RECEIVED、CANCELLED）${extraCn}，含 goodsList（goodsName、barCode、qty、priceTax、price，未提交为 null）`,
  en: `flag, code, message, page, pageSize, totalCount and dataList (paged in arrival order): every submitted order field, orderStatus (10/20/30; null when none was submitted) and orderState (AWAITING_SHIPMENT, SHIPPED, RECEIVED, CANCELLED)${extraEn}, each with goodsList (goodsName, barCode, qty, priceTax, price; null when not submitted)`,
});

export const queryTypes: readonly QueryType[] = Object.freeze([
  entry('linkNode', 'query', '/open/info/link/node', linkNodeRequest, {
    cn: 'flag、code、message 及十一个节点块：arrivalInfo、intoDeclareInfo、intoTransportInfo、intoStorageInfo、transfersInfo、outStorageInfo、outDeclareInfo、outTransportInfo、financingInfo、purchaseInfo、salesInfo',
    en: 'flag, code, message and eleven blocks: arrivalInfo, intoDeclareInfo, intoTransportInfo, intoStorageInfo, transfersInfo, outStorageInfo, outDeclareInfo, outTransportInfo, financingInfo, purchaseInfo, salesInfo',
  }),
  entry('collateralExposure', 'query', '/open/info/collateral/exposure', collateralExposureRequest, {
    cn: 'flag、code、message、financing（customerCode、financingOrderNo、open、firstSeen、provenance）及 collateral：每件押品一条（kind：billOfLading 提单、warehouseReceipt 仓单、contract 合同；number 规范化编号；warehouse 仓单所在仓库；firstSeen、provenance），含 otherFinancings（同时持有它的其他未结融资笔数）、grantedFinancings（其中调用方有权查看的企业的融资：customerCode、financingOrderNo、firstSeen、provenance）与 undisclosedFinancings（其余企业的融资，只计数）',
    en: 'flag, code, message, financing (customerCode, financingOrderNo, open, firstSeen, provenance) and collateral: one item per piece (kind: billOfLading, warehouseReceipt or contract; number, normalised; warehouse for a receipt; firstSeen, provenance) with otherFinancings (how many other open financings hold it), grantedFinancings (those of enterprises the caller is granted: customerCode, financingOrderNo, firstSeen, provenance) and undisclosedFinancings (those of other enterprises, only counted)',
  }),
  entry(
    'purchaseOrders',
    'query',
    '/open/info/enterprise/purchase-orders',
    purchaseOrdersRequest,
    orderList('', ''),
  ),
  entry(
    'salesToBusiness',
    'query',
    '/open/info/enterprise/sales-to-business',
    salesToBusinessRequest,
    orderList('', ''),
  ),
  entry(
    'salesToConsumer',
    'query',
    '/open/info/enterprise/sales-to-consumer',
    salesToConsumerRequest,
    orderList(
      '，另含 platformOrderNo、shop（提交的店铺，否则电商平台名称 cbepcomName）、logisticsName、shippingFee、taxFee、totalAmount',
      ', plus platformOrderNo, shop (the submitted shop, else the platform cbepcomName), logisticsName, shippingFee, taxFee, totalAmount',
    ),
  ),
  entry(
    'customsDeclarations',
    'query',
    '/open/info/enterprise/customs-declarations',
    customsDeclarationsRequest,
    {
      cn: 'flag、code、message 及 dataList：报关单（entryNo、收发货人、billNo、contractNo、运输信息、declareCode、ieFlag、启运国与港口、declareTime、毛重净重）及必有的 goodsList（hsCode、entGoodsName、specDescription、declareQty、declareUnit、单价总价、币制、原产国与目的国）',
      en: 'flag, code, message and dataList: declarations (entryNo, consignors and consignees, billNo, contractNo, transport, declareCode, ieFlag, countries and ports, declareTime, weights), each with a goodsList (hsCode, entGoodsName, specDescription, declareQty, declareUnit, prices, currency, origin and destination)',
    },
  ),
  entry('goods', 'query', '/open/info/goods', goodsRequest, {
    cn: 'flag、code、message 及 goodsList：goodsNo、goodsName、barCode、brand、goodsSpec、recordPrice、contractsUnit、qtpUnit、goodsHsCode、goodsQualityDays、produceComp、kgs、net、custassemCountry',
    en: 'flag, code, message and goodsList: goodsNo, goodsName, barCode, brand, goodsSpec, recordPrice, contractsUnit, qtpUnit, goodsHsCode, goodsQualityDays, produceComp, kgs, net, custassemCountry',
  }),
  entry('inventory', 'query', '/open/inventory/query', inventoryRequest, {
    cn: 'flag、code、message、totalCount、pageNo、pageSize、pageCount、dataSource 及 goodsList：warehouseId、customerCode、capital、goodsId、goodsName、barCode、batchCode、warehouseTime、productionTime、expireTime、realStockNum、realFrozenStockNum、lockStockNum、stockType（0 良品，1 残次）；冻结与锁定数量仅数据来源 20（仓库库存报告）提供，来源 10 为 null',
    en: 'flag, code, message, totalCount, pageNo, pageSize, pageCount, dataSource and goodsList: warehouseId, customerCode, capital, goodsId, goodsName, barCode, batchCode, warehouseTime, productionTime, expireTime, realStockNum, realFrozenStockNum, lockStockNum, stockType (0 good, 1 bad); frozen and locked stock only from dataSource 20 (the warehouse stock report), null for 10',
  }),
  entry('warehouseSummary', 'query', '/open/info/warehouse/summary', warehouseSummaryRequest, {
    cn: 'flag、code、message 及 dataList：period、inputQty、inputAmount、inputSkuNum、outputQty、outputAmount、outputSkuNum、inventoryQty、inventoryAmount、inventorySkuNum；金额只计有价格的商品行，未申报单价或总价的行数见 inputUnpricedLines、outputUnpricedLines、inventoryUnpricedLines（不为 0 时对应金额不完整）',
    en: 'flag, code, message and dataList: period, inputQty, inputAmount, inputSkuNum, outputQty, outputAmount, outputSkuNum, inventoryQty, inventoryAmount, inventorySkuNum; amounts add the lines that state a price, and inputUnpricedLines, outputUnpricedLines, inventoryUnpricedLines count the lines that state none (the amount beside a count above 0 is incomplete)',
  }),
  entry('inboundDetails', 'query', '/open/info/enterprise/history/inbound-details', inboundDetailsRequest, {
    cn: 'flag、code、message、page、pageSize、totalCount 及 dataList（每个商品行一条，按到达顺序分页）：entOrderNo、warehouseId、warehouseTime、goodsId、barCode、goodsName、inputSkuNum（申报数量）、lotNo、productionTime、expireTime、price、brand、categoryLevel1；单据与商品资料均未提供的值为 null',
    en: 'flag, code, message, page, pageSize, totalCount and dataList (one row per goods line, paged in arrival order): entOrderNo, warehouseId, warehouseTime, goodsId, barCode, goodsName, inputSkuNum (declared quantity), lotNo, productionTime, expireTime, price, brand, categoryLevel1; null where neither the document nor the article gives a value',
  }),
  entry(
    'outboundDetails',
    'query',
    '/open/info/enterprise/history/outbound-details',
    outboundDetailsRequest,
    {
      cn: 'flag、code、message、page、pageSize、totalCount 及 dataList（每个商品行一条，按到达顺序分页）：entOrderNo、warehouseId、warehouseTime（发货时间）、goodsId、barCode、goodsName、outputSkuNum（实发数量，否则申报数量）、lotNo、productionTime、expireTime、price、brand、categoryLevel1；未提供的值为 null',
      en: 'flag, code, message, page, pageSize, totalCount and dataList (one row per goods line, paged in arrival order): entOrderNo, warehouseId, warehouseTime (delivery time), goodsId, barCode, goodsName, outputSkuNum (actual, else declared quantity), lotNo, productionTime, expireTime, price, brand, categoryLevel1; null where not given',
    },
  ),
  entry('enterpriseTrend', 'query', '/open/info/enterprise/trend', enterpriseTrendRequest, {
    cn: 'flag、code、message 及 dataList（每月一条，含无数据的月份）：month、purchaseOrders、salesToBusiness、salesToConsumer（当月下单的订单数）、inputQty、inputAmount、outputQty、outputAmount（当月出入库）、inventoryQty、inventoryAmount（月末库存，按单据计算），以及 inputUnpricedLines、outputUnpricedLines、inventoryUnpricedLines（未申报价格的行数：金额只含有价格的行，与仓储汇总相同）',
    en: 'flag, code, message and dataList (one entry per month, months without data included): month, purchaseOrders, salesToBusiness, salesToConsumer (orders placed in the month), inputQty, inputAmount, outputQty, outputAmount (the month’s inbound and outbound), inventoryQty, inventoryAmount (month-end stock, from the documents), and inputUnpricedLines, outputUnpricedLines, inventoryUnpricedLines (lines stating no price: the amounts add the priced lines only, as the warehouse summary)',
  }),
  entry('inWarehouseData', 'query', '/open/info/enterprise/data-in-warehouse', inWarehouseDataRequest, {
    cn: 'flag、code、message 及平铺的（§3）一个仓库最近盘点：countDate、cooperationTime、valueOfTotal、inventoryOfSix、deliveryOfSix、turnoverRate、mainBrand、categoryL1 至 categoryL3、brandValueRate、deliveryOfThree、deliveryOfPast、deliveryYoY、warehouseId、categoryValueList{categoryName, categoryValue}（无数据时为 null），以及 warehouseIds（有数据的全部仓库）',
    en: "flag, code, message and, flat (§3), one warehouse's latest count: countDate, cooperationTime, valueOfTotal, inventoryOfSix, deliveryOfSix, turnoverRate, mainBrand, categoryL1 to categoryL3, brandValueRate, deliveryOfThree, deliveryOfPast, deliveryYoY, warehouseId, categoryValueList{categoryName, categoryValue} (null without data), and warehouseIds (every warehouse with data)",
  }),
  entry('warehouseIndicators', 'query', '/open/info/indicators', warehouseIndicatorsRequest, {
    cn: '已停用（应答头 Deprecation: true，应答体 deprecated: true）。flag、code、message 及 resultsData：warehouseId、snapshotTime、inventoryQty、inventoryAmount、inputNum、inputQty、inputAmount、outputNum、outputQty、outputAmount',
    en: 'Deprecated (header Deprecation: true, body deprecated: true). flag, code, message and resultsData: warehouseId, snapshotTime, inventoryQty, inventoryAmount, inputNum, inputQty, inputAmount, outputNum, outputQty, outputAmount',
  }),
  entry(
    'paymentAccountMonitor',
    'query',
    '/open/info/enterprise/repayment/account-monitor',
    paymentAccountMonitorRequest,
    {
      cn: 'flag、code、message 及 accountList：platform、accountName、bankName、bankAccount、changeTime、changeInfo（最新的在前）',
      en: 'flag, code, message and accountList: platform, accountName, bankName, bankAccount, changeTime, changeInfo (latest first)',
    },
  ),
  entry('brandRanking', 'query', '/open/info/enterprise/brand/ranking', brandRankingRequest, {
    cn: 'flag、code、message、dataMonth 及 dataList：brand、category、sumUpRanking、highEndRanking、popularRanking 三项总在；所问类型的名次有值（0 综合、1 高端、2 人气、99 三者），其余为 null',
    en: 'flag, code, message, dataMonth and dataList: brand, category, sumUpRanking, highEndRanking, popularRanking, all three always; the places of the type asked filled (0 composite, 1 high-end, 2 popularity, 99 all three), the others null',
  }),
  entry('ecommerceSalesToB', 'query', '/open/info/tob', ecommerceSalesToBRequest, {
    cn: 'flag、code、message 及 platformDataList：platform、startDate、endDate、firstDate、purchaseCycle、settleCycle、saleList{period、currency、amount、billNum、poList{poOrderNo、orderCurrency、orderAmount、orderTime、orderStatus、settleAmount}}、settleList{period、currency、amount}',
    en: 'flag, code, message and platformDataList: platform, startDate, endDate, firstDate, purchaseCycle, settleCycle, saleList{period, currency, amount, billNum, poList{poOrderNo, orderCurrency, orderAmount, orderTime, orderStatus, settleAmount}}, settleList{period, currency, amount}',
  }),
  entry('ecommerceSalesToC', 'query', '/open/info/toc', ecommerceSalesToCRequest, {
    cn: 'flag、code、message 及 shopDataList：platform、shopName、startDate、endDate、firstDate、shopCode、monthDataList{period、currency、amount、billNum、GMVAmount}',
    en: 'flag, code, message and shopDataList: platform, shopName, startDate, endDate, firstDate, shopCode, monthDataList{period, currency, amount, billNum, GMVAmount}',
  }),
  entry('taxInformation', 'query', '/open/info/enterprise/tax', taxInformationRequest, {
    cn: `result（000000 成功，其余为错误）、resultmsg、orderNum、nsrsbh、datatype 及列表 ${taxListNames.join('、')}`,
    en: `result (000000 success, anything else an error), resultmsg, orderNum, nsrsbh, datatype and the lists ${taxListNames.join(', ')}`,
  }),
  entry(
    'expressSubscription',
    'subscription',
    '/logistics/kdn/track/subscription',
    expressSubscriptionRequest,
    {
      cn: 'shipperCode、logisticCode、success、updateTime；推送失败在 15 分钟和 30 分钟后各重试一次',
      en: 'shipperCode, logisticCode, success, updateTime; a failed push is retried twice, after 15 and 30 minutes',
    },
  ),
  entry(
    'expressRouteMapSubscription',
    'subscription',
    '/open/logistics/kdn/track/subscription/route/map',
    expressRouteMapSubscriptionRequest,
    {
      cn: 'shipperCode、logisticCode、success、updateTime、routeMapUrl；推送失败在 15 分钟和 30 分钟后各重试一次',
      en: 'shipperCode, logisticCode, success, updateTime, routeMapUrl; a failed push is retried twice, after 15 and 30 minutes',
    },
  ),
  entry('oceanTracking', 'trackOrSubscribe', '/open/freightower/trace/ocean', oceanTrackingRequest, {
    cn: 'flag、code、message 及 data.params、data.result（提单、承运人、收发货地、船舶、航线、集装箱事件等）；订阅后接收方须在 10 秒内返回 HTTP 200，retriable 为 true 时重试',
    en: 'flag, code, message and data.params, data.result (bill, carrier, places, vessel, routes, container events …); subscribers must answer HTTP 200 within 10 s, and are retried when they reply retriable',
  }),
  entry('terminalTracking', 'trackOrSubscribe', '/open/freightower/trace/shipment', terminalTrackingRequest, {
    cn: 'flag、code、message 及 data.params、data.result.shipment（单证、箱、运输、事件、地点）；订阅后接收方须在 10 秒内返回 HTTP 200，retriable 为 true 时重试',
    en: 'flag, code, message and data.params, data.result.shipment (documents, equipment, transports, events, locations); subscribers must answer HTTP 200 within 10 s, and are retried when they reply retriable',
  }),
  entry(
    'expressInstantQuery',
    'query',
    '/open/logistics/express/bird/instantQuery',
    expressInstantQueryRequest,
    {
      cn: 'shipperCode、logisticCode、success、state（0–10）、stateEx、location、traces（acceptTime、acceptStation、location、action、remark）；无数据或校验未通过时 success 为 false 并给出 reason；每秒最多 10 次',
      en: 'shipperCode, logisticCode, success, state (0–10), stateEx, location, traces (acceptTime, acceptStation, location, action, remark); success false with a reason when nothing is known or the check fails; at most 10 calls per second',
    },
  ),
  entry(
    'expressRouteMapInstantQuery',
    'query',
    '/open/logistics/express/bird/instantQuery/route/map',
    expressRouteMapInstantQueryRequest,
    {
      cn: '同文字版，另含 routeMapUrl（轨迹地图链接）与 coordinates',
      en: 'As the text version, plus routeMapUrl (the route map link) and coordinates',
    },
  ),
  entry('airTracking', 'trackOrSubscribe', '/open/freightower/trace/air', airTrackingRequest, {
    cn: 'statusCode（20000 有数据，20001 无数据，40000 参数错误，42900 超出调用限制）、message 及 data 列表：origin、status（PROCESS、COMPLETE）、businessNumber、carrier、shipmentEquipments、shipmentLocations（PRE、PDE）、shipmentEvents、transportEvents、equipmentEvents',
    en: 'statusCode (20000 data, 20001 none, 40000 parameter error, 42900 call limit exceeded), message and a data list: origin, status (PROCESS, COMPLETE), businessNumber, carrier, shipmentEquipments, shipmentLocations (PRE, PDE), shipmentEvents, transportEvents, equipmentEvents',
  }),
  ...referenceQueries(),
]);

/**
 * The reference look-ups. Paths are the spec's where it gives them (`GET /5666666`, `GET
 * /open/freightower/vessel/detail`, `POST /gjys`); where it shows only an ending they are ours,
 * beside the spec's /open/freightower/… paths (query-api/README.md "Reference look-ups").
 */
function referenceQueries(): QueryType[] {
  const lookUp = (
    id: ReferenceQueryTypeId,
    path: string,
    request: JsonSchema,
    responseSchema: JsonSchema,
    response: QueryType['response'],
    method: 'GET' | 'POST' = 'POST',
  ): QueryType => ({ ...entry(id, 'query', path, request, response), method, responseSchema });
  return [
    lookUp(
      'vesselArchive',
      '/5666666',
      vesselArchiveRequest,
      vesselArchiveResponse,
      {
        cn: 'statusCode（20000 成功）、message 及 data 船舶列表：shipId、船名、imo、mmsi、呼号、船型、尺度、吨位、船旗、箱位、建造、管理人、船东、承运人；参数可放在查询串，或以 multipart/form-data（或 x-www-form-urlencoded）表单提交',
        en: 'statusCode (20000 success), message and data, a list of vessels: shipId, names, imo, mmsi, call sign, types, dimensions, tonnages, flag, container capacity, build, managers, owner, carrier; parameters in the query string, or as a multipart/form-data (or x-www-form-urlencoded) form',
      },
      'GET',
    ),
    lookUp(
      'vesselAis',
      '/open/freightower/vessel/detail',
      vesselAisRequest,
      vesselAisResponse,
      {
        cn: 'flag、code、message 及 data：船舶静态数据与最新船位，单位为规范单位（长宽分米、吃水毫米、航速毫米/秒、角度 1/100 度、经纬度 1/1000000 度）',
        en: 'flag, code, message and data: static data and the latest position in the spec’s units (decimetres, millimetres, mm/s, 1/100 degree, 1/1,000,000 degree)',
      },
      'GET',
    ),
    lookUp('transportBill', '/gjys', transportBillRequest, transportBillResponse, {
      cn: 'flag、code、message 及 billDetails：SO、船公司、船名航次、MBL、订舱与各节点时间、起运与目的地、containerInfo',
      en: 'flag, code, message and billDetails: SO, shipping company, vessel and voyage, MBL, booking and milestone times, origin and destination, containerInfo',
    }),
    lookUp('routeSchedule', '/open/freightower/schedule/hxcq', routeScheduleRequest, routeScheduleResponse, {
      cn: 'status、statusCode（20000 成功）、message、pageNum、pageSize、size、total、pages 及 content：每次挂港一条（承运人、航线、挂港顺序、港口、码头、到离港星期、航程）',
      en: 'status, statusCode (20000 success), message, pageNum, pageSize, size, total, pages and content: one item per port call (carrier, service, call order, port, terminal, weekdays, transit time)',
    }),
    lookUp(
      'terminalVesselPlan',
      '/open/freightower/terminal/mtcbjh',
      terminalVesselPlanRequest,
      terminalVesselPlanResponse,
      {
        cn: 'status、statusCode（20000 成功）、message 及 data 挂靠计划：船名、代理、航线、码头、挂靠港、预计与实际抵靠离时间、开截港与截关时间、进出口航次',
        en: 'status, statusCode (20000 success), message and data, the planned calls: names, agent, line, terminal, ports, estimated and actual arrival, berthing and departure, yard and customs cut-offs, voyages',
      },
    ),
    lookUp('flightSchedule', '/open/flight/qqhbjh', flightScheduleRequest, flightScheduleResponse, {
      cn: 'code（20000 有数据、20001 无数据、4xxxx 参数与权限、42900 调用超限、50000 内部错误）、message 及 data：success、comment、totaPages、totalRecords、pageSize、currentPage、flights',
      en: 'code (20000 data, 20001 none, 4xxxx parameters and permissions, 42900 call limit, 50000 internal), message and data: success, comment, totaPages, totalRecords, pageSize, currentPage, flights',
    }),
    lookUp('truckPosition', '/open/truck/tuochedingwei', truckPositionRequest, truckPositionResponse, {
      cn: 'status、statusCode（20000 成功）、message 及 content.truckInfos：isExist、truckNo、positionInfo',
      en: 'status, statusCode (20000 success), message and content.truckInfos: isExist, truckNo, positionInfo',
    }),
    lookUp('truckTrack', '/open/truck/tuochematougenzong', truckTrackRequest, truckTrackResponse, {
      cn: 'status、statusCode（20000 成功）、message 及 content.truckInfos：isExist、truckNo、positionInfo、track24s（24 小时轨迹）',
      en: 'status, statusCode (20000 success), message and content.truckInfos: isExist, truckNo, positionInfo, track24s (the 24-hour track)',
    }),
    lookUp(
      'oceanCarriers',
      '/open/freightower/carriers',
      oceanCarriersRequest,
      oceanCarriersResponse,
      {
        cn: 'flag、code、message 及 data：declared（规范声明 46 家）、total 与 carriers：carrierCode、scac、nameCn、nameEn、url、refreshHours（刷新周期）、containerNoQuery（SUPPORTED、UNSUPPORTED、WITH_BILL）；名单由跟踪服务商提供，规范未列出',
        en: 'flag, code, message and data: declared (the 46 the spec counts), total and carriers: carrierCode, scac, nameCn, nameEn, url, refreshHours, containerNoQuery (SUPPORTED, UNSUPPORTED, WITH_BILL); the list is the tracking providers’, the spec names none',
      },
      'GET',
    ),
  ];
}

const byId = new Map(queryTypes.map((type) => [type.id, type]));

export function queryType(id: QueryTypeId): QueryType {
  const type = byId.get(id);
  if (!type) throw new Error(`unknown query type "${id}"`);
  return type;
}
