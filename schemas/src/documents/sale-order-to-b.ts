import { pick } from './fields.ts';
import { documentSchema, type JsonSchema, labels as l } from './json-schema.ts';
import { orderGoodsList, requiredKeyNote } from './trade-orders.ts';

/** Sales to business (spec §3.12). */
export const saleOrderToBSchema: JsonSchema = documentSchema({
  words: l(
    '销售单（对企业）',
    'Sales to business',
    `企业对企业的销售订单。${requiredKeyNote.cn}`,
    `A sale to another business. ${requiredKeyNote.en}`,
  ),
  properties: {
    ...pick(
      'customerCode',
      'entOrderNo',
      'orderTime',
      'contractNo',
      'poOrderNo',
      'wmsOrderNo',
      'outboundTime',
    ),
    ...pick('salesQty', 'salesAmount', 'currency', 'orderStatus'),
    goodsList: orderGoodsList,
  },
  required: ['entOrderNo'],
});
