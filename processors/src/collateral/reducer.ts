import {
  type CollateralProvenance,
  financingKeyOf,
  type Pairing,
  type PieceHolding,
} from '@tradelog/projections/collateral/tables';
import type { ChangeEvent, Reduction } from '../changes.ts';
import type { DocumentEvent, Provenance } from '../documents/event.ts';
import { type LinkNodeState, reduceLinkNode } from '../link-node/reducer.ts';
import { type NodeStatement, nodesOf } from '../link-node/rules.ts';
import { reusedEvents } from './reusedEvents.ts';
import { financingOf, type Piece, piecesOf } from './rules.ts';
import type { CollateralState, Financing } from './state.ts';

/**
 * Collateral behind financings (processors/README.md "Collateral rules"), folded over link-node's
 * chains: a step takes a document and the link-node change events its chains step produced (which
 * chain each of its nodes went into, which chains merged) and says which pieces of collateral
 * and which financings each chain holds now, and which pairings of two open financings on one
 * piece are new. Each new pairing is reported once, as a `collateral.reused` change event for
 * each enterprise involved.
 *
 * Rules, each with its Given/When/Then test in reducer.unit.test.ts:
 * 1. A chain holds every piece its nodes pledge (rules.ts: bills of lading, contracts, warehouse
 *    receipts in their warehouse), compared as normalised numbers; pieces only accumulate, as
 *    link keys do. A merge of chains unites their pieces and financings.
 * 2. A financing is a purchase's financingOrderNo; it holds every piece of its chain while one of
 *    its purchases has not reached a final status (20, 30). A final purchase stays final.
 * 3. Two open financings holding one piece, in one chain or in two chains of any enterprises, are
 *    a pairing; a pairing is reported once, whatever the documents that repeat it.
 * 4. Each enterprise involved hears of a pairing under its own name only: the other financing is
 *    named when it is the same enterprise's, else only said to be another enterprise's.
 * 5. The first sight of a piece or a financing is its earliest document (received-at, then
 *    document id), whatever order the log was read in.
 *
 * A step's work is what its document changes, not the size of its chains (processors/README.md
 * "Collateral rules"): a financing counts its unsettled purchases instead of scanning them, and a
 * chain whose every piece gains a holder re-examines only the pieces another chain holds too,
 * unless two open financings or more hold the chain (then each of its pieces pairs them).
 */

export const pairKeyOf = (pieceKey: string, a: string, b: string) => JSON.stringify([pieceKey, a, b]);

const provenanceOf = (event: DocumentEvent): CollateralProvenance => ({
  ...event.provenance,
  documentType: event.type,
});

/** Rule 5: the earlier of two sightings (received-at, then document id); `a` when they tie. */
function earlier<T extends { firstSeen: string; provenance: Provenance }>(a: T | undefined, b: T): T {
  if (a === undefined) return b;
  if (b.firstSeen < a.firstSeen) return b;
  if (b.firstSeen === a.firstSeen && b.provenance.documentId < a.provenance.documentId) return b;
  return a;
}

export interface CollateralReduction extends Reduction<CollateralState> {
  /**
   * The chains whose every piece gained a holder: each chain a merge absorbed (its pieces moved)
   * and each chain whose every piece gained an open financing as holder (rule 2's financing
   * opening on it, or a merge bringing one). Of these the step read every piece another chain
   * holds too, and every piece of those in `readEvery`.
   */
  readWhole: readonly string[];
  /**
   * The chains whose every piece the step read: each chain absorbed, and each chain of
   * `readWhole` that two open financings or more hold (each of its pieces pairs them). The batch
   * shell checks these were given whole.
   */
  readEvery: readonly string[];
}

export function reduceCollateral(
  state: CollateralState,
  event: DocumentEvent,
  linked: readonly ChangeEvent[],
): CollateralReduction {
  const steps = linked.filter((change) => change.projection === 'link-node');
  if (steps.length === 0) return { state, changes: [], readWhole: [], readEvery: [] };
  const statements = new Map(nodesOf(event).map((statement) => [statement.nodeId, statement]));
  const draft = new CollateralDraft(state, event);
  for (const step of steps) {
    const chainId = step.subject;
    draft.mergeAbsorbed(chainId, (step.data.absorbed as readonly string[] | undefined) ?? []);
    const statement = statements.get(String(step.data.nodeId));
    if (statement === undefined) continue;
    draft.holdPieces(chainId, statement);
    draft.recordPurchase(chainId, statement);
  }
  if (!draft.changed) return { state, changes: [], readWhole: [], readEvery: [] };
  const { readEvery, openByChain } = draft.piecesToPair();
  const { pairings, changes } = pairOpenHolders(draft, openByChain, state.pairings, event);
  return {
    state: { chains: draft.chains, financings: draft.financings, pairings },
    changes,
    readWhole: [...new Set([...draft.moved, ...draft.widened])],
    readEvery: [...readEvery],
  };
}

