import { collateralDeclaration } from '@tradelog/projections/collateral/declaration';
import {
  type FinancingRow,
  financingKeyOf,
  findFinancings,
  findPairings,
  findPieces,
  insertPairings,
  type PairingRow,
  type PieceRow,
  upsertFinancings,
  writeChainPieces,
} from '@tradelog/projections/collateral/tables';
import type { ChangeEvent } from '../changes.ts';
import { attributedProjection } from '../documents/attributedProjection.ts';
import { logPosition } from '../documents/event.ts';
import { linkNodeChains } from '../link-node/projection.ts';
import { nodesOf } from '../link-node/rules.ts';
import { batchResult, type Projection } from '../runtime/projection.ts';
import {
  type CollateralState,
  type Financing,
  type Pairing,
  type PieceHolding,
  reduceCollateral,
} from './reducer.ts';
import { financingOf, piecesOf } from './rules.ts';
import { chainsNamedBy, workingCollateral } from './working.ts';

/**
 * Pairings cross enterprises, so two batches of two enterprises sharing a bill must not both
 * miss the other's financing: every batch of this projection takes this scope as well as its
 * enterprises' (processors/README.md "Collateral rules", scale-out).
 */
const pairingScope = 'collateral:pairings';

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const toHolding = (row: PieceRow): PieceHolding => ({
  kind: row.kind,
  number: row.number,
  warehouse: row.warehouse,
  enterprise: row.enterprise,
  firstSeen: row.firstSeen,
  provenance: row.provenance,
});

const toFinancing = (row: FinancingRow): Financing => ({
  key: row.financingKey,
  enterprise: row.enterprise,
  financingNo: row.financingNo,
  chainId: row.chainId,
  purchases: row.purchases,
  open: row.open,
  firstSeen: row.firstSeen,
  provenance: row.provenance,
});

const toPairing = (row: PairingRow): Pairing => ({
  key: row.pairKey,
  pieceKey: row.pieceKey,
  kind: row.kind,
  number: row.number,
  warehouse: row.warehouse,
  financingA: row.financingA,
  financingB: row.financingB,
  firstSeen: row.firstSeen,
  provenance: row.provenance,
});

/**
 * Loads what the batch's steps need (CollateralState): every piece and financing of the chains
 * link-node's step named, and every other chain holding one of those pieces or of the pieces the
 * batch's documents bring, with its financings; and the pairings already recorded on them.
 */
async function loadState(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  chainIds: readonly string[],
  pieceKeys: readonly string[],
  financingKeys: readonly string[],
): Promise<CollateralState> {
  const held = await findPieces(db, schema, { chainIds, pieceKeys });
  const chains = new Map<string, Map<string, PieceHolding>>();
  for (const row of held) {
    const pieces = chains.get(row.chainId) ?? new Map<string, PieceHolding>();
    pieces.set(row.pieceKey, toHolding(row));
    chains.set(row.chainId, pieces);
  }
  const financings = await findFinancings(db, schema, {
    chainIds: [...new Set([...chainIds, ...held.map((row) => row.chainId)])].sort(byKey),
    financingKeys,
  });
  const pairings = await findPairings(db, schema, { chainIds, pieceKeys });
  return {
    chains,
    financings: new Map(financings.map((row) => [row.financingKey, toFinancing(row)])),
    pairings: new Map(pairings.map((row) => [row.pairKey, toPairing(row)])),
  };
}

/**
 * The batch shell: link-node's own batch shell builds the chains in this projection's schema
 * (its tables, merges and writes), then the collateral rules fold over the link-node change
 * events of each document, in log order, on the state those chains need; what changed is written
 * with one statement per table. Link-node's change events stay here: only `collateral.reused`
 * is published.
 */
const collateralBatch: Projection = {
  declaration: collateralDeclaration,
  lockScopesOf: (event) => [...linkNodeChains.lockScopesOf(event), pairingScope],
  async applyBatch(db, schema, events, locks) {
    const linked = await linkNodeChains.applyBatch(db, schema, events, locks);
    if (linked.changes.length === 0) return { changes: [], superseded: linked.superseded };
    const stepsOf = new Map<string, ChangeEvent[]>();
    for (const change of linked.changes) {
      const position = logPosition(change.source);
      stepsOf.set(position, [...(stepsOf.get(position) ?? []), change]);
    }
    const statements = events.flatMap(nodesOf);
    const named = [...new Set(chainsNamedBy(linked.changes))].sort(byKey);
    const before = await loadState(
      db,
      schema,
      named,
      [...new Set(statements.flatMap((s) => piecesOf(s).map((piece) => piece.key)))].sort(byKey),
      [
        ...new Set(
          statements.flatMap((s) => {
            const financing = financingOf(s);
            return financing ? [financingKeyOf(s.enterprise, financing.financingNo)] : [];
          }),
        ),
      ].sort(byKey),
    );
    const state = workingCollateral(before);
    const applied = batchResult();
    let changed = false;
    for (const event of events) {
      const steps = stepsOf.get(logPosition(event.provenance));
      if (steps === undefined) continue;
      const slice = state.slice(event, steps);
      const reduced = reduceCollateral(slice, event, steps);
      applied.add(event, reduced);
      if (reduced.state === slice) continue;
      state.absorb(slice, reduced.state);
      changed = true;
    }
    if (!changed) return { changes: [], superseded: linked.superseded };

    // Pieces: what the steps changed on the chains link-node named (absorbed ones emptied).
    await writeChainPieces(db, schema, {
      emptied: named.filter((chainId) => !state.chains.has(chainId)),
      pieces: named.flatMap((chainId) =>
        [...(state.chains.get(chainId) ?? [])]
          .filter(([pieceKey, piece]) => before.chains.get(chainId)?.get(pieceKey) !== piece)
          .sort(([a], [b]) => byKey(a, b))
          .map(([pieceKey, piece]) => ({ chainId, pieceKey, ...piece, provenance: { ...piece.provenance } })),
      ),
    });
    await upsertFinancings(
      db,
      schema,
      [...state.financings.values()]
        .filter((financing) => before.financings.get(financing.key) !== financing)
        .sort((a, b) => byKey(a.key, b.key))
        .map((f) => ({
          financingKey: f.key,
          chainId: f.chainId,
          enterprise: f.enterprise,
          financingNo: f.financingNo,
          purchases: { ...f.purchases },
          open: f.open,
          firstSeen: f.firstSeen,
          provenance: { ...f.provenance },
        })),
    );
    await insertPairings(
      db,
      schema,
      [...state.pairings.values()]
        .filter((pairing) => !before.pairings.has(pairing.key))
        .sort((a, b) => byKey(a.key, b.key))
        .map((p) => ({
          pairKey: p.key,
          pieceKey: p.pieceKey,
          kind: p.kind,
          number: p.number,
          warehouse: p.warehouse,
          financingA: p.financingA,
          financingB: p.financingB,
          firstSeen: p.firstSeen,
          provenance: { ...p.provenance },
        })),
    );
    return { changes: applied.result.changes, superseded: linked.superseded };
  },
};

/** Documents reach it attributed, as they reach link-node (processors/README.md "Attribution"). */
export const collateralProjection = attributedProjection(collateralBatch);
