import { listMax, pick } from './fields.ts';
import { documentSchema, type JsonSchema, labels as l, list, record } from './json-schema.ts';
import { recipient } from './onded-ec-order.ts';
import { orderLine } from './trade-orders.ts';

/**
 * Sales to consumer (spec §3.13): one enterprise's batch of consumer orders. The spec marks
 * nothing required; we require customerCode (the record key), a non-empty orderList and each
 * order's entOrderNo, without which an order cannot be told apart from the next.
 */
export const saleOrderToCSchema: JsonSchema = documentSchema({
  words: l(
    '销售单（对个人）',
    'Sales to consumer',
    '企业的一批对个人销售订单。规范未标注必填项；本平台要求客户编码（记录键）、非空订单列表及每单的企业订单号',
    "A batch of an enterprise's consumer orders. The spec marks no field required; Tradelog requires customerCode (the record key), a non-empty orderList and each order's entOrderNo",
  ),
  properties: {
    ...pick('customerCode'),
    orderList: list(
      record(
        {
          ...pick(
            'entOrderNo',
            'platformOrderNo',
            'declareCode',
            'clearanceType',
            'orderTime',
            'deliveryTime',
          ),
          ...pick(
            'declareTime',
            'releaseTime',
            'warehouse',
            'logisticsName',
            'orderType',
            'agentCode',
            'agentName',
          ),
          ...pick('cbepcomName', 'shippingFee', 'taxFee', 'totalAmount', 'currency', 'orderStatus'),
          goodList: list(
            orderLine,
            { max: listMax.orderLines },
            l('商品列表', 'Goods', '订单商品', 'The goods of the order'),
          ),
          recipient: recipient([]),
        },
        ['entOrderNo'],
        l('消费者订单', 'Consumer order', '一笔对个人销售订单', 'One order sold to a consumer'),
      ),
      { min: 1, max: listMax.orders },
      l('订单列表', 'Orders', '本批订单，至少一笔', 'The orders of this batch, at least one'),
    ),
  },
  required: ['customerCode', 'orderList'],
});