/**
 * A step's working copy of the state: the chains it changes are copied once (`own`), and what it
 * learns on the way — pieces that may pair (`touched`), chains whose every piece gained an open
 * holder (`widened`), chains absorbed (`moved`) — is kept for the pairing rule.
 */
class CollateralDraft {
  readonly chains: Map<string, ReadonlyMap<string, PieceHolding>>;
  readonly financings: Map<string, Financing>;
  readonly #owned = new Set<string>();
  /** Pieces that may gain a pairing. */
  readonly touched = new Set<string>();
  /** Chains whose every piece may have a new holder (rule 2, rule 1's merge). */
  readonly widened = new Set<string>();
  /** Chains absorbed by the step's merges. */
  readonly moved: string[] = [];
  changed = false;
  readonly #provenance: CollateralProvenance;
  readonly #firstSeen: string;

  constructor(state: CollateralState, event: DocumentEvent) {
    this.chains = new Map(state.chains);
    this.financings = new Map(state.financings);
    this.#provenance = provenanceOf(event);
    this.#firstSeen = event.provenance.receivedAt;
  }

  /** The chain's pieces, copied the first time the step changes them. */
  #own(chainId: string): Map<string, PieceHolding> {
    if (!this.#owned.has(chainId)) {
      this.chains.set(chainId, new Map(this.chains.get(chainId)));
      this.#owned.add(chainId);
    }
    return this.chains.get(chainId) as Map<string, PieceHolding>;
  }

  /** Rule 1: a merge moves the absorbed chains' pieces and financings to the survivor. */
  mergeAbsorbed(chainId: string, absorbed: readonly string[]): void {
    if (absorbed.length === 0) return;
    const into = this.#own(chainId);
    for (const gone of absorbed) {
      // The survivor's financings now hold each piece moved in.
      for (const [key, piece] of this.chains.get(gone) ?? []) {
        into.set(key, earlier(into.get(key), piece));
        this.touched.add(key);
      }
      this.chains.delete(gone);
      this.#owned.delete(gone);
      this.moved.push(gone);
    }
    for (const financing of this.financings.values())
      if (absorbed.includes(financing.chainId)) {
        this.financings.set(financing.key, { ...financing, chainId });
        // An open financing moved in holds the survivor's own pieces too; a closed one holds nothing.
        if (financing.open) this.widened.add(chainId);
      }
    this.changed = true;
  }

  /** The pieces a node brings are held by its chain, as first seen (rule 5). */
  holdPieces(chainId: string, statement: NodeStatement): void {
    for (const piece of piecesOf(statement)) {
      const held = this.chains.get(chainId)?.get(piece.key);
      const kept = earlier(held, holdingOf(piece, statement.enterprise, this.#firstSeen, this.#provenance));
      if (kept === held) continue;
      this.#own(chainId).set(piece.key, kept);
      if (held === undefined) this.touched.add(piece.key);
      this.changed = true;
    }
  }

  /** Rule 2: a purchase naming a financing counts toward it; open while a purchase is not final. */
  recordPurchase(chainId: string, statement: NodeStatement): void {
    const named = financingOf(statement);
    if (named === undefined) return;
    const key = financingKeyOf(statement.enterprise, named.financingNo);
    const existing = this.financings.get(key);
    const was = existing?.purchases[statement.nodeId];
    const final = (was ?? false) || named.final;
    const unsettled = (existing?.unsettled ?? 0) + (final ? 0 : 1) - (was === false ? 1 : 0);
    const sighting = earlier<Pick<Financing, 'firstSeen' | 'provenance'>>(existing, {
      firstSeen: this.#firstSeen,
      provenance: this.#provenance,
    });
    const next: Financing = {
      key,
      enterprise: statement.enterprise,
      financingNo: named.financingNo,
      chainId,
      purchases:
        existing !== undefined && was === final
          ? existing.purchases
          : { ...existing?.purchases, [statement.nodeId]: final },
      unsettled,
      open: unsettled > 0,
      firstSeen: sighting.firstSeen,
      provenance: sighting.provenance,
    };
    if (existing !== undefined && existing.chainId === next.chainId && was === final && sighting === existing)
      return;
    this.financings.set(key, next);
    if (next.open && !(existing?.open && existing.chainId === chainId)) this.widened.add(chainId);
    this.changed = true;
  }

  /**
   * Rule 3's candidates: a widened chain's piece gains a pairing only with another open holder,
   * on the chain itself (two open financings: every piece pairs them) or on another chain
   * holding the piece too. Answers the chains read whole and the open financings by chain.
   */
  piecesToPair(): { readEvery: Set<string>; openByChain: Map<string, Financing[]> } {
    const openByChain = new Map<string, Financing[]>();
    for (const financing of this.financings.values())
      if (financing.open)
        openByChain.set(financing.chainId, [...(openByChain.get(financing.chainId) ?? []), financing]);
    const readEvery = new Set(this.moved);
    let holderCounts: Map<string, number> | undefined;
    for (const chainId of this.widened) {
      const pieces = this.chains.get(chainId);
      if ((openByChain.get(chainId)?.length ?? 0) > 1) {
        // Every piece of it is read, whether or not the state given holds any of them: a batch
        // that loaded the chain only in part (none of its pieces brought by the batch's documents)
        // learns here that it must load the chain whole and fold again (batchFold.ts `foldReadingWhole`).
        readEvery.add(chainId);
        for (const key of pieces?.keys() ?? []) this.touched.add(key);
        continue;
      }
      if (pieces === undefined) continue;
      holderCounts ??= countHolders(this.chains);
      for (const key of pieces.keys()) if ((holderCounts.get(key) ?? 0) > 1) this.touched.add(key);
    }
    return { readEvery, openByChain };
  }
}

/** Rule 3: each pair of open financings holding a touched piece, not paired on it before, is recorded and reported. */
function pairOpenHolders(
  draft: CollateralDraft,
  openByChain: ReadonlyMap<string, readonly Financing[]>,
  recorded: ReadonlyMap<string, Pairing>,
  event: DocumentEvent,
): { pairings: Map<string, Pairing>; changes: ChangeEvent[] } {
  const pairings = new Map(recorded);
  const changes: ChangeEvent[] = [];
  const subjects = new Map<string, number>();
  const provenance = provenanceOf(event);
  for (const pieceKey of [...draft.touched].sort()) {
    let piece: PieceHolding | undefined;
    const holders: Financing[] = [];
    for (const [chainId, pieces] of draft.chains) {
      const held = pieces.get(pieceKey);
      if (held === undefined) continue;
      piece ??= held;
      holders.push(...(openByChain.get(chainId) ?? []));
    }
    if (piece === undefined) continue;
    holders.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const [i, a] of holders.entries())
      for (const b of holders.slice(i + 1)) {
        const key = pairKeyOf(pieceKey, a.key, b.key);
        if (pairings.has(key)) continue;
        const pairing: Pairing = {
          key,
          pieceKey,
          kind: piece.kind,
          number: piece.number,
          warehouse: piece.warehouse,
          financingA: a.key,
          financingB: b.key,
          firstSeen: event.provenance.receivedAt,
          provenance,
        };
        pairings.set(key, pairing);
        changes.push(...reusedEvents(pairing, a, b, event, subjects));
      }
  }
  return { pairings, changes };
}

