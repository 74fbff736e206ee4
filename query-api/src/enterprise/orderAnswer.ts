import type { OrderRow } from '@tradelog/projections/order-status/tables';
import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import { declaredFieldsOf, rowSchemaOf } from '@tradelog/schemas/documents/declared';

/** The purchase and sales order queries' answer (query spec §3), pure. */

/** Order state names of the query spec (§3) for the submitted codes (processors/README.md); none without a status. */
export function orderState(kind: string, status: string): string | null {
  if (status === 'none') return null;
  if (status === '30') return 'CANCELLED';
  if (status === '20') return kind === 'purchase' ? 'RECEIVED' : 'SHIPPED';
  return 'AWAITING_SHIPMENT';
}

/**
 * §3 "Sales to consumer orders add platformOrderNo, shop, logisticsName, shippingFee, taxFee,
 * totalAmount": always answered, null when the submission gives none; `shop` is the submitted
 * shop, else the platform the order was sold on (cbepcomName).
 */
const consumerExtras = (fields: Record<string, unknown>) => ({
  platformOrderNo: fields.platformOrderNo ?? null,
  shop: fields.shop ?? fields.cbepcomName ?? null,
  logisticsName: fields.logisticsName ?? null,
  shippingFee: fields.shippingFee ?? null,
  taxFee: fields.taxFee ?? null,
  totalAmount: fields.totalAmount ?? null,
});

/**
 * An order as the purchase and sales queries answer it (§3): every submitted field its document's
 * schema declares (an extra key a partner sent stays in the log, out of answers: `declaredFieldsOf`,
 * README "What lenders are answered"), the goods
 * lines with the spec's goodsName, barCode, qty, priceTax and price (null when the submission
 * gives none), and for consumer orders the extras of §3 (`consumerExtras`). An order submitted without a status answers orderStatus null.
 */
export const orderOut = (order: OrderRow) => {
  const { goodList, goodsList, ...fields } = declaredFieldsOf(
    rowSchemaOf(order.kind as DocumentTypeId),
    order.fields,
  );
  const lines = (Array.isArray(goodsList) ? goodsList : Array.isArray(goodList) ? goodList : []) as Record<
    string,
    unknown
  >[];
  return {
    ...fields,
    // The extras read the submitted fields by their names: `shop` is one §3 names that the
    // submission spec's schema does not declare.
    ...(order.kind === 'saleOrderToC' ? consumerExtras(order.fields as Record<string, unknown>) : {}),
    goodsList: lines.map((line) => ({
      ...line,
      goodsName: line.goodsName ?? null,
      barCode: line.barCode ?? null,
      qty: line.qty ?? null,
      priceTax: line.priceTax ?? null,
      price: line.price ?? null,
    })),
    orderStatus: order.status === 'none' ? null : order.status,
    orderState: orderState(order.kind, order.status),
    statusHistory: order.history,
    provenance: order.provenance,
  };
};
