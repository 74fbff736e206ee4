import { collateralDeclaration } from '@tradelog/projections/collateral/declaration';
import {
  type FinancingStateRow,
  financingKeyOf,
  findFinancings,
  findPairings,
  findPieces,
  insertPairings,
  markSharedPieces,
  moveFinancings,
  type NamedPieces,
  type PairingRow,
  type PieceRow,
  upsertFinancings,
  writeChainPieces,
} from '@tradelog/projections/collateral/tables';
import type { ChangeEvent } from '../changes.ts';
import { attributedProjection } from '../documents/attributedProjection.ts';
import { type DocumentEvent, logPosition } from '../documents/event.ts';
import { finalMerges, foldChains, linkNodeChains } from '../link-node/projection.ts';
import { nodesOf } from '../link-node/rules.ts';
import { batchResult, type Projection, settledInOrder } from '../runtime/projection.ts';
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

const toFinancing = (row: FinancingStateRow): Financing => ({
  key: row.financingKey,
  enterprise: row.enterprise,
  financingNo: row.financingNo,
  chainId: row.chainId,
  purchases: row.purchases,
  unsettled: row.unsettled,
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
 * and of the chains named the pieces another chain holds too, each with every other chain
 * holding it; every chain holding a piece the batch's documents bring, with that piece; the
 * open financings of all those chains and the batch's own financings (with the batch's
 * purchases only); and the pairings already recorded on those pieces. The chains link-node named
 * are loaded only in part: a step reads every piece of a chain only when it absorbs it or two
 * open financings come to hold it (reducer.ts `readEvery`), so a batch costs what its documents
 * touch, not the size of the chains they join.
 */
async function loadState(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  query: {
    whole: readonly string[];
    named: readonly string[];
    pieceKeys: readonly string[];
    financingKeys: readonly string[];
    purchaseNodes: readonly string[];
  },
  financed: readonly FinancingStateRow[],
): Promise<CollateralState> {
  const pieces: NamedPieces = { chainIds: query.whole, sharedOf: query.named, pieceKeys: query.pieceKeys };
  const held = await findPieces(db, schema, pieces);
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
      : await findFinancings(db, schema, {
          chainIds: holders.sort(byKey),
          financingKeys: [],
          purchaseNodes: query.purchaseNodes,
        })),
  ];
  const pairings = await findPairings(db, schema, pieces);
  return {
    chains,
    financings: new Map(financings.map((row) => [row.financingKey, toFinancing(row)])),
    pairings: new Map(pairings.map((row) => [row.pairKey, toPairing(row)])),
  };
}

/**
 * The chains the batch's steps read every piece of (reducer.ts `readEvery`) that can be known
 * before the fold: each chain absorbed. A chain two open financings come to hold is rare (the
 * double pledge the projection reports): the fold finds it and the batch is loaded and folded
 * again (`foldBatch`). Chains started in the batch hold nothing yet, so they are whole as they are.
 */
function likelyReadEvery(changes: readonly ChangeEvent[]): Set<string> {
  const whole = new Set<string>();
  for (const step of changes) {
    if (step.projection !== 'link-node') continue;
    if (step.kind === 'chain.started') whole.add(step.subject);
    for (const chainId of (step.data.absorbed as readonly string[] | undefined) ?? []) whole.add(chainId);
  }
  return whole;
}

/**
 * Steps folded between two turns of the event loop. The batch's client sends its next statement
 * only when the loop turns (node-postgres sends one at a time): a fold that never yields would
 * leave Postgres idle once the statement in flight is done, instead of writing the batch's chains
 * beside it (`collateralBatch`). About 4 ms of steps a turn at the rates measured.
 */
const stepsPerTurn = 128;

/** The collateral steps of a batch folded on `before`, each on its slice (working.ts). */
async function foldBatch(
  before: CollateralState,
  events: readonly DocumentEvent[],
  stepsOf: ReadonlyMap<string, readonly ChangeEvent[]>,
) {
  const state = workingCollateral(before);
  const applied = batchResult();
  const readEvery = new Set<string>();
  let changed = false;
  let folded = 0;
  for (const event of events) {
    const steps = stepsOf.get(logPosition(event.provenance));
    if (steps === undefined) continue;
    if (++folded % stepsPerTurn === 0) await new Promise(setImmediate);
    const slice = state.slice(event, steps);
    const reduced = reduceCollateral(slice, event, steps);
    applied.add(event, reduced);
    for (const chainId of reduced.readEvery) readEvery.add(chainId);
    if (reduced.state === slice) continue;
    state.absorb(slice, reduced.state);
    changed = true;
  }
  return { state, applied, changed, readEvery };
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
  async applyBatch(db, schema, events) {
    const linked = await foldChains(db, schema, events);
    if (linked.changes.length === 0) return { changes: [], superseded: linked.superseded };
    const stepsOf = new Map<string, ChangeEvent[]>();
    for (const change of linked.changes) {
      const position = logPosition(change.source);
      stepsOf.set(position, [...(stepsOf.get(position) ?? []), change]);
    }
    const statements = events.flatMap(nodesOf);
    const named = [...new Set(chainsNamedBy(linked.changes))].sort(byKey);
    const absorbed = finalMerges(linked.changes).map((merge) => merge.absorbed);
    const financingKeys = new Set<string>();
    const purchaseNodes = new Set<string>();
    for (const statement of statements) {
      const financing = financingOf(statement);
      if (financing === undefined) continue;
      financingKeys.add(financingKeyOf(statement.enterprise, financing.financingNo));
      purchaseNodes.add(statement.nodeId);
    }
    const query = {
      named,
      pieceKeys: [...new Set(statements.flatMap((s) => piecesOf(s).map((piece) => piece.key)))].sort(byKey),
      financingKeys: [...financingKeys].sort(byKey),
      purchaseNodes: [...purchaseNodes].sort(byKey),
    };
    // Collateral's reads go before the chains are written (they read none of link-node's
    // tables); then Postgres writes the chains while the collateral rules are folded, instead of
    // the process waiting for one and Postgres for the other.
    const financed = await findFinancings(db, schema, {
      chainIds: named,
      financingKeys: query.financingKeys,
      purchaseNodes: query.purchaseNodes,
    });
    const whole = likelyReadEvery(linked.changes);
    const before = await loadState(db, schema, { ...query, whole: [...whole].sort(byKey) }, financed);
    const chainsWritten = linked.write();
    const collateralWritten = foldAndWrite(db, schema, {
      events,
      stepsOf,
      linked: linked.changes,
      named,
      absorbed,
      query,
      financed,
      whole,
      before,
    });
    await settledInOrder([chainsWritten, collateralWritten]);
    return { changes: await collateralWritten, superseded: linked.superseded };
  },
};