/** How many of the given chains hold each piece. */
function countHolders(chains: ReadonlyMap<string, ReadonlyMap<string, PieceHolding>>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const pieces of chains.values())
    for (const key of pieces.keys()) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

function holdingOf(
  piece: Piece,
  enterprise: string,
  firstSeen: string,
  provenance: CollateralProvenance,
): PieceHolding {
  return {
    kind: piece.kind,
    number: piece.number,
    warehouse: piece.warehouse,
    enterprise,
    firstSeen,
    provenance,
  };
}

/** Chains and collateral together: the state the pure step of a whole document folds over. */
export interface ChainsAndCollateral {
  links: LinkNodeState;
  collateral: CollateralState;
}

/**
 * One document through link-node's own reducer, then through the collateral rules: the same
 * chains link-node builds (its rules, not a copy), and what they hold. The batch shell does the
 * same with link-node's batch shell (projection.ts).
 */
export function reduceCollateralDocument(
  state: ChainsAndCollateral,
  event: DocumentEvent,
): Reduction<ChainsAndCollateral> {
  const linked = reduceLinkNode(state.links, event);
  const reduced = reduceCollateral(state.collateral, event, linked.changes);
  if (linked.state === state.links && reduced.state === state.collateral)
    return { state, changes: [], ...(linked.superseded ? { superseded: true } : {}) };
  return { state: { links: linked.state, collateral: reduced.state }, changes: reduced.changes };
}
