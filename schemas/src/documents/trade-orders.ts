import { listMax, pick } from './fields.ts';
import { type JsonSchema, labels as l, list, record } from './json-schema.ts';

/** The goods line of purchase and sales-to-business orders (§3.11, §3.12). */
export const orderGoodsList: JsonSchema = list(
  record(
    pick('goodsName', 'barCode', 'qty'),
    [],
    l('订单商品', 'Order line', '一行订单商品', 'One line of the order'),
  ),
  { max: listMax.lines },
  l('商品列表', 'Goods', '订单商品', 'The goods of the order'),
);

export const requiredKeyNote = {
  cn: '规范未标注必填项；本平台要求企业订单号，它是记录键',
  en: 'The spec marks no field required; Tradelog requires entOrderNo, the record key',
};
