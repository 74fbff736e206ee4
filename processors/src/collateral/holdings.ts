import { centsOf, type ReceiptValues, receiptValueOf } from './receiptStock.ts';

/**
 * What the release and coverage rules (pledges.ts, rules 2 and 4) ask of the collateral rules
 * after a document: which open financings hold a receipt, and rule 4's sum over a chain's
 * receipts. The batch answers from its indexes (working.ts); a whole fold by scanning (`holdingsOf`).
 */

/** A financing as these rules see it (reducer.ts `Financing`). */
export interface HeldBy {
  key: string;
  enterprise: string;
  financingNo: string;
  chainId: string;
}

/** What rule 4 sums for a chain: the stock left behind every warehouse receipt it holds. */
export interface ReceiptTotal {
  /** How many warehouse-receipt pieces the chain holds. */
  receipts: number;
  /** Each receipt's value rounded to whole cents, then summed: exact, whatever the order. */
  cents: number;
  unpricedLines: number;
}

/** What the collateral rules know at a document: who holds what (reducer.ts state, or the batch's). */
export interface Holdings {
  /** The open financings whose chain holds the piece. */
  openHolders(pieceKey: string): readonly HeldBy[];
  /** Whether the chain holds the warehouse receipt of that enterprise. */
  holdsReceipt(chainId: string, enterprise: string, pieceKey: string): boolean;
  /**
   * Rule 4's sum over the warehouse receipts the chain holds, each valued on `values` for the
   * enterprise that holds it (a chain is one enterprise's: link-node). The batch keeps it as an
   * index it updates as pieces join chains and receipts change value (working.ts), so that
   * evaluating a financing costs what its document changed, not the number of receipts its
   * chain holds.
   */
  receiptTotal(chainId: string, values: ReceiptValues): ReceiptTotal;
  /** A financing by key when it is open. */
  openFinancing(key: string): HeldBy | undefined;
}

/**
 * Rule 4's sum over receipts by scanning them: what `Holdings.receiptTotal` answers without an
 * index (a whole fold's holdings, `holdingsOf`).
 */
export function sumReceipts(
  receipts: readonly { enterprise: string; pieceKey: string }[],
  values: ReceiptValues,
): ReceiptTotal {
  let cents = 0;
  let unpricedLines = 0;
  for (const { enterprise, pieceKey } of receipts) {
    const left = receiptValueOf(values, enterprise, pieceKey);
    cents += centsOf(left);
    unpricedLines += left.unpricedLines;
  }
  return { receipts: receipts.length, cents, unpricedLines };
}

/** Holdings read from a whole collateral state (tests, as-of folds): scans, as no index is kept. */
export function holdingsOf(state: {
  chains: ReadonlyMap<string, ReadonlyMap<string, { kind: string; enterprise: string }>>;
  financings: ReadonlyMap<string, HeldBy & { open: boolean }>;
}): Holdings {
  const receiptsOf = (chainId: string) =>
    [...(state.chains.get(chainId) ?? [])]
      .filter(([, piece]) => piece.kind === 'warehouseReceipt')
      .map(([pieceKey, piece]) => ({ enterprise: piece.enterprise, pieceKey }));
  return {
    openHolders(pieceKey) {
      const chains = new Set(
        [...state.chains].filter(([, pieces]) => pieces.has(pieceKey)).map(([id]) => id),
      );
      return [...state.financings.values()].filter((f) => f.open && chains.has(f.chainId));
    },
    openFinancing(key) {
      const financing = state.financings.get(key);
      return financing?.open ? financing : undefined;
    },
    holdsReceipt(chainId, enterprise, pieceKey) {
      const piece = state.chains.get(chainId)?.get(pieceKey);
      return piece?.kind === 'warehouseReceipt' && piece.enterprise === enterprise;
    },
    receiptTotal: (chainId, values) => sumReceipts(receiptsOf(chainId), values),
  };
}
