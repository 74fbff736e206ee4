import {
  titledCount as integer,
  type JsonSchema,
  titledList as objects,
  titled as t,
} from '../documents/json-schema.ts';
import { taxListNames } from '../feeds/enterprise/tax.ts';
import { inWarehouseDataSchema } from '../feeds/enterprise/warehouse.ts';
import { asOfMember, freshness } from './answerMembers.ts';
import { successOf } from './envelopes.ts';

/**
 * The answers of the enterprise queries as query-api sends them (query-api/README.md): the
 * feed queries of query spec §3 (in-warehouse data, warehouse indicators, payment account
 * monitor, brand ranking, e-commerce sales, tax information in its own convention) and the
 * per-line details and inventory. A member without a type may be null (not given).
 */
const maybe = (title: string, titleEn: string) => t(title, titleEn, {});
const number = (title: string, titleEn: string) => t(title, titleEn, { type: 'number' });
const record = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});
const paging = {
  page: integer('页码', 'Page'),
  pageSize: integer('每页条数', 'Page size'),
  totalCount: integer('总条数', 'Total count'),
};

const detailLine = (quantity: 'inputSkuNum' | 'outputSkuNum') =>
  record(
    {
      entOrderNo: t('企业订单号', 'Enterprise order number'),
      warehouseId: maybe('仓库编码', 'Warehouse id'),
      warehouseTime: maybe('出入库时间', 'Warehouse time'),
      goodsId: maybe('商品编码', 'Goods id'),
      barCode: maybe('条形码', 'Bar code'),
      goodsName: maybe('商品名称', 'Goods name'),
      [quantity]: maybe('数量', 'Quantity'),
      lotNo: maybe('批次号', 'Lot number'),
      productionTime: maybe('生产日期', 'Production date'),
      expireTime: maybe('到期日期', 'Expiry date'),
      price: maybe('单价', 'Unit price'),
      brand: maybe('品牌', 'Brand'),
      categoryLevel1: maybe('一级类目', 'Category level 1'),
    },
    ['entOrderNo', 'goodsId', quantity],
  );

const salePeriod = record({
  period: t('期间', 'Period'),
  currency: t('币种', 'Currency'),
  amount: number('金额', 'Amount'),
  billNum: integer('单据数', 'Bills'),
});

