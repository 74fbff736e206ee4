import { financingKeyOf } from '@tradelog/projections/collateral/tables';
import type { ChangeEvent } from '../changes.ts';
import type { DocumentEvent } from '../documents/event.ts';
import { nodesOf } from '../link-node/rules.ts';
import type { Holdings, ReceiptTotal } from './holdings.ts';
import type { ReceiptValue } from './pledgeState.ts';
import { centsOf, receiptOfId } from './receiptStock.ts';
import type { CollateralState, Financing, Pairing, PieceHolding } from './reducer.ts';
import { financingOf, piecesOf } from './rules.ts';

type Pieces = ReadonlyMap<string, PieceHolding>;

const addTo = (index: Map<string, Set<string>>, key: string, value: string) => {
  const held = index.get(key);
  if (held) held.add(value);
  else index.set(key, new Set([value]));
};

const removeFrom = (index: Map<string, Set<string>>, key: string, value: string) => {
  const held = index.get(key);
  held?.delete(value);
  if (held?.size === 0) index.delete(key);
};

/** The chains a step's link-node change events name: each subject and every chain it absorbed. */
export const chainsNamedBy = (steps: readonly ChangeEvent[]): string[] =>
  steps
    .filter((step) => step.projection === 'link-node')
    .flatMap((step) => [step.subject, ...((step.data.absorbed as string[] | undefined) ?? [])]);

/** The chains a step's merges absorbed. */
const absorbedBy = (steps: readonly ChangeEvent[]): string[] =>
  steps
    .filter((step) => step.projection === 'link-node')
    .flatMap((step) => (step.data.absorbed as string[] | undefined) ?? []);

/**
 * The batch's collateral state, indexed so that each step is handed only its slice — what
 * reduceCollateral's contract asks for (reducer.ts `CollateralState`): of the chains its
 * link-node steps name, the pieces its document brings and the pieces another chain holds too
 * (every piece of a chain it may read whole: absorbed, or possibly held by two open financings
 * after the step); every chain holding one of those pieces, with those pieces; the open
 * financings of those chains and the financings its document names, each with only its
 * document's purchases; the pairings recorded on those pieces. A step then costs what its
 * document touches, not what the batch loaded nor the size of its chains.
 *
 * The batch's own maps are its own (copied from `before` once, then updated in place), so taking
 * a step's result back costs what the step changed.
 */