/**
 * Folds the collateral rules over a batch and writes what changed, one statement per table;
 * answers the change events. A chain read whole must have been loaded whole: a guess that fell
 * short is loaded and the (pure) fold run again; chains only grow in the set, so this ends, in
 * practice at once.
 */
async function foldAndWrite(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  batch: {
    events: readonly DocumentEvent[];
    stepsOf: ReadonlyMap<string, readonly ChangeEvent[]>;
    linked: readonly ChangeEvent[];
    named: readonly string[];
    absorbed: readonly string[];
    query: Omit<Parameters<typeof loadState>[2], 'whole'>;
    financed: readonly FinancingStateRow[];
    whole: Set<string>;
    before: CollateralState;
  },
): Promise<ChangeEvent[]> {
  const { events, stepsOf, named, absorbed, query, financed, whole } = batch;
  let before = batch.before;
  let folded = await foldBatch(before, events, stepsOf);
  for (;;) {
    const missing = [...folded.readEvery].filter((chainId) => !whole.has(chainId));
    if (missing.length === 0) break;
    for (const chainId of missing) whole.add(chainId);
    before = await loadState(db, schema, { ...query, whole: [...whole].sort(byKey) }, financed);
    folded = await foldBatch(before, events, stepsOf);
  }
  const { state, applied, changed } = folded;
  if (!changed) return [];

  // Pieces: what the steps changed on the chains link-node named (absorbed ones emptied).
  const pieces = named.flatMap((chainId) =>
    [...(state.chains.get(chainId) ?? [])]
      .filter(([pieceKey, piece]) => before.chains.get(chainId)?.get(pieceKey) !== piece)
      .sort(([a], [b]) => byKey(a, b))
      .map(([pieceKey, piece]) => ({ chainId, pieceKey, ...piece, provenance: { ...piece.provenance } })),
  );
  await writeChainPieces(db, schema, {
    // Absorbed chains only: a chain loaded in part may hold no loaded piece, and keeps its rows.
    emptied: absorbed,
    pieces,
  });
  // Which holdings are shared changes only for the pieces written and those an absorbed chain
  // (loaded whole) held.
  await markSharedPieces(
    db,
    schema,
    [
      ...new Set([
        ...pieces.map((piece) => piece.pieceKey),
        ...absorbed.flatMap((chainId) => [...(before.chains.get(chainId)?.keys() ?? [])]),
      ]),
    ].sort(byKey),
  );
  // The financings of absorbed chains move with them (the batch loaded only the open ones);
  // those the batch changed are then written where their chain finally is.
  const merges = finalMerges(batch.linked);
  await moveFinancings(db, schema, merges);
  const mergedInto = new Map(merges.map((merge) => [merge.absorbed, merge.into]));
  await upsertFinancings(
    db,
    schema,
    [...state.financings.values()]
      .filter((financing) => before.financings.get(financing.key) !== financing)
      .sort((a, b) => byKey(a.key, b.key))
      .map((f) => {
        // Only the purchases the batch changed: they are added to those recorded.
        const recorded = before.financings.get(f.key)?.purchases;
        const purchases: Record<string, boolean> = {};
        for (const [nodeId, final] of Object.entries(f.purchases))
          if (recorded?.[nodeId] !== final) purchases[nodeId] = final;
        return {
          financingKey: f.key,
          chainId: mergedInto.get(f.chainId) ?? f.chainId,
          enterprise: f.enterprise,
          financingNo: f.financingNo,
          purchases,
          unsettled: f.unsettled,
          open: f.open,
          firstSeen: f.firstSeen,
          provenance: { ...f.provenance },
        };
      }),
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
  return applied.result.changes;
}

/** Documents reach it attributed, as they reach link-node (processors/README.md "Attribution"). */
export const collateralProjection = attributedProjection(collateralBatch);
