import type { Pairing, PieceHolding } from '@tradelog/projections/collateral/tables';
import { financingKeyOf } from '@tradelog/projections/collateral/tables';
import type { ChangeEvent } from '../changes.ts';
import type { DocumentEvent } from '../documents/event.ts';
import { nodesOf } from '../link-node/rules.ts';
import type { Holdings, ReceiptTotal } from './holdings.ts';
import type { ReceiptValue } from './pledgeState.ts';
import { receiptOfId } from './receiptStock.ts';
import { ReceiptTotals } from './receiptTotals.ts';
import { financingOf, piecesOf } from './rules.ts';
import type { CollateralState, Financing } from './state.ts';

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
 * (every piece of a chain it may read whole: absorbed, or possibly brought an open financing it
 * lacked while another holds it); every chain holding one of those pieces, with those pieces; the open
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
): WorkingCollateral {
  return new WorkingCollateral(before, new ReceiptTotals(stockLeftOf, keptTotals), keptTotals !== undefined);
}

/** What a step's document and link-node steps name: the chains, and the financings it may open or change. */
function stepNames(event: DocumentEvent, steps: readonly ChangeEvent[]) {
  const statements = nodesOf(event);
  const financingKeys: string[] = [];
  const purchaseNodes: string[] = [];
  for (const statement of statements) {
    const financing = financingOf(statement);
    if (financing === undefined) continue;
    financingKeys.push(financingKeyOf(statement.enterprise, financing.financingNo));
    purchaseNodes.push(statement.nodeId);
  }
  return {
    named: chainsNamedBy(steps),
    absorbed: absorbedBy(steps),
    pieceKeys: new Set(statements.flatMap((s) => piecesOf(s).map((piece) => piece.key))),
    financingKeys,
    purchaseNodes,
  };
}

/** A financing as a step sees it: with only the purchases of its own document (`purchaseNodes`). */
function financingForStep(financing: Financing, purchaseNodes: readonly string[]): Financing {
  const purchases: Record<string, boolean> = {};
  for (const nodeId of purchaseNodes)
    if (financing.purchases[nodeId] !== undefined) purchases[nodeId] = financing.purchases[nodeId];
  return { ...financing, purchases };
}

export class WorkingCollateral {
  readonly #chains = new Map<string, Map<string, PieceHolding>>();
  readonly #financings = new Map<string, Financing>();
  readonly #pairings = new Map<string, Pairing>();
  /** Piece key → the chains holding it. */
  readonly #holders = new Map<string, Set<string>>();
  /** Chain id → its pieces that another chain holds too. */
  readonly #shared = new Map<string, Set<string>>();
  /** Chain id → the keys of the open financings it holds. */
  readonly #openOn = new Map<string, Set<string>>();
  /** Chain id → the keys of every financing known to be on it. */
  readonly #financed = new Map<string, Set<string>>();
  /** Piece key → the keys of the pairings on it. */
  readonly #pairedOn = new Map<string, Set<string>>();
  /** Financing key → its purchases known to the batch, owned by it. */
  readonly #purchasesOf = new Map<string, Record<string, boolean>>();
  readonly #receiptTotals: ReceiptTotals;

  constructor(before: CollateralState, receiptTotals: ReceiptTotals, totalsKept: boolean) {
    this.#receiptTotals = receiptTotals;
    for (const [chainId, pieces] of before.chains) this.#addPieces(chainId, pieces, totalsKept);
    for (const financing of before.financings.values()) this.#putFinancing(financing, true);
    for (const pairing of before.pairings.values()) this.#putPairing(pairing);
  }

  get chains(): ReadonlyMap<string, Pieces> {
    return this.#chains;
  }
  get financings(): ReadonlyMap<string, Financing> {
    return this.#financings;
  }
  get pairings(): ReadonlyMap<string, Pairing> {
    return this.#pairings;
  }