export function workingCollateral(
  before: CollateralState,
  /** The stock left behind a receipt in the batch's pledge state (receiptStock.ts `receiptValueOf`). */
  stockLeftOf: (enterprise: string, pieceKey: string) => ReceiptValue,
  /**
   * Rule 4's total of each chain as kept, over every receipt it holds, loaded or not (a chain
   * holding none: absent): the pieces `before` holds are counted in it, those a step brings are
   * added to it. Without it, the totals are summed over the pieces `before` holds (a state
   * loaded whole).
   */
  keptTotals?: ReadonlyMap<string, ReceiptTotal>,
) {
  const chains = new Map<string, Map<string, PieceHolding>>();
  const financings = new Map<string, Financing>();
  const pairings = new Map<string, Pairing>();
  /** Piece key → the chains holding it. */
  const holders = new Map<string, Set<string>>();
  /** Chain id → its pieces that another chain holds too. */
  const shared = new Map<string, Set<string>>();
  /** Chain id → the keys of the open financings it holds. */
  const openOn = new Map<string, Set<string>>();
  /** Chain id → the keys of every financing known to be on it. */
  const financed = new Map<string, Set<string>>();
  /** Piece key → the keys of the pairings on it. */
  const pairedOn = new Map<string, Set<string>>();
  /** Financing key → its purchases known to the batch, owned by it. */
  const purchasesOf = new Map<string, Record<string, boolean>>();
  /** Chain id → rule 4's sum over its warehouse receipts, valued on the batch's pledge state. */
  const receiptTotals = new Map(keptTotals ?? []);

  const countReceipt = (chainId: string, piece: PieceHolding, pieceKey: string) => {
    if (piece.kind !== 'warehouseReceipt') return;
    const total = receiptTotals.get(chainId) ?? { receipts: 0, cents: 0, unpricedLines: 0 };
    const value = stockLeftOf(piece.enterprise, pieceKey);
    receiptTotals.set(chainId, {
      receipts: total.receipts + 1,
      cents: total.cents + centsOf(value),
      unpricedLines: total.unpricedLines + value.unpricedLines,
    });
  };

  const hold = (chainId: string, pieceKey: string) => {
    addTo(holders, pieceKey, chainId);
    const all = holders.get(pieceKey)!;
    if (all.size > 1) for (const holder of all) addTo(shared, holder, pieceKey);
  };
  const release = (chainId: string, pieceKey: string) => {
    removeFrom(holders, pieceKey, chainId);
    removeFrom(shared, chainId, pieceKey);
    const rest = holders.get(pieceKey);
    if (rest?.size === 1) for (const holder of rest) removeFrom(shared, holder, pieceKey);
  };
  /** Pieces only accumulate on a chain that stays: a step's pieces are added to the batch's. */
  const addPieces = (chainId: string, pieces: Pieces, counted = false) => {
    let held = chains.get(chainId);
    if (held === undefined) {
      held = new Map();
      chains.set(chainId, held);
    }
    for (const [pieceKey, piece] of pieces) {
      if (!held.has(pieceKey)) {
        hold(chainId, pieceKey);
        if (!counted) countReceipt(chainId, piece, pieceKey);
      }
      held.set(pieceKey, piece);
    }
  };
  const dropChain = (chainId: string) => {
    for (const pieceKey of chains.get(chainId)?.keys() ?? []) release(chainId, pieceKey);
    chains.delete(chainId);
    receiptTotals.delete(chainId);
  };
  /** A step's financing carries only its document's purchases: they are added to the batch's. */
  const putFinancing = (financing: Financing, loaded = false) => {
    const was = financings.get(financing.key);
    if (was) {
      removeFrom(financed, was.chainId, financing.key);
      removeFrom(openOn, was.chainId, financing.key);
    }
    addTo(financed, financing.chainId, financing.key);
    if (financing.open) addTo(openOn, financing.chainId, financing.key);
    // As loaded, the object itself: the batch shell writes the financings that are not.
    if (loaded) {
      financings.set(financing.key, financing);
      return;
    }
    let purchases = purchasesOf.get(financing.key);
    if (purchases === undefined) {
      purchases = { ...was?.purchases };
      purchasesOf.set(financing.key, purchases);
    }
    Object.assign(purchases, financing.purchases);
    financings.set(financing.key, { ...financing, purchases });
  };
  const putPairing = (pairing: Pairing) => {
    addTo(pairedOn, pairing.pieceKey, pairing.key);
    pairings.set(pairing.key, pairing);
  };
  for (const [chainId, pieces] of before.chains) addPieces(chainId, pieces, keptTotals !== undefined);
  for (const financing of before.financings.values()) putFinancing(financing, true);
  for (const pairing of before.pairings.values()) putPairing(pairing);

  /**
   * A step may leave two open financings or more on a chain: the open ones there, those on every
   * chain its document's merges absorb (a survivor may itself be absorbed by a later node of the
   * same document), those its document may open. A bound from above, never below.
   */
  const mayHoldTwoOpen = (chainId: string, absorbed: readonly string[], named: readonly string[]) => {
    let open = openOn.get(chainId)?.size ?? 0;
    for (const gone of absorbed) open += openOn.get(gone)?.size ?? 0;
    for (const key of named) if (!openOn.get(chainId)?.has(key)) open += 1;
    return open > 1;
  };

  return {
    chains: chains as ReadonlyMap<string, Pieces>,
    financings: financings as ReadonlyMap<string, Financing>,
    pairings: pairings as ReadonlyMap<string, Pairing>,

    /**
     * What the release and coverage rules ask of the collateral rules after a step (holdings.ts
     * `Holdings`), from the batch's indexes: complete for the pieces the batch loaded with every
     * chain holding them (batchLoads.ts loads each receipt a document may touch so).
     */
    holdings: {
      openHolders: (pieceKey: string) =>
        [...(holders.get(pieceKey) ?? [])].flatMap((chainId) =>
          [...(openOn.get(chainId) ?? [])].map((key) => financings.get(key)!),
        ),
      holdsReceipt: (chainId: string, enterprise: string, pieceKey: string) => {
        const piece = chains.get(chainId)?.get(pieceKey);
        return piece?.kind === 'warehouseReceipt' && piece.enterprise === enterprise;
      },
      // Kept as pieces join and leave chains and as `revalue` is told of new values: the values
      // are the batch's pledge state's, which is what a step's `values` are.
      receiptTotal: (chainId: string) =>
        receiptTotals.get(chainId) ?? { receipts: 0, cents: 0, unpricedLines: 0 },
      openFinancing: (key: string) => {
        const financing = financings.get(key);
        return financing?.open ? financing : undefined;
      },
    } satisfies Holdings,

    slice(event: DocumentEvent, steps: readonly ChangeEvent[]): CollateralState {
      const named = chainsNamedBy(steps);
      const absorbed = absorbedBy(steps);
      const statements = nodesOf(event);
      const financingKeys: string[] = [];
      const purchaseNodes: string[] = [];
      for (const statement of statements) {
        const financing = financingOf(statement);
        if (financing === undefined) continue;
        financingKeys.push(financingKeyOf(statement.enterprise, financing.financingNo));
        purchaseNodes.push(statement.nodeId);
      }
      const whole = new Set(absorbed);
      for (const step of steps)
        if (step.projection === 'link-node' && mayHoldTwoOpen(step.subject, absorbed, financingKeys))
          whole.add(step.subject);
      // A piece of a named chain no other chain holds brings no chain: only shared ones are looked up.
      const pieceKeys = new Set(statements.flatMap((s) => piecesOf(s).map((piece) => piece.key)));
      for (const chainId of named) for (const pieceKey of shared.get(chainId) ?? []) pieceKeys.add(pieceKey);
      for (const chainId of whole)
        for (const pieceKey of chains.get(chainId)?.keys() ?? []) pieceKeys.add(pieceKey);
      const chainIds = new Set(named);
      for (const pieceKey of pieceKeys)
        for (const chainId of holders.get(pieceKey) ?? []) chainIds.add(chainId);

      const slice = {
        chains: new Map<string, Pieces>(),
        financings: new Map<string, Financing>(),
        pairings: new Map<string, Pairing>(),
      };
      const own = (financing: Financing) => {
        const purchases: Record<string, boolean> = {};
        for (const nodeId of purchaseNodes)
          if (financing.purchases[nodeId] !== undefined) purchases[nodeId] = financing.purchases[nodeId];
        slice.financings.set(financing.key, { ...financing, purchases });
      };
      for (const chainId of chainIds) {
        const pieces = chains.get(chainId);
        if (pieces !== undefined) {
          if (whole.has(chainId)) slice.chains.set(chainId, pieces);
          else {
            const part = new Map<string, PieceHolding>();
            for (const pieceKey of pieceKeys) {
              const piece = pieces.get(pieceKey);
              if (piece !== undefined) part.set(pieceKey, piece);
            }
            slice.chains.set(chainId, part);
          }
        }
        for (const key of openOn.get(chainId) ?? []) own(financings.get(key)!);
      }
      // An absorbed chain's closed financings move with it (the batch shell moves the others' rows).
      for (const chainId of absorbed)
        for (const key of financed.get(chainId) ?? []) own(financings.get(key)!);
      for (const key of financingKeys) {
        const known = financings.get(key);
        if (known) own(known);
      }
      // Every pairing the step could find again is on one of the slice's pieces.
      for (const pieceKey of pieceKeys)
        for (const key of pairedOn.get(pieceKey) ?? []) slice.pairings.set(key, pairings.get(key)!);
      return slice;
    },

    /**
     * Receipts whose stock left a step changed (by receipt id), told before the batch's pledge
     * state takes the new values (`stockLeftOf` still answers the old): every chain holding one
     * counts it at its new value.
     */
    revalue(changed: ReadonlyMap<string, ReceiptValue>) {
      for (const [id, value] of changed) {
        const [enterprise, pieceKey] = receiptOfId(id);
        const was = stockLeftOf(enterprise, pieceKey);
        for (const chainId of holders.get(pieceKey) ?? []) {
          const piece = chains.get(chainId)?.get(pieceKey);
          if (piece?.kind !== 'warehouseReceipt' || piece.enterprise !== enterprise) continue;
          const total = receiptTotals.get(chainId)!;
          receiptTotals.set(chainId, {
            receipts: total.receipts,
            cents: total.cents + centsOf(value) - centsOf(was),
            unpricedLines: total.unpricedLines + value.unpricedLines - was.unpricedLines,
          });
        }
      }
    },

    /** Takes a step's result back: what it changed in its slice is added to the batch's state. */
    absorb(slice: CollateralState, after: CollateralState) {
      // Absorbed by a merge: its pieces went to the survivor.
      for (const chainId of slice.chains.keys()) if (!after.chains.has(chainId)) dropChain(chainId);
      for (const [chainId, pieces] of after.chains)
        if (slice.chains.get(chainId) !== pieces) addPieces(chainId, pieces);
      for (const [key, financing] of after.financings)
        if (slice.financings.get(key) !== financing) putFinancing(financing);
      for (const [key, pairing] of after.pairings) if (!slice.pairings.has(key)) putPairing(pairing);
    },
  };
}