export const enterpriseResponseSchemas: Readonly<Record<string, JsonSchema>> = {
  inboundDetails: successOf(['入库明细（每个商品行一条）', 'Inbound details (one row per goods line)'], {
    ...paging,
    dataList: objects('明细', 'Lines', detailLine('inputSkuNum')),
    asOf: asOfMember,
    freshness,
  }),
  outboundDetails: successOf(['出库明细（每个商品行一条）', 'Outbound details (one row per goods line)'], {
    ...paging,
    dataList: objects('明细', 'Lines', detailLine('outputSkuNum')),
    asOf: asOfMember,
    freshness,
  }),
  inventory: successOf(['库存', 'Inventory'], {
    totalCount: integer('总条数', 'Total count'),
    pageNo: integer('页码', 'Page'),
    pageSize: integer('每页条数', 'Page size'),
    pageCount: integer('总页数', 'Page count'),
    dataSource: t(
      '数据来源（10 单据，20 仓库库存报告）',
      'Data source (10 documents, 20 warehouse stock report)',
    ),
    goodsList: objects(
      '库存明细',
      'Stock lines',
      record({
        warehouseId: t('仓库编码', 'Warehouse id'),
        customerCode: t('货主编码', 'Owner code'),
        capital: maybe('资金方', 'Capital provider'),
        goodsId: t('商品编码', 'Goods id'),
        goodsName: maybe('商品名称', 'Goods name'),
        barCode: maybe('条形码', 'Bar code'),
        batchCode: maybe('批次号', 'Batch'),
        warehouseTime: maybe('入库时间', 'Warehouse time'),
        productionTime: maybe('生产日期', 'Production date'),
        expireTime: maybe('到期日期', 'Expiry date'),
        realStockNum: number('实际库存', 'Stock'),
        realFrozenStockNum: maybe('冻结库存（仅来源 20）', 'Frozen stock (source 20 only)'),
        lockStockNum: maybe('锁定库存（仅来源 20）', 'Locked stock (source 20 only)'),
        stockType: t('库存类型（0 良品，1 残次）', 'Stock type (0 good, 1 bad)'),
      }),
    ),
    asOf: asOfMember,
    freshness,
  }),
  // Flat as query spec §3 shows it: one warehouse's latest count, in the feed's own terms (null
  // members when the enterprise has none there).
  inWarehouseData: successOf(['在仓数据（一个仓库，平铺）', 'In-warehouse data (one warehouse, flat)'], {
    ...Object.fromEntries(
      Object.entries(inWarehouseDataSchema.properties ?? {})
        .filter(([name]) => name !== 'enterpriseId')
        .map(([name, field]) => [
          name,
          field.type === 'array'
            ? field
            : t(`${field.title}（无数据时为 null）`, `${field['x-title-en']} (null without data)`, {}),
        ]),
    ),
    warehouseIds: objects('有数据的全部仓库', 'Every warehouse with data', { type: 'string' }),
    freshness,
  }),
  warehouseIndicators: successOf(['仓库经营指标（已停用）', 'Warehouse operating indicators (deprecated)'], {
    deprecated: t('已停用（恒为 true）', 'Deprecated (always true)', { type: 'boolean' }),
    resultsData: maybe('指标快照（无则 null）', 'Indicator snapshot (null when none)'),
    freshness,
  }),
  paymentAccountMonitor: successOf(['回款账户监控', 'Payment account monitor'], {
    accountList: objects(
      '账户变更（最新在前）',
      'Account changes (latest first)',
      record({
        platform: t('平台', 'Platform'),
        accountName: maybe('账户名称', 'Account name'),
        bankName: maybe('开户银行', 'Bank'),
        bankAccount: t('银行账号', 'Account number'),
        changeTime: t('变更时间', 'Change time'),
        changeInfo: maybe('变更说明', 'Change'),
      }),
    ),
    freshness,
  }),
  brandRanking: successOf(['品牌排名', 'Brand ranking'], {
    dataMonth: maybe('期间（无排名时为 null）', 'Period (null when nothing is ranked)'),
    dataList: objects(
      '品牌名次',
      'Brand places',
      record({
        brand: t('品牌', 'Brand'),
        category: maybe('品类', 'Category'),
        sumUpRanking: maybe('综合排名（类型 0、99）', 'Composite place (types 0, 99)'),
        highEndRanking: maybe('高端排名（类型 1、99）', 'High-end place (types 1, 99)'),
        popularRanking: maybe('人气排名（类型 2、99）', 'Popularity place (types 2, 99)'),
      }),
    ),
    freshness,
  }),
  ecommerceSalesToB: successOf(['电商销售（对企业）', 'E-commerce sales to business'], {
    platformDataList: objects(
      '平台数据',
      'Platforms',
      record({
        platform: t('平台', 'Platform'),
        startDate: maybe('开始日期', 'Start date'),
        endDate: maybe('结束日期', 'End date'),
        firstDate: maybe('首次合作日期', 'First date'),
        purchaseCycle: maybe('采购周期', 'Purchase cycle'),
        settleCycle: maybe('结算周期', 'Settlement cycle'),
        saleList: objects('各期销售（含 poList）', 'Sales per period (with poList)', salePeriod),
        settleList: objects('各期结算', 'Settlements per period', salePeriod),
      }),
    ),
    freshness,
  }),
  ecommerceSalesToC: successOf(['电商销售（对个人）', 'E-commerce sales to consumer'], {
    shopDataList: objects(
      '店铺数据',
      'Shops',
      record({
        platform: t('平台', 'Platform'),
        shopName: maybe('店铺名称', 'Shop name'),
        shopCode: t('店铺编码', 'Shop code'),
        startDate: maybe('开始日期', 'Start date'),
        endDate: maybe('结束日期', 'End date'),
        firstDate: maybe('首次合作日期', 'First date'),
        monthDataList: objects('各月销售（含 GMVAmount）', 'Monthly sales (with GMVAmount)', salePeriod),
      }),
    ),
    freshness,
  }),
  // Tax answers in its own convention (query spec §8), not the envelope.
  taxInformation: t('企业涉税信息', 'Tax information', {
    type: 'object',
    required: ['result', 'resultmsg'],
    properties: {
      result: t('结果（000000 成功，其余为错误）', 'Result (000000 success, anything else an error)'),
      resultmsg: t('结果说明', 'Result message'),
      orderNum: t('订单号', 'Order number'),
      sendtype: t('查询场景', 'Purpose'),
      datatype: t('数据类型', 'Data type'),
      nsrsbh: t('纳税人识别号', 'Taxpayer id'),
      nsrsmc: t('纳税人名称', 'Taxpayer name'),
      reportTime: t('数据时间', 'Data time'),
      ...Object.fromEntries(taxListNames.map((name) => [name, objects(name, name)])),
      freshness,
    },
  }),
};
