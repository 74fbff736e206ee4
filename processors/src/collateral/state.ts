import type { FinancingStateRow, Pairing, PieceHolding } from '@tradelog/projections/collateral/tables';

/**
 * The collateral rules' state (reducer.ts): the pieces each chain holds, the financings on them
 * and the pairings recorded, as a step is given them and as the batch shell loads and writes them.
 */

/** A financing as a step is given it: its row, keyed. */
export interface Financing extends Omit<FinancingStateRow, 'financingKey' | 'purchases'> {
  key: string;
  /**
   * Each purchase (node id) naming it, and whether that purchase reached a final status. A step's
   * slice may give only the purchases of its own document (batchLoads.ts loads no more).
   */
  purchases: Readonly<Record<string, boolean>>;
}

export interface CollateralState {
  /**
   * Pieces per chain, by piece key. A step must be given every piece of each chain in
   * `CollateralReduction.readEvery`; of each chain in `readWhole`, every piece another chain holds
   * too; each piece its document brings with every chain holding it; and every chain holding a
   * piece it touches with that piece. Of any other chain its link changes name, the pieces given
   * may be a part (batchLoads.ts loads no more).
   */
  chains: ReadonlyMap<string, ReadonlyMap<string, PieceHolding>>;
  /**
   * The financings of those chains, by key: every open one, every one its document names; closed
   * ones of an absorbed chain may be missing (the batch shell moves their rows).
   */
  financings: ReadonlyMap<string, Financing>;
  /** The pairings already recorded on those pieces, by key. */
  pairings: ReadonlyMap<string, Pairing>;
}

export const emptyCollateralState = (): CollateralState => ({
  chains: new Map(),
  financings: new Map(),
  pairings: new Map(),
});
