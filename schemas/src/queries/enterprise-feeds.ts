import {
  code,
  date,
  documentSchema,
  type JsonSchema,
  labels as l,
  list,
  record,
} from '../documents/json-schema.ts';
import { brand, category, rankingTypes } from '../feeds/enterprise/brand-ranking.ts';
import { feedField } from '../feeds/enterprise/fields.ts';
import { datatype, nsrsbh, nsrsmc } from '../feeds/enterprise/tax.ts';

/**
 * Requests of the enterprise-feed queries (query spec §3, §5, §7): in-warehouse data, warehouse
 * operating indicators (deprecated), payment account monitor, brand ranking, e-commerce sales to
 * business and to consumer, tax information. Field definitions are the feeds' own
 * (schemas/src/feeds/enterprise), so a query asks in the terms a provider reports in.
 */
export const inWarehouseDataRequest: JsonSchema = documentSchema({
  words: l(
    '在仓数据查询',
    'In-warehouse data',
    '企业在一个仓库最近一次盘点的在仓货值、库存、出库、周转与品类构成，按规范 §3 平铺应答。warehouseId 为本平台增加的选填项：不填时应答最近盘点的仓库，warehouseIds 列出有数据的全部仓库',
    "The enterprise's latest in-warehouse figures in one warehouse (value, stock, deliveries, turnover, category mix), answered flat as §3 shows. warehouseId is Tradelog's optional addition: without it the warehouse counted most recently answers, and warehouseIds lists every warehouse with data",
  ),
  properties: { enterpriseId: feedField.enterpriseId, warehouseId: feedField.warehouseId },
  required: ['enterpriseId'],
});

export const warehouseIndicatorsRequest: JsonSchema = documentSchema({
  words: l(
    '仓库经营指标查询（已停用）',
    'Warehouse operating indicators (deprecated)',
    '已停用：该接口已迁移，仍按原文档应答。返回企业在仓库中查询日当日（含）之前最近一次的指标快照',
    'Deprecated: the interface has moved elsewhere and still answers as documented. Answers the latest snapshot of the enterprise in the warehouse taken on or before the query day',
  ),
  properties: {
    enterpriseCode: feedField.enterpriseCode,
    enterpriseName: feedField.enterpriseName,
    warehouseId: feedField.warehouseId,
    queryTime: date(l('查询日期', 'Query date', '查询日期 yyyy-MM-dd', 'The day asked about, yyyy-MM-dd')),
  },
  required: ['enterpriseCode', 'enterpriseName', 'warehouseId', 'queryTime'],
});

export const paymentAccountMonitorRequest: JsonSchema = documentSchema({
  words: l(
    '回款账户监控',
    'Payment account monitor',
    '企业各平台回款账户的设立与变更，最新的在前',
    "The set-up and changes of the enterprise's payment accounts on each platform, latest first",
  ),
  properties: {
    enterpriseId: feedField.enterpriseId,
    platform: {
      ...feedField.monitorPlatform,
      description: `${feedField.monitorPlatform.description}不填为全部平台。`,
      'x-description-en': `${feedField.monitorPlatform['x-description-en']} Leave out for every platform.`,
    },
  },
  required: ['enterpriseId'],
});

export const brandRankingRequest: JsonSchema = documentSchema({
  words: l(
    '品牌排名查询',
    'Brand ranking',
    '所列品牌在其三级品类中的排名；期间不填为最近一期',
    'The places of the listed brands in their third-level categories; without a period, the latest one',
  ),
  properties: {
    rankingType: code(
      { ...rankingTypes, '99': ['全部', 'all'] },
      l('排名类型', 'Ranking type', '返回哪种排名', 'Which ranking to answer'),
    ),
    // §3 Brand ranking: "dataMonth (YYYY-MM, optional)" — a month, not a year.
    dataMonth: feedField.month,
    brandRankings: list(
      record(
        { brand, category },
        ['brand'],
        l('品牌', 'Brand', '一个品牌，可指定三级品类', 'One brand, optionally in one third-level category'),
      ),
      { min: 1, max: 200 },
      l('品牌列表', 'Brands', '要查询的品牌', 'The brands asked about'),
    ),
  },
  required: ['rankingType', 'brandRankings'],
});

const salesFields = {
  enterpriseId: feedField.enterpriseId,
  enterpriseName: feedField.enterpriseName,
  platform: feedField.salesPlatform,
  dataYear: feedField.period,
};

export const ecommerceSalesToBRequest: JsonSchema = documentSchema({
  words: l(
    '电商销售数据（对企业）',
    'E-commerce sales to business',
    '企业对各电商平台的销售：平台、采购与结算周期、各期间销售（含采购单）与结算',
    "The enterprise's sales to each platform: cycles, sales per period with the purchase orders, and settlements",
  ),
  properties: salesFields,
  required: ['enterpriseId', 'dataYear'],
});

export const ecommerceSalesToCRequest: JsonSchema = documentSchema({
  words: l(
    '电商销售数据（对个人）',
    'E-commerce sales to consumer',
    '企业各电商店铺的月度销售',
    "The monthly sales of the enterprise's platform shops",
  ),
  properties: {
    ...salesFields,
    shopCode: feedField.text(50, l('店铺编码', 'Shop code', '只查该店铺', 'Only this shop')),
  },
  required: ['enterpriseId', 'dataYear'],
});

export const taxInformationRequest: JsonSchema = documentSchema({
  words: l(
    '企业涉税信息查询',
    'Tax information',
    '纳税人的涉税信息。应答为 result（000000 表示成功，其余为错误）、resultmsg 及十四个列表',
    "A taxpayer's tax information. Answers result (000000 is success, anything else an error), resultmsg and the fourteen lists",
  ),
  properties: {
    nsrsbh,
    nsrsmc,
    orderNum: feedField.text(
      32,
      l('订单号', 'Order number', '调用方的业务单号，原样返回', "The caller's order number, answered back"),
    ),
    sendtype: code(
      { '01': ['贷前', 'pre-loan'], '02': ['贷后', 'post-loan'] },
      l('查询场景', 'Purpose', '贷前或贷后', 'Before or after the loan'),
    ),
    datatype: { ...datatype, default: '01' },
  },
  required: ['nsrsbh', 'nsrsmc', 'orderNum', 'sendtype'],
});
