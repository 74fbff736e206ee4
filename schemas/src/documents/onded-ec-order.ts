import { orderBusiType, ownerCodeBeyondSpec, pick } from './fields.ts';
import { documentSchema, type JsonSchema, labels as l, list, record } from './json-schema.ts';

/** The e-commerce recipient's address (§3.6, §3.13). */
export const recipient = (required: readonly string[]): JsonSchema =>
  record(
    pick('country', 'province', 'city', 'district'),
    required,
    l('收件人', 'Recipient', '收件人地址', "The recipient's address"),
  );

/** Bonded e-commerce order (spec §3.6; the interface id is spelt "ondedEcOrder"). */
export const ondedEcOrderSchema: JsonSchema = documentSchema({
  words: l(
    '保税电商订单',
    'Bonded e-commerce order',
    '保税仓发货的跨境电商订单（接口标识按规范拼写为 ondedEcOrder）',
    'A cross-border e-commerce order shipped from a bonded warehouse (the interface id is spelt ondedEcOrder, as in the spec)',
  ),
  properties: {
    ...pick('entOrderNo', 'declareCode'),
    customerCode: ownerCodeBeyondSpec,
    busiType: orderBusiType,
    ...pick('clearanceType', 'orderDate', 'warehouseId', 'thirdLogisticsCode', 'orderType'),
    ...pick(
      'electricCode',
      'electricName',
      'cbepcomCode',
      'cbepcomName',
      'grossWeight',
      'shippingFee',
      'taxFee',
      'notes',
    ),
    goodList: list(
      record(
        pick('entGoodsNo', 'entGoodsName', 'amount', 'price'),
        ['entGoodsNo', 'entGoodsName', 'amount', 'price'],
        l('订单商品', 'Order line', '一行订单商品', 'One line of the order'),
      ),
      { min: 1, max: 2 },
      l('商品列表', 'Goods', '订单商品，1 至 2 行（§5）', 'The goods ordered, 1 to 2 lines (§5)'),
    ),
    recipient: recipient(['country', 'province', 'city']),
  },
  required: [
    'declareCode',
    'busiType',
    'clearanceType',
    'entOrderNo',
    'orderDate',
    'warehouseId',
    'thirdLogisticsCode',
    'orderType',
    'electricName',
    'cbepcomName',
    'electricCode',
    'cbepcomCode',
    'grossWeight',
    'goodList',
    'recipient',
  ],
});
