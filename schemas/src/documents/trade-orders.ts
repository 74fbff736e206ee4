import { listMax, pick } from './fields.ts';
import { type JsonSchema, labels as l, list, record } from './json-schema.ts';

/**
 * An order line (submission spec §3.11–§3.13: goodsName, barCode, qty). The query spec's order
 * lines (query spec §3 "Purchase, sales …") also answer priceTax and price; the submission spec
 * names no field they could come from, so a line may carry them (optional), and a line sent
 * without them answers null.
 */
export const orderLine: JsonSchema = record(
  pick('goodsName', 'barCode', 'qty', 'priceTax', 'price'),
  [],
  l(
    '订单商品',
    'Order line',
    '一行订单商品；含税单价 priceTax 与单价 price 为查询规范的订单商品字段，选填',
    "One line of the order; priceTax and price are the query spec's order line prices, optional",
  ),
);

/** The goods line of purchase and sales-to-business orders (§3.11, §3.12). */
export const orderGoodsList: JsonSchema = list(
  orderLine,
  { max: listMax.lines },
  l('商品列表', 'Goods', '订单商品', 'The goods of the order'),
);

export const requiredKeyNote = {
  cn: '规范未标注必填项；本平台要求企业订单号，它是记录键',
  en: 'The spec marks no field required; Tradelog requires entOrderNo, the record key',
};
