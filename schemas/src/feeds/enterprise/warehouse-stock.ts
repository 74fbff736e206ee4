import {
  code,
  documentSchema,
  type JsonSchema,
  labels as l,
  list,
  namesEnterprise,
  record,
} from '../../documents/json-schema.ts';
import { feedField } from './fields.ts';

/**
 * A warehouse's stock report (query spec §3 "Inventory"): the warehouse management system's
 * stock of one owner in one warehouse at a moment, per goods, batch and stock type, with the
 * frozen and locked quantities only the warehouse knows (no partner document carries them).
 * The inventory query answers it for dataSource 20; a later snapshot replaces an earlier one.
 */
export const stockTypes = {
  '0': ['良品', 'good'],
  '1': ['残次品', 'bad'],
} as const satisfies Record<string, readonly [string, string]>;

const quantity = (cn: string, en: string, dcn: string, den: string) => feedField.amount(l(cn, en, dcn, den));

export const warehouseStockSchema: JsonSchema = documentSchema({
  words: l(
    '仓库库存报告',
    'Warehouse stock report',
    '仓库管理系统报告的货主在一个仓库某一时点的库存（含冻结与锁定数量）',
    "The warehouse management system's stock of one owner in one warehouse at a moment, frozen and locked quantities included",
  ),
  properties: {
    customerCode: namesEnterprise(
      'owner',
      feedField.text(50, l('货主编码', 'Owner code', '货主企业编码', "The cargo owner's code")),
    ),
    customerName: feedField.text(255, l('货主名称', 'Owner name', '货主企业名称', "The cargo owner's name")),
    warehouseId: feedField.warehouseId,
    snapshotTime: feedField.time(
      l('快照时间', 'Snapshot time', '库存统计时点', 'The moment the stock is counted at'),
    ),
    stockList: list(
      record(
        {
          goodsId: feedField.text(
            50,
            l('商品编码', 'Goods id', '企业商品编码', "The enterprise's goods number"),
          ),
          goodsName: feedField.text(255, l('商品名称', 'Goods name', '商品名称', 'The goods name')),
          barCode: feedField.text(50, l('条形码', 'Bar code', '商品条形码', 'The bar code')),
          batchCode: feedField.text(50, l('批次号', 'Batch', '批次号', 'The batch')),
          stockType: code(stockTypes, l('库存类型', 'Stock type', '良品或残次品', 'Good or bad stock')),
          realStockNum: quantity('实际库存', 'Stock', '实际在库数量', 'Quantity in the warehouse'),
          realFrozenStockNum: quantity(
            '冻结库存',
            'Frozen stock',
            '冻结数量（如质押、查验）',
            'Quantity frozen (pledged, inspected …)',
          ),
          lockStockNum: quantity(
            '锁定库存',
            'Locked stock',
            '已被订单锁定的数量',
            'Quantity locked by orders',
          ),
          warehouseTime: feedField.time(
            l('入库时间', 'Warehouse time', '批次入库时间', 'When the batch came in'),
          ),
          productionTime: feedField.day(
            l('生产日期', 'Production date', '批次生产日期', 'When the batch was produced'),
          ),
          expireTime: feedField.day(l('到期日期', 'Expiry date', '批次到期日期', 'When the batch expires')),
          capital: feedField.text(
            255,
            l(
              '资金方',
              'Capital provider',
              '为该批货物提供资金的机构',
              'The institution financing the goods',
            ),
          ),
        },
        ['goodsId', 'stockType', 'realStockNum'],
        l('库存行', 'Stock line', '一个商品批次的库存', 'The stock of one goods batch'),
      ),
      { max: 20000 },
      l('库存列表', 'Stock', '各商品批次的库存', 'The stock per goods batch'),
    ),
  },
  required: ['customerCode', 'warehouseId', 'snapshotTime', 'stockList'],
});
