import { deliveryBusiType, listMax, ownerCodeBeyondSpec, pick, sendType } from './fields.ts';
import { documentSchema, type JsonSchema, labels as l, list, record } from './json-schema.ts';

/** Bonded e-commerce delivery (spec §3.7). */
export const bondedEcLogisticsSchema: JsonSchema = documentSchema({
  words: l(
    '保税电商配送单',
    'Bonded e-commerce delivery',
    '保税电商订单的发货配送信息。规范提到还有其他可选字段但未给出字段名；可作为附加属性提交，按原样保存',
    'The shipping of a bonded e-commerce order. The spec mentions other optional fields without naming them; send them as additional properties, they are kept as submitted',
  ),
  properties: {
    customerCode: ownerCodeBeyondSpec,
    ...pick('entOrderNo', 'cbepcomCode', 'electricCode', 'electricName', 'warehouseId', 'warehouseName'),
    ...pick('wayBillNo', 'subWayBillNo', 'tranNo', 'deliveryTime', 'logisticsName'),
    busiType: deliveryBusiType,
    ...pick('loadWeight', 'volume', 'length', 'wide', 'high', 'specifications'),
    sendType,
    goodList: list(
      record(
        pick('entGoodsNo', 'amount', 'unitPrice', 'batchId', 'productionTime', 'expDate'),
        ['entGoodsNo', 'amount', 'unitPrice'],
        l('配送商品', 'Delivery line', '一行配送商品', 'One line of goods shipped'),
      ),
      { min: 1, max: listMax.lines },
      l('商品列表', 'Goods', '配送商品，至少一行', 'The goods shipped, at least one line'),
    ),
  },
  required: [
    'cbepcomCode',
    'electricCode',
    'electricName',
    'warehouseId',
    'warehouseName',
    'entOrderNo',
    'wayBillNo',
    'deliveryTime',
    'logisticsName',
    'busiType',
    'loadWeight',
    'volume',
    'length',
    'wide',
    'high',
    'specifications',
    'sendType',
    'subWayBillNo',
    'tranNo',
    'goodList',
  ],
});
