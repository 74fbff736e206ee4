import type { CollateralProvenance } from '@tradelog/projections/collateral/tables';
import { type ChangeEvent, changeEvent } from '../changes.ts';
import type { DocumentStep } from './documentStep.ts';
import type { HeldBy, Holdings, ReceiptTotal } from './holdings.ts';
import type { Coverage, PledgeState, ReceiptValue } from './pledgeState.ts';
import { noAmounts } from './purchaseAmounts.ts';
import { centsOf, type ReceiptValues, receiptOfId, receiptValueOf, round } from './receiptStock.ts';

/**
 * Rules 4 and 5 of pledges.ts (processors/README.md "Release and coverage alerts", coverage and
 * `coverage.low`): a held financing's coverage, evaluated when the stock behind one of its
 * receipts or one of its purchases changes, and the thresholds an evaluation crosses downwards.
 */

/**
 * A chain's total on the state a step starts from, with the receipts the step re-valued
 * (`changed`, by receipt id) counted at their new value.
 */
export function totalAfterStep(
  holdings: Holdings,
  chainId: string,
  before: ReceiptValues,
  changed: ReadonlyMap<string, ReceiptValue>,
): ReceiptTotal {
  const total = { ...holdings.receiptTotal(chainId, before) };
  for (const [id, value] of changed) {
    const [enterprise, pieceKey] = receiptOfId(id);
    if (!holdings.holdsReceipt(chainId, enterprise, pieceKey)) continue;
    const was = receiptValueOf(before, enterprise, pieceKey);
    total.cents += centsOf(value) - centsOf(was);
    total.unpricedLines += value.unpricedLines - was.unpricedLines;
  }
  return total;
}

/** Rule 4: a financing's coverage from the stock behind its receipts and its purchases' amounts. */
export function coverageOf(
  financing: HeldBy,
  state: Pick<PledgeState, 'amountTotals'>,
  total: ReceiptTotal,
  provenance: CollateralProvenance,
): Coverage {
  const { cents, unpricedLines } = total;
  const stockValue = cents / 100;
  const amounts = state.amountTotals.get(financing.key) ?? noAmounts;
  const purchaseAmount =
    amounts.purchases > 0 && amounts.unknown === 0 ? Number(amounts.millionths) / 1_000_000 : null;
  return {
    financingKey: financing.key,
    coverage: purchaseAmount ? round(stockValue / purchaseAmount, 4) : null,
    stockValue,
    purchaseAmount,
    unpricedLines,
    provenance,
  };
}

/** Rule 5: the thresholds an evaluation crossed downwards. */
export function crossedThresholds(
  before: number | null | undefined,
  after: number | null,
  thresholds: readonly number[],
): number[] {
  if (after === null) return [];
  return thresholds.filter((threshold) => (before == null || before >= threshold) && after < threshold);
}

const sameCoverage = (a: Coverage | undefined, b: Coverage) =>
  a !== undefined &&
  a.coverage === b.coverage &&
  a.stockValue === b.stockValue &&
  a.purchaseAmount === b.purchaseAmount &&
  a.unpricedLines === b.unpricedLines;

/**
 * Rules 4–5: each affected financing (in key order) evaluated on what the step left; a changed
 * coverage is kept, and each threshold in force it crossed downwards is recorded and published
 * once per causing document.
 */
export function evaluateCoverage(
  step: DocumentStep,
  affected: Iterable<HeldBy>,
  thresholdsOf: (enterprise: string) => readonly number[],
): ChangeEvent[] {
  const { state, layer, event, provenance, holdings, order } = step;
  const changes: ChangeEvent[] = [];
  for (const financing of [...affected].sort((a, b) => (a.key < b.key ? -1 : 1))) {
    const total = totalAfterStep(holdings, financing.chainId, state, layer.receiptValues.changed);
    // A financing holding no receipt (yet: a purchase financed before its goods come in) has no coverage.
    if (total.receipts === 0) continue;
    const previous = layer.coverage.get(financing.key);
    const next = coverageOf(financing, layer, total, provenance);
    if (sameCoverage(previous, next)) continue;
    layer.coverage.set(financing.key, next);
    for (const threshold of crossedThresholds(
      previous?.coverage,
      next.coverage,
      thresholdsOf(financing.enterprise),
    )) {
      const key = JSON.stringify([financing.key, threshold, event.provenance.documentId]);
      if (layer.crossings.has(key)) continue;
      layer.crossings.set(key, {
        key,
        financingKey: financing.key,
        threshold,
        coverageBefore: previous?.coverage ?? null,
        coverageAfter: next.coverage as number,
        firstSeen: event.provenance.receivedAt,
        provenance,
      });
      changes.push(
        changeEvent(
          'collateral',
          'coverage.low',
          financing.enterprise,
          `financing/${financing.financingNo}/coverage-low/${threshold}`,
          event.provenance,
          {
            financingOrderNo: financing.financingNo,
            threshold,
            coverage: { before: previous?.coverage ?? null, after: next.coverage },
            stockValue: next.stockValue,
            purchaseAmount: next.purchaseAmount,
            unpricedLines: next.unpricedLines,
            cause: {
              documentType: event.type,
              documentId: event.provenance.documentId,
              orderNo: order?.orderNo ?? null,
            },
          },
        ),
      );
    }
  }
  return changes;
}
