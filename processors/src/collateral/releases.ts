import { type ChangeEvent, changeEvent } from '../changes.ts';
import type { Document } from '../documents/event.ts';
import type { DocumentStep } from './documentStep.ts';
import type { HeldBy } from './holdings.ts';
import type { Release } from './pledgeState.ts';
import { receiptLines, round, stockLeft } from './receiptStock.ts';
import { tallyShortfall } from './warehouseDocuments.ts';

/**
 * Rule 3 of pledges.ts, `collateral.released` (processors/README.md "Release and coverage
 * alerts"): a document that takes goods out of a held receipt, once per causing document, receipt
 * and enterprise, naming that enterprise's financings only.
 */

/** A receipt a step touched, with the open financings of its enterprise holding it (rule 2). */
export interface HeldReceipt {
  enterprise: string;
  pieceKey: string;
  /** By financing key. */
  holders: readonly HeldBy[];
}

const collateralOf = (pieceKey: string) => {
  const [kind, warehouse, number] = JSON.parse(pieceKey) as [string, string, string];
  return { kind, warehouse: warehouse === '' ? null : warehouse, number };
};

/** Rule 3a–c: why the document released the receipt, if it did. */
function causeOf(
  { event, order, takes, report, state }: DocumentStep,
  receipt: HeldReceipt,
  before: ReturnType<typeof stockLeft>,
  after: ReturnType<typeof stockLeft>,
): Release['cause'] | undefined {
  if (
    order?.direction === 'outbound' &&
    takes &&
    [...before.byKey].some(([key, left]) => (after.byKey.get(key) ?? 0) < left)
  )
    return 'outbound';
  if (
    order?.direction === 'tally' &&
    takes &&
    order.receipt === receipt.pieceKey &&
    tallyShortfall(event.document as Document)
  )
    return 'tally';
  if (
    report &&
    report.enterprise === receipt.enterprise &&
    [...after.byKey].some(([key, left]) => {
      const now = report.lines.get(key);
      const last = state.reports.get(key);
      return now !== undefined && now < left && (last === undefined || last >= left || now < last);
    })
  )
    return 'stockReport';
  return undefined;
}

/**
 * Rule 3: the releases of the receipts the step touched (in receipt order), each recorded for
 * the financings not yet released by the same document, and published when one is new.
 */
export function recordReleases(step: DocumentStep, held: readonly HeldReceipt[]): ChangeEvent[] {
  const { state, layer, event, provenance, order } = step;
  const changes: ChangeEvent[] = [];
  for (const receipt of held) {
    const { enterprise, pieceKey, holders } = receipt;
    const before = stockLeft(receiptLines(state, enterprise, pieceKey), state.balances);
    const after = stockLeft(receiptLines(layer, enterprise, pieceKey), layer.balances);
    const cause = causeOf(step, receipt, before, after);
    if (cause === undefined) continue;
    const fresh = holders.filter(
      (f) => !layer.releases.has(JSON.stringify([f.key, pieceKey, event.provenance.documentId])),
    );
    if (fresh.length === 0) continue;
    for (const f of fresh) {
      const key = JSON.stringify([f.key, pieceKey, event.provenance.documentId]);
      layer.releases.set(key, {
        key,
        financingKey: f.key,
        pieceKey,
        documentId: event.provenance.documentId,
        cause,
        firstSeen: event.provenance.receivedAt,
        provenance,
      });
    }
    const collateral = collateralOf(pieceKey);
    changes.push(
      changeEvent(
        'collateral',
        'collateral.released',
        enterprise,
        `receipt/${collateral.warehouse ?? ''}/${collateral.number}`,
        event.provenance,
        {
          collateral,
          financingOrderNos: holders.map((f) => f.financingNo),
          cause: {
            kind: cause,
            documentType: event.type,
            documentId: event.provenance.documentId,
            orderNo: order?.orderNo ?? null,
          },
          stockLeft: {
            before: { qty: before.qty, value: round(before.value, 2) },
            after: { qty: after.qty, value: round(after.value, 2) },
          },
        },
      ),
    );
  }
  return changes;
}
