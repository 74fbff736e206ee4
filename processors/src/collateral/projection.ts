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
import { type DocumentEvent, logPosition } from '../documents/event.ts';
import { finalMerges, linkNodeChains } from '../link-node/projection.ts';
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
 * Loads what the batch's steps need (CollateralState): every piece of the chains in `whole`,
 * with every other chain holding one of those pieces; every chain holding a piece the batch's
 * documents bring, with that piece; the financings of the chains named and of all those
 * chains, and of the batch's own financing keys; and the pairings already recorded on those
 * pieces. The other chains link-node named are loaded only in part: a step reads a chain whole
 * only when it absorbs it or an open financing comes to hold all its pieces (reducer.ts
 * `readWhole`), so a batch costs what its documents touch, not the size of the chains they join.
 */
async function loadState(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  query: {
    whole: readonly string[];
    named: readonly string[];
    pieceKeys: readonly string[];
    financingKeys: readonly string[];
  },
  financed: readonly FinancingRow[],
): Promise<CollateralState> {
  const held = await findPieces(db, schema, { chainIds: query.whole, pieceKeys: query.pieceKeys });
  const chains = new Map<string, Map<string, PieceHolding>>();
  for (const row of held) {
    const pieces = chains.get(row.chainId) ?? new Map<string, PieceHolding>();
    pieces.set(row.pieceKey, toHolding(row));
    chains.set(row.chainId, pieces);
  }
  const known = new Set(query.named);
  const holders = [...new Set(held.map((row) => row.chainId))].filter((chainId) => !known.has(chainId));
  const financings = [
    ...financed,
    ...(holders.length === 0
      ? []
      : await findFinancings(db, schema, { chainIds: holders.sort(byKey), financingKeys: [] })),
  ];
  const pairings = await findPairings(db, schema, { chainIds: query.whole, pieceKeys: query.pieceKeys });
  return {
    chains,
    financings: new Map(financings.map((row) => [row.financingKey, toFinancing(row)])),
    pairings: new Map(pairings.map((row) => [row.pairKey, toPairing(row)])),
  };
}

/**
 * The chains the batch's steps will likely read whole (reducer.ts `readWhole`), from link-node's
 * steps and the financings already recorded: each chain absorbed; each survivor of a merge
 * absorbing a chain that holds a financing; each chain a purchase names a financing on, unless
 * that financing is open and on that chain already. A guess: the fold checks it (`foldBatch`).
 * Chains started in the batch hold nothing yet, so they are whole as they are.
 */
function likelyReadWhole(
  events: readonly DocumentEvent[],
  stepsOf: ReadonlyMap<string, readonly ChangeEvent[]>,
  financed: readonly FinancingRow[],
): Set<string> {
  const whole = new Set<string>();
  const holdsFinancing = new Set(financed.map((row) => row.chainId));
  const openOn = new Map(financed.filter((row) => row.open).map((row) => [row.financingKey, row.chainId]));
  for (const event of events) {
    const statements = new Map(nodesOf(event).map((statement) => [statement.nodeId, statement]));
    for (const step of stepsOf.get(logPosition(event.provenance)) ?? []) {
      if (step.projection !== 'link-node') continue;
      if (step.kind === 'chain.started') whole.add(step.subject);
      const absorbed = (step.data.absorbed as readonly string[] | undefined) ?? [];
      for (const chainId of absorbed) whole.add(chainId);
      if (absorbed.some((chainId) => holdsFinancing.has(chainId))) {
        whole.add(step.subject);
        holdsFinancing.add(step.subject);
      }
      const statement = statements.get(String(step.data.nodeId));
      const financing = statement && financingOf(statement);
      if (!statement || !financing) continue;
      const key = financingKeyOf(statement.enterprise, financing.financingNo);
      if (openOn.get(key) !== step.subject) whole.add(step.subject);
      holdsFinancing.add(step.subject);
    }
  }
  return whole;
}

/** The collateral steps of a batch folded on `before`, each on its slice (working.ts). */
function foldBatch(
  before: CollateralState,
  events: readonly DocumentEvent[],
  stepsOf: ReadonlyMap<string, readonly ChangeEvent[]>,
) {
  const state = workingCollateral(before);
  const applied = batchResult();
  const readWhole = new Set<string>();
  let changed = false;
  for (const event of events) {
    const steps = stepsOf.get(logPosition(event.provenance));
    if (steps === undefined) continue;
    const slice = state.slice(event, steps);
    const reduced = reduceCollateral(slice, event, steps);
    applied.add(event, reduced);
    for (const chainId of reduced.readWhole) readWhole.add(chainId);
    if (reduced.state === slice) continue;
    state.absorb(slice, reduced.state);
    changed = true;
  }
  return { state, applied, changed, readWhole };
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
    const absorbed = finalMerges(linked.changes).map((merge) => merge.absorbed);
    const query = {
      named,
      pieceKeys: [...new Set(statements.flatMap((s) => piecesOf(s).map((piece) => piece.key)))].sort(byKey),
      financingKeys: [
        ...new Set(
          statements.flatMap((s) => {
            const financing = financingOf(s);
            return financing ? [financingKeyOf(s.enterprise, financing.financingNo)] : [];
          }),
        ),
      ].sort(byKey),
    };
    const financed = await findFinancings(db, schema, {
      chainIds: named,
      financingKeys: query.financingKeys,
    });
    // A chain read whole must have been loaded whole: a guess that fell short is loaded and the
    // (pure) fold run again; chains only grow in the set, so this ends, in practice at once.
    const whole = likelyReadWhole(events, stepsOf, financed);
    let before = await loadState(db, schema, { ...query, whole: [...whole].sort(byKey) }, financed);
    let folded = foldBatch(before, events, stepsOf);
    for (;;) {
      const missing = [...folded.readWhole].filter((chainId) => !whole.has(chainId));
      if (missing.length === 0) break;
      for (const chainId of missing) whole.add(chainId);
      before = await loadState(db, schema, { ...query, whole: [...whole].sort(byKey) }, financed);
      folded = foldBatch(before, events, stepsOf);
    }
    const { state, applied, changed } = folded;
    if (!changed) return { changes: [], superseded: linked.superseded };

    // Pieces: what the steps changed on the chains link-node named (absorbed ones emptied).
    await writeChainPieces(db, schema, {
      // Absorbed chains only: a chain loaded in part may hold no loaded piece, and keeps its rows.
      emptied: absorbed,
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
