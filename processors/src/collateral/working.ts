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
 * the financings of those chains and of its document, and the pairings on those pieces — what
 * reduceCollateral's contract asks for (reducer.ts `CollateralState`). A step then costs what its
 * document touches, not what the whole batch loaded (the reducer copies the maps it is given).
 */
export function workingCollateral(before: CollateralState) {
  const chains = new Map<string, Pieces>(before.chains);
  const financings = new Map<string, Financing>(before.financings);
  const pairings = new Map<string, Pairing>(before.pairings);
  /** Piece key → the chains holding it. */
  const holders = new Map<string, Set<string>>();
  /** Chain id → the keys of the financings it holds. */
  const financed = new Map<string, Set<string>>();
  /** Piece key → the keys of the pairings recorded on it. */
  const paired = new Map<string, Set<string>>();
  for (const [chainId, pieces] of chains)
    for (const pieceKey of pieces.keys()) addTo(holders, pieceKey, chainId);
  for (const financing of financings.values()) addTo(financed, financing.chainId, financing.key);
  for (const pairing of pairings.values()) addTo(paired, pairing.pieceKey, pairing.key);

  return {
    chains: chains as ReadonlyMap<string, Pieces>,
    financings: financings as ReadonlyMap<string, Financing>,
    pairings: pairings as ReadonlyMap<string, Pairing>,

    slice(event: DocumentEvent, steps: readonly ChangeEvent[]): CollateralState {
      const named = chainsNamedBy(steps);
      const statements = nodesOf(event);
      const pieceKeys = new Set(statements.flatMap((s) => piecesOf(s).map((piece) => piece.key)));
      for (const chainId of named)
        for (const pieceKey of chains.get(chainId)?.keys() ?? []) pieceKeys.add(pieceKey);
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
      for (const pieceKey of pieceKeys)
        for (const key of paired.get(pieceKey) ?? []) slice.pairings.set(key, pairings.get(key)!);
      return slice;
    },

    /** Takes a step's result back: what it changed in its slice replaces the batch's copy. */
    absorb(slice: CollateralState, after: CollateralState) {
      for (const [chainId, pieces] of slice.chains) {
        if (after.chains.has(chainId)) continue;
        // Absorbed by a merge: its pieces went to the survivor.
        for (const pieceKey of pieces.keys()) removeFrom(holders, pieceKey, chainId);
        chains.delete(chainId);
      }
      for (const [chainId, pieces] of after.chains) {
        const was = slice.chains.get(chainId);
        if (was === pieces) continue;
        for (const pieceKey of was?.keys() ?? [])
          if (!pieces.has(pieceKey)) removeFrom(holders, pieceKey, chainId);
        for (const pieceKey of pieces.keys()) addTo(holders, pieceKey, chainId);
        chains.set(chainId, pieces);
      }
      for (const [key, financing] of after.financings) {
        const was = slice.financings.get(key);
        if (was === financing) continue;
        if (was) removeFrom(financed, was.chainId, key);
        addTo(financed, financing.chainId, key);
        financings.set(key, financing);
      }
      for (const [key, pairing] of after.pairings) {
        if (slice.pairings.has(key)) continue;
        addTo(paired, pairing.pieceKey, key);
        pairings.set(key, pairing);
      }
    },
  };
}
