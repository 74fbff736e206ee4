import {
  documentSchema,
  type JsonSchema,
  type Labels,
  labels as l,
  list,
  record,
} from '../../documents/json-schema.ts';
import { feedField } from './fields.ts';

/**
 * E-commerce platform sales (query spec §3 "E-commerce sales data"), as a platform delivers them
 * for one enterprise: to business (the platform buying from the enterprise: purchase orders
 * `poList` and settlements per period) and to consumer (one shop's monthly sales). A document
 * carries one platform (and, to consumer, one shop) and any number of periods; a later document
 * replaces the periods it carries and leaves the others (processors/README.md, "Enterprise
 * feeds"). The spec names settleList without its fields; we give its items the saleList period,
 * currency and amount (period required, so settlements merge by period like sales).
 */
const period = feedField.period;
const currency = feedField.currency;

const poItem = record(
  {
    poOrderNo: feedField.text(
      32,
      l('采购单号', 'PO number', '平台采购单号', "The platform's purchase order number"),
    ),
    orderCurrency: feedField.currency,
    orderAmount: feedField.amount(l('订单金额', 'Order amount', '采购单金额', 'The purchase order amount')),
    orderTime: feedField.time(l('下单时间', 'Order time', '平台下单时间', 'When the platform ordered')),
    orderStatus: feedField.text(
      20,
      l('订单状态', 'Order status', '平台给出的采购单状态', "The platform's purchase order status"),
    ),
    settleAmount: feedField.amount(l('结算金额', 'Settled amount', '已结算金额', 'The amount settled')),
  },
  ['poOrderNo'],
  l('采购单', 'Purchase order', '平台的一张采购单', 'One purchase order of the platform'),
);

/** One period's figures: period, currency and amount first, period required (later documents merge by it). */
const periodFigures = (amountWords: Labels, more: Record<string, JsonSchema>, words: Labels) =>
  record({ period, currency, amount: feedField.amount(amountWords), ...more }, ['period'], words);

const salesInPeriod = l('销售金额', 'Sales amount', '期间销售金额', 'Sales in the period');

export const saleItem = periodFigures(
  salesInPeriod,
  {
    billNum: feedField.count(l('单据数', 'Bills', '期间单据数', 'Bills in the period')),
    poList: list(
      poItem,
      { max: 5000 },
      l('采购单列表', 'Purchase orders', '期间的采购单', 'The purchase orders of the period'),
    ),
  },
  l('期间销售', 'Period sales', '一个期间的对企业销售', 'Sales to the platform in one period'),
);

export const settleItem = periodFigures(
  l('结算金额', 'Settled amount', '期间结算金额', 'Settled in the period'),
  {},
  l('期间结算', 'Period settlement', '一个期间的结算', 'Settlement in one period'),
);

export const monthItem = periodFigures(
  salesInPeriod,
  {
    billNum: feedField.count(l('订单数', 'Orders', '期间订单数', 'Orders in the period')),
    GMVAmount: feedField.amount(
      l('成交总额', 'GMV', '期间成交总额（GMV）', 'Gross merchandise value in the period'),
    ),
  },
  l('月度销售', 'Monthly sales', '店铺一个期间的销售', "The shop's sales in one period"),
);

const channel = {
  enterpriseId: feedField.enterpriseId,
  enterpriseName: feedField.enterpriseName,
  platform: feedField.salesPlatform,
  startDate: feedField.day(
    l('开始日期', 'Start date', '数据覆盖的开始日期', 'The first day the data covers'),
  ),
  endDate: feedField.day(l('结束日期', 'End date', '数据覆盖的结束日期', 'The last day the data covers')),
  firstDate: feedField.day(
    l('首次合作日期', 'First date', '在该平台首次交易的日期', 'The first trade on the platform'),
  ),
};

export const ecommerceSalesToBSchema: JsonSchema = documentSchema({
  words: l(
    '电商平台销售（对企业）',
    'Platform sales to business',
    '电商平台提供的企业对平台的销售：采购周期、结算周期、各期间销售（含采购单）与结算',
    "A platform's record of an enterprise's sales to it: purchase and settlement cycles, sales per period (with purchase orders) and settlements",
  ),
  properties: {
    ...channel,
    purchaseCycle: feedField.text(
      50,
      l('采购周期', 'Purchase cycle', '平台的采购周期', "The platform's purchase cycle"),
    ),
    settleCycle: feedField.text(
      50,
      l('结算周期', 'Settlement cycle', '平台的结算周期', "The platform's settlement cycle"),
    ),
    saleList: list(saleItem, { max: 600 }, l('销售列表', 'Sales', '各期间销售', 'Sales per period')),
    settleList: list(
      settleItem,
      { max: 600 },
      l('结算列表', 'Settlements', '各期间结算', 'Settlements per period'),
    ),
  },
  required: ['enterpriseId', 'platform'],
});

export const ecommerceSalesToCSchema: JsonSchema = documentSchema({
  words: l(
    '电商平台销售（对个人）',
    'Platform sales to consumer',
    '电商平台提供的企业一个店铺对消费者的月度销售',
    "A platform's record of one of the enterprise's shops' monthly sales to consumers",
  ),
  properties: {
    ...channel,
    shopCode: feedField.text(
      50,
      l('店铺编码', 'Shop code', '平台上的店铺编码', 'The shop code on the platform'),
    ),
    shopName: feedField.text(
      255,
      l('店铺名称', 'Shop name', '平台上的店铺名称', 'The shop name on the platform'),
    ),
    monthDataList: list(
      monthItem,
      { max: 600 },
      l('月度数据', 'Monthly data', '各期间销售', 'Sales per period'),
    ),
  },
  required: ['enterpriseId', 'platform', 'shopCode'],
});
