import type { PieceHolding } from '@tradelog/projections/collateral/tables';
import type { ReceiptTotal } from './holdings.ts';
import type { ReceiptValue } from './pledgeState.ts';
import { centsOf } from './receiptStock.ts';

const none: ReceiptTotal = { receipts: 0, cents: 0, unpricedLines: 0 };

/**
 * Rule 4's sum per chain over the warehouse receipts it holds (holdings.ts `ReceiptTotal`), kept
 * by the batch as receipts join chains (`count`), chains are absorbed (`drop`) and receipts change
 * value (`revalue`), so that a coverage evaluation costs what its document changed. Values are the
 * batch's pledge state's (`stockLeftOf`), each valued for the enterprise that holds it.
 */
export class ReceiptTotals {
  readonly #totals: Map<string, ReceiptTotal>;
  readonly #stockLeftOf: (enterprise: string, pieceKey: string) => ReceiptValue;

  constructor(
    stockLeftOf: (enterprise: string, pieceKey: string) => ReceiptValue,
    kept: ReadonlyMap<string, ReceiptTotal> = new Map(),
  ) {
    this.#stockLeftOf = stockLeftOf;
    this.#totals = new Map(kept);
  }

  of(chainId: string): ReceiptTotal {
    return this.#totals.get(chainId) ?? none;
  }

  /** A piece the chain did not hold joins it: a receipt adds its value. */
  count(chainId: string, pieceKey: string, piece: PieceHolding): void {
    if (piece.kind !== 'warehouseReceipt') return;
    const total = this.of(chainId);
    const value = this.#stockLeftOf(piece.enterprise, pieceKey);
    this.#totals.set(chainId, {
      receipts: total.receipts + 1,
      cents: total.cents + centsOf(value),
      unpricedLines: total.unpricedLines + value.unpricedLines,
    });
  }

  /** An absorbed chain: its pieces went to the survivor, each counted there as it joined. */
  drop(chainId: string): void {
    this.#totals.delete(chainId);
  }

  /**
   * A receipt's new value, told before the pledge state takes it (`stockLeftOf` still answers the
   * old), for each of the chains holding it.
   */
  revalue(chainIds: Iterable<string>, pieceKey: string, enterprise: string, value: ReceiptValue): void {
    const was = this.#stockLeftOf(enterprise, pieceKey);
    for (const chainId of chainIds) {
      const total = this.of(chainId);
      this.#totals.set(chainId, {
        receipts: total.receipts,
        cents: total.cents + centsOf(value) - centsOf(was),
        unpricedLines: total.unpricedLines + value.unpricedLines - was.unpricedLines,
      });
    }
  }
}
