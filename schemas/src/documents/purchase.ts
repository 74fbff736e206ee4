import { pick } from './fields.ts';
import { documentSchema, type JsonSchema, labels as l } from './json-schema.ts';
import { orderGoodsList, requiredKeyNote } from './trade-orders.ts';

/** Purchase order (spec §3.11). */
export const purchaseSchema: JsonSchema = documentSchema({
  words: l(
    '采购单',
    'Purchase',
    `企业采购订单。${requiredKeyNote.cn}`,
    `An enterprise purchase order. ${requiredKeyNote.en}`,
  ),
  properties: {
    ...pick('customerCode', 'entOrderNo', 'orderTime', 'contractNo', 'poOrderNo', 'financingOrderNo'),
    ...pick(
      'purchaseQty',
      'purchaseAmount',
      'currency',
      'payTime',
      'wmsOrderNo',
      'inboundTime',
      'orderStatus',
    ),
    goodsList: orderGoodsList,
  },
  required: ['entOrderNo'],
});
