import type { CollateralProvenance } from '@tradelog/projections/collateral/tables';
import { enterpriseOfEvent } from '../documents/enterpriseKey.ts';
import { type Document, type DocumentEvent, listOf, numberOf, text } from '../documents/event.ts';
import { warehouseOrderOf } from '../enterprise-data/reducer.ts';
import type { PledgeOrder } from './pledgeState.ts';
import { stockKeyOf } from './receiptStock.ts';
import { normalisedNumber, pieceKeyOf } from './rules.ts';

/**
 * What the release and coverage rules (pledges.ts) read of a document: the warehouse order it is,
 * by enterprise data's own inventory rule (processors/README.md "Release and coverage alerts":
 * `warehouseOrderOf`, not a copy), a stock report's quantities, a tally's shortfall.
 */

/** A warehouse receipt is the inbound in its warehouse: the piece key collateral gives it (rules.ts). */
export function receiptKeyOf(warehouseId: string | null | undefined, orderNo: string): string | null {
  const scope = warehouseId == null ? undefined : normalisedNumber(warehouseId);
  const number = normalisedNumber(orderNo);
  return scope === undefined || number === undefined ? null : pieceKeyOf('warehouseReceipt', scope, number);
}

export const provenanceOf = (event: DocumentEvent): CollateralProvenance => ({
  ...event.provenance,
  documentType: event.type,
});

/** The warehouse order of an inbound, outbound or tally, with the receipt it is or counts. */
export function pledgeOrderOf(event: DocumentEvent): PledgeOrder | undefined {
  const order = warehouseOrderOf(event);
  if (order === undefined) return undefined;
  const receipt =
    order.direction === 'inbound'
      ? receiptKeyOf(order.warehouseId, order.orderNo)
      : order.direction === 'tally' && order.inboundOrderNo
        ? receiptKeyOf(order.warehouseId, order.inboundOrderNo)
        : null;
  return {
    key: order.key,
    direction: order.direction,
    enterprise: order.enterprise,
    orderNo: order.orderNo,
    warehouseId: order.warehouseId,
    receipt,
    tallied: false,
    movements: order.movements.map((m) => ({
      goodsId: m.goodsId,
      batchCode: m.batchCode,
      qty: m.qty,
      amount: m.amount,
    })),
    provenance: provenanceOf(event),
  };
}

/** A warehouse stock report's quantities (every stock type) by stock key. */
export function stockReportOf(
  event: DocumentEvent,
): { enterprise: string; lines: Map<string, number> } | undefined {
  if (event.type !== 'warehouseStock') return undefined;
  const enterprise = enterpriseOfEvent(event);
  const document = event.document as Document;
  const warehouseId = text(document, 'warehouseId');
  if (enterprise === undefined || warehouseId === undefined) return undefined;
  const lines = new Map<string, number>();
  for (const line of listOf(document, 'stockList') as Document[]) {
    const goodsId = text(line, 'goodsId');
    const qty = numberOf(line, 'realStockNum');
    if (goodsId === undefined || qty === undefined) continue;
    const key = stockKeyOf(enterprise, warehouseId, goodsId, text(line, 'batchCode') ?? '');
    lines.set(key, (lines.get(key) ?? 0) + qty);
  }
  return { enterprise, lines };
}

/** Rule 3b: a tally line counted below what was expected, or stating a lack. */
export function tallyShortfall(document: Document): boolean {
  return (listOf(document, 'goodsList') as Document[]).some((line) => {
    const expected = numberOf(line, 'expectReceiveQty');
    const counted = numberOf(line, 'goodQty') ?? numberOf(line, 'actReceiveQty');
    return (
      (numberOf(line, 'lackQty') ?? 0) > 0 ||
      (expected !== undefined && counted !== undefined && counted < expected)
    );
  });
}
