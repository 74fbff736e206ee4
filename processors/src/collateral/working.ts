import { financingKeyOf } from '@tradelog/projections/collateral/tables';
import type { ChangeEvent } from '../changes.ts';
import type { DocumentEvent } from '../documents/event.ts';
import { nodesOf } from '../link-node/rules.ts';
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

/**
 * The batch's collateral state, indexed so that each step is handed only its slice: the chains
 * its link-node steps name, every chain holding a piece of those or a piece its document brings,
 * the financings of those chains and of its document, and the pairings of those financings —
 * what reduceCollateral's contract asks for (reducer.ts `CollateralState`). A step then costs
 * what its document touches, not what the whole batch loaded (the reducer copies the maps it is
 * given), and not the size of its chains: only the pieces a chain shares with another chain are
 * looked up.
 */
export function workingCollateral(before: CollateralState) {
  const chains = new Map<string, Pieces>();
  const financings = new Map<string, Financing>();
  const pairings = new Map<string, Pairing>();
  /** Piece key → the chains holding it. */
  const holders = new Map<string, Set<string>>();
  /** Chain id → its pieces that another chain holds too. */
  const shared = new Map<string, Set<string>>();
  /** Chain id → the keys of the financings it holds. */
  const financed = new Map<string, Set<string>>();
  /** Financing key → the keys of the pairings naming it. */
  const paired = new Map<string, Set<string>>();

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
  const putChain = (chainId: string, pieces: Pieces, was: Pieces | undefined) => {
    for (const pieceKey of was?.keys() ?? []) if (!pieces.has(pieceKey)) release(chainId, pieceKey);
    for (const pieceKey of pieces.keys()) if (!was?.has(pieceKey)) hold(chainId, pieceKey);
    chains.set(chainId, pieces);
  };
  const dropChain = (chainId: string) => {
    for (const pieceKey of chains.get(chainId)?.keys() ?? []) release(chainId, pieceKey);
    chains.delete(chainId);
  };
  const putFinancing = (financing: Financing) => {
    const was = financings.get(financing.key);
    if (was) removeFrom(financed, was.chainId, financing.key);
    addTo(financed, financing.chainId, financing.key);
    financings.set(financing.key, financing);
  };
  const putPairing = (pairing: Pairing) => {
    addTo(paired, pairing.financingA, pairing.key);
    addTo(paired, pairing.financingB, pairing.key);
    pairings.set(pairing.key, pairing);
  };
  for (const [chainId, pieces] of before.chains) putChain(chainId, pieces, undefined);
  for (const financing of before.financings.values()) putFinancing(financing);
  for (const pairing of before.pairings.values()) putPairing(pairing);

  return {
    chains: chains as ReadonlyMap<string, Pieces>,
    financings: financings as ReadonlyMap<string, Financing>,
    pairings: pairings as ReadonlyMap<string, Pairing>,

    slice(event: DocumentEvent, steps: readonly ChangeEvent[]): CollateralState {
      const named = chainsNamedBy(steps);
      const statements = nodesOf(event);
      // A piece of a named chain no other chain holds brings no chain: only shared ones are looked up.
      const pieceKeys = new Set(statements.flatMap((s) => piecesOf(s).map((piece) => piece.key)));
      for (const chainId of named) for (const pieceKey of shared.get(chainId) ?? []) pieceKeys.add(pieceKey);
      const chainIds = new Set(named);
      for (const pieceKey of pieceKeys)
        for (const chainId of holders.get(pieceKey) ?? []) chainIds.add(chainId);

      const slice = {
        chains: new Map<string, Pieces>(),
        financings: new Map<string, Financing>(),
        pairings: new Map<string, Pairing>(),
      };
      for (const chainId of chainIds) {
        const pieces = chains.get(chainId);
        if (pieces) slice.chains.set(chainId, pieces);
        for (const key of financed.get(chainId) ?? []) slice.financings.set(key, financings.get(key)!);
      }
      for (const statement of statements) {
        const financing = financingOf(statement);
        if (financing === undefined) continue;
        const key = financingKeyOf(statement.enterprise, financing.financingNo);
        const known = financings.get(key);
        if (known) slice.financings.set(key, known);
      }
      // Every pairing the step could find again names one of the slice's financings.
      for (const financingKey of slice.financings.keys())
        for (const key of paired.get(financingKey) ?? []) slice.pairings.set(key, pairings.get(key)!);
      return slice;
    },

    /** Takes a step's result back: what it changed in its slice replaces the batch's copy. */
    absorb(slice: CollateralState, after: CollateralState) {
      // Absorbed by a merge: its pieces went to the survivor.
      for (const chainId of slice.chains.keys()) if (!after.chains.has(chainId)) dropChain(chainId);
      for (const [chainId, pieces] of after.chains)
        if (slice.chains.get(chainId) !== pieces) putChain(chainId, pieces, chains.get(chainId));
      for (const [key, financing] of after.financings)
        if (slice.financings.get(key) !== financing) putFinancing(financing);
      for (const [key, pairing] of after.pairings) if (!slice.pairings.has(key)) putPairing(pairing);
    },
  };
}
