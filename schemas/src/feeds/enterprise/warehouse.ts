import { documentSchema, type JsonSchema, labels as l, list, record } from '../../documents/json-schema.ts';
import { feedField } from './fields.ts';

/**
 * Warehouse data computed by the warehouse operator (query spec §3 "Warehouse summary,
 * in-warehouse data…" and "Warehouse operating indicators"): the in-warehouse figures of one
 * enterprise in one warehouse at a count date, and the operating-indicator snapshot of one
 * warehouse at a time. The warehouse computes them from its own books (turnover, six-month
 * averages, year-on-year change), so they come as feeds rather than being derived from the
 * partners' inbound and outbound documents.
 */
const money = (cn: string, en: string, dcn: string, den: string) => feedField.amount(l(cn, en, dcn, den));

export const inWarehouseDataSchema: JsonSchema = documentSchema({
  words: l(
    '在仓数据',
    'In-warehouse data',
    '仓库运营方在盘点日提供的企业在仓货值、库存、出库、周转与品类构成',
    "The warehouse operator's figures for one enterprise at a count date: goods value, stock, deliveries, turnover and category mix",
  ),
  properties: {
    enterpriseId: feedField.enterpriseId,
    warehouseId: feedField.warehouseId,
    countDate: feedField.day(
      l('统计日期', 'Count date', '数据的统计日期', 'The day the figures are counted at'),
    ),
    cooperationTime: feedField.day(
      l(
        '合作开始日期',
        'Cooperating since',
        '企业与仓库开始合作的日期',
        'Since when the enterprise uses the warehouse',
      ),
    ),
    valueOfTotal: money(
      '在仓总货值',
      'Total value',
      '统计日在仓货物总值（元）',
      'Value of the goods in the warehouse at the count date (CNY)',
    ),
    inventoryOfSix: money(
      '近六月平均库存',
      'Six-month inventory',
      '近六个月平均库存货值（元）',
      'Average stock value over the last six months (CNY)',
    ),
    deliveryOfSix: money(
      '近六月出库',
      'Six-month deliveries',
      '近六个月出库货值（元）',
      'Value delivered over the last six months (CNY)',
    ),
    turnoverRate: feedField.amount(l('周转率', 'Turnover rate', '库存周转率', 'Stock turnover rate')),
    mainBrand: feedField.text(
      50,
      l('主要品牌', 'Main brand', '货值最高的品牌', 'The brand with the highest value'),
    ),
    categoryL1: feedField.text(
      50,
      l('一级品类', 'Category L1', '主要一级品类', 'The main first-level category'),
    ),
    categoryL2: feedField.text(
      50,
      l('二级品类', 'Category L2', '主要二级品类', 'The main second-level category'),
    ),
    categoryL3: feedField.text(
      50,
      l('三级品类', 'Category L3', '主要三级品类', 'The main third-level category'),
    ),
    brandValueRate: feedField.amount(
      l(
        '品牌货值占比',
        'Brand value share',
        '主要品牌货值占总货值比例',
        "The main brand's share of the value",
      ),
    ),
    deliveryOfThree: money(
      '近三月出库',
      'Three-month deliveries',
      '近三个月出库货值（元）',
      'Value delivered over the last three months (CNY)',
    ),
    deliveryOfPast: money(
      '去年同期出库',
      'Deliveries a year before',
      '去年同期出库货值（元）',
      'Value delivered in the same period a year before (CNY)',
    ),
    deliveryYoY: {
      ...feedField.amount(
        l('出库同比', 'Deliveries YoY', '出库货值同比变化率', 'Year-on-year change of deliveries'),
      ),
      minimum: -1,
    },
    categoryValueList: list(
      record(
        {
          categoryName: feedField.text(50, l('品类', 'Category', '品类名称', 'The category name')),
          categoryValue: money(
            '品类货值',
            'Category value',
            '该品类在仓货值（元）',
            'Value of the category in the warehouse (CNY)',
          ),
        },
        ['categoryName'],
        l('品类货值', 'Category value', '一个品类的货值', "One category's value"),
      ),
      { max: 1000 },
      l('品类货值列表', 'Category values', '各品类在仓货值', 'The value of each category in the warehouse'),
    ),
  },
  required: ['enterpriseId', 'warehouseId', 'countDate'],
});

export const warehouseIndicatorsSchema: JsonSchema = documentSchema({
  words: l(
    '仓库经营指标',
    'Warehouse operating indicators',
    '仓库运营方提供的企业在一个仓库某一时点的库存与进出库指标（查询接口已停用，数据仍可接收）',
    "The warehouse operator's snapshot of one enterprise's stock and movements in one warehouse (the query is deprecated; the data is still accepted)",
  ),
  properties: {
    enterpriseCode: feedField.enterpriseCode,
    enterpriseName: feedField.enterpriseName,
    warehouseId: feedField.warehouseId,
    snapshotTime: feedField.time(
      l('快照时间', 'Snapshot time', '指标的统计时点', 'The moment the indicators describe'),
    ),
    inventoryQty: feedField.amount(
      l('库存数量', 'Stock quantity', '时点库存数量', 'Stock quantity at the moment'),
    ),
    inventoryAmount: money(
      '库存货值',
      'Stock value',
      '时点库存货值（元）',
      'Stock value at the moment (CNY)',
    ),
    inputNum: feedField.count(l('入库单数', 'Inbound orders', '当日入库单数', 'Inbound orders that day')),
    inputQty: feedField.amount(
      l('入库数量', 'Inbound quantity', '当日入库数量', 'Quantity received that day'),
    ),
    inputAmount: money('入库货值', 'Inbound value', '当日入库货值（元）', 'Value received that day (CNY)'),
    outputNum: feedField.count(l('出库单数', 'Outbound orders', '当日出库单数', 'Outbound orders that day')),
    outputQty: feedField.amount(
      l('出库数量', 'Outbound quantity', '当日出库数量', 'Quantity shipped that day'),
    ),
    outputAmount: money('出库货值', 'Outbound value', '当日出库货值（元）', 'Value shipped that day (CNY)'),
  },
  required: ['enterpriseCode', 'warehouseId', 'snapshotTime'],
});