  /**
   * What the release and coverage rules ask of the collateral rules after a step (holdings.ts
   * `Holdings`), from the batch's indexes: complete for the pieces the batch loaded with every
   * chain holding them (batchLoads.ts loads each receipt a document may touch so).
   */
  readonly holdings: Holdings = {
    openHolders: (pieceKey) =>
      [...(this.#holders.get(pieceKey) ?? [])].flatMap((chainId) =>
        [...(this.#openOn.get(chainId) ?? [])].map((key) => this.#financings.get(key)!),
      ),
    holdsReceipt: (chainId, enterprise, pieceKey) => {
      const piece = this.#chains.get(chainId)?.get(pieceKey);
      return piece?.kind === 'warehouseReceipt' && piece.enterprise === enterprise;
    },
    // Kept as pieces join and leave chains and as `revalue` is told of new values: the values
    // are the batch's pledge state's, which is what a step's `values` are.
    receiptTotal: (chainId) => this.#receiptTotals.of(chainId),
    openFinancing: (key) => {
      const financing = this.#financings.get(key);
      return financing?.open ? financing : undefined;
    },
  };

  /** The slice a step is handed (see `workingCollateral`). */
  slice(event: DocumentEvent, steps: readonly ChangeEvent[]): CollateralState {
    const names = stepNames(event, steps);
    const whole = new Set(names.absorbed);
    for (const step of steps)
      if (
        step.projection === 'link-node' &&
        this.#mayWidenToTwoOpen(step.subject, names.absorbed, names.financingKeys)
      )
        whole.add(step.subject);
    // A piece of a named chain no other chain holds brings no chain: only shared ones are looked up.
    const pieceKeys = names.pieceKeys;
    for (const chainId of names.named)
      for (const pieceKey of this.#shared.get(chainId) ?? []) pieceKeys.add(pieceKey);
    for (const chainId of whole)
      for (const pieceKey of this.#chains.get(chainId)?.keys() ?? []) pieceKeys.add(pieceKey);
    const chainIds = new Set(names.named);
    for (const pieceKey of pieceKeys)
      for (const chainId of this.#holders.get(pieceKey) ?? []) chainIds.add(chainId);

    const slice = {
      chains: new Map<string, Pieces>(),
      financings: new Map<string, Financing>(),
      pairings: new Map<string, Pairing>(),
    };
    const own = (financing: Financing) =>
      slice.financings.set(financing.key, financingForStep(financing, names.purchaseNodes));
    for (const chainId of chainIds) {
      const pieces = this.#chains.get(chainId);
      if (pieces !== undefined)
        slice.chains.set(chainId, whole.has(chainId) ? pieces : piecesAmong(pieces, pieceKeys));
      for (const key of this.#openOn.get(chainId) ?? []) own(this.#financings.get(key)!);
    }
    // An absorbed chain's closed financings move with it (the batch shell moves the others' rows).
    for (const chainId of names.absorbed)
      for (const key of this.#financed.get(chainId) ?? []) own(this.#financings.get(key)!);
    for (const key of names.financingKeys) {
      const known = this.#financings.get(key);
      if (known) own(known);
    }
    // Every pairing the step could find again is on one of the slice's pieces.
    for (const pieceKey of pieceKeys)
      for (const key of this.#pairedOn.get(pieceKey) ?? []) slice.pairings.set(key, this.#pairings.get(key)!);
    return slice;
  }

  /**
   * Receipts whose stock left a step changed (by receipt id), told before the batch's pledge
   * state takes the new values: every chain holding one counts it at its new value.
   */
  revalue(changed: ReadonlyMap<string, ReceiptValue>): void {
    for (const [id, value] of changed) {
      const [enterprise, pieceKey] = receiptOfId(id);
      const holding = [...(this.#holders.get(pieceKey) ?? [])].filter((chainId) =>
        this.holdings.holdsReceipt(chainId, enterprise, pieceKey),
      );
      this.#receiptTotals.revalue(holding, pieceKey, enterprise, value);
    }
  }

  /** Takes a step's result back: what it changed in its slice is added to the batch's state. */
  absorb(slice: CollateralState, after: CollateralState): void {
    // Absorbed by a merge: its pieces went to the survivor.
    for (const chainId of slice.chains.keys()) if (!after.chains.has(chainId)) this.#dropChain(chainId);
    for (const [chainId, pieces] of after.chains)
      if (slice.chains.get(chainId) !== pieces) this.#addPieces(chainId, pieces);
    for (const [key, financing] of after.financings)
      if (slice.financings.get(key) !== financing) this.#putFinancing(financing);
    for (const [key, pairing] of after.pairings) if (!slice.pairings.has(key)) this.#putPairing(pairing);
  }

  /**
   * A step may bring a chain an open financing it lacked and leave two open ones or more on it:
   * then every piece of the chain may pair the newcomer (reducer.ts `piecesToPair`, the chains
   * widened). Those arriving are the open ones on every chain its document's merges absorb (a
   * survivor may itself be absorbed by a later node of the same document) and those its document
   * may open; with the open ones there, a bound from above, never below. A chain two open
   * financings already hold has every piece paired: a step that brings none pairs only the
   * pieces it brings, so it is handed those, not the chain — its cost stays what its document
   * touches however long a double-financed chain grows (processors/README.md "Collateral rules").
   */
  #mayWidenToTwoOpen(chainId: string, absorbed: readonly string[], named: readonly string[]): boolean {
    const open = this.#openOn.get(chainId);
    let arriving = 0;
    for (const gone of absorbed) arriving += this.#openOn.get(gone)?.size ?? 0;
    for (const key of named) if (!open?.has(key)) arriving += 1;
    return arriving > 0 && (open?.size ?? 0) + arriving > 1;
  }

  #hold(chainId: string, pieceKey: string): void {
    addTo(this.#holders, pieceKey, chainId);
    const all = this.#holders.get(pieceKey)!;
    if (all.size > 1) for (const holder of all) addTo(this.#shared, holder, pieceKey);
  }

  #release(chainId: string, pieceKey: string): void {
    removeFrom(this.#holders, pieceKey, chainId);
    removeFrom(this.#shared, chainId, pieceKey);
    const rest = this.#holders.get(pieceKey);
    if (rest?.size === 1) for (const holder of rest) removeFrom(this.#shared, holder, pieceKey);
  }

  /**
   * Pieces only accumulate on a chain that stays: a step's pieces are added to the batch's.
   * `counted`: already in the chain's kept receipt total (loaded from it).
   */
  #addPieces(chainId: string, pieces: Pieces, counted = false): void {
    let held = this.#chains.get(chainId);
    if (held === undefined) {
      held = new Map();
      this.#chains.set(chainId, held);
    }
    for (const [pieceKey, piece] of pieces) {
      if (!held.has(pieceKey)) {
        this.#hold(chainId, pieceKey);
        if (!counted) this.#receiptTotals.count(chainId, pieceKey, piece);
      }
      held.set(pieceKey, piece);
    }
  }

  #dropChain(chainId: string): void {
    for (const pieceKey of this.#chains.get(chainId)?.keys() ?? []) this.#release(chainId, pieceKey);
    this.#chains.delete(chainId);
    this.#receiptTotals.drop(chainId);
  }

  /** A step's financing carries only its document's purchases: they are added to the batch's. */
  #putFinancing(financing: Financing, loaded = false): void {
    const was = this.#financings.get(financing.key);
    if (was) {
      removeFrom(this.#financed, was.chainId, financing.key);
      removeFrom(this.#openOn, was.chainId, financing.key);
    }
    addTo(this.#financed, financing.chainId, financing.key);
    if (financing.open) addTo(this.#openOn, financing.chainId, financing.key);
    // As loaded, the object itself: the batch shell writes the financings that are not.
    if (loaded) {
      this.#financings.set(financing.key, financing);
      return;
    }
    let purchases = this.#purchasesOf.get(financing.key);
    if (purchases === undefined) {
      purchases = { ...was?.purchases };
      this.#purchasesOf.set(financing.key, purchases);
    }
    Object.assign(purchases, financing.purchases);
    this.#financings.set(financing.key, { ...financing, purchases });
  }

  #putPairing(pairing: Pairing): void {
    addTo(this.#pairedOn, pairing.pieceKey, pairing.key);
    this.#pairings.set(pairing.key, pairing);
  }
}

/** The pieces of a chain among the given keys (a chain handed to a step in part). */
function piecesAmong(pieces: Pieces, pieceKeys: ReadonlySet<string>): Map<string, PieceHolding> {
  const part = new Map<string, PieceHolding>();
  for (const pieceKey of pieceKeys) {
    const piece = pieces.get(pieceKey);
    if (piece !== undefined) part.set(pieceKey, piece);
  }
  return part;
}
