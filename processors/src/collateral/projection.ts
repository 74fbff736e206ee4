import { collateralDeclaration } from '@tradelog/projections/collateral/declaration';
import {
  findCoverage,
  findPledgeOrders,
  findPurchaseAmounts,
  findReceiptsOnStock,
  findReceiptTotals,
  findReceiptValues,
  findReleaseKeys,
  findStockQuantities,
  type PledgeOrderRow,
  type ReceiptValueRow,
  writePledges,
} from '@tradelog/projections/collateral/pledgeTables';
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
  type PieceRow,
  upsertFinancings,
  writeChainPieces,
} from '@tradelog/projections/collateral/tables';
import { defaultCoverageThreshold, findThresholdsInForce } from '@tradelog/projections/collateral/thresholds';
import type { ChangeEvent } from '../changes.ts';
import { attributedProjection } from '../documents/attributedProjection.ts';
import { type DocumentEvent, logPosition } from '../documents/event.ts';
import { compareLogOrder } from '../documents/logOrder.ts';
import { finalMerges, foldChains, linkNodeChains } from '../link-node/projection.ts';
import { nodesOf } from '../link-node/rules.ts';
import { batchResult, type Projection, settledInOrder } from '../runtime/projection.ts';
import type { ReceiptTotal } from './holdings.ts';
import { applyPledgeChanges, type PledgeMaps, type PledgeOrder } from './pledgeState.ts';
import { reducePledges } from './pledges.ts';
import { type AmountTotal, countAmount, noAmounts, purchaseIdOf } from './purchaseAmounts.ts';
import {
  centsOf,
  indexOrders,
  receiptIdOf,
  receiptOfId,
  receiptValueOf,
  stockKeyOf,
  stockKeysToRead,
} from './receiptStock.ts';
import { type CollateralState, type Financing, type PieceHolding, reduceCollateral } from './reducer.ts';
import { financingOf, piecesOf } from './rules.ts';
import { pledgeOrderOf, stockReportOf } from './warehouseDocuments.ts';
import { chainsNamedBy, workingCollateral } from './working.ts';

/**
 * Pairings cross enterprises, so two batches of two enterprises sharing a bill must not both
 * miss the other's financing: every batch of this projection takes this scope as well as its
 * enterprises' (processors/README.md "Collateral rules", scale-out).
 */
const pairingScope = 'collateral:pairings';

/** The documents the release and coverage rules read (pledges.ts). */
const pledgeTypes = new Set(['inbound', 'outbound', 'tally', 'warehouseStock', 'purchase']);

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A row's holding, without where it is held (a merge moves it: the rows written say where). */
const toHolding = ({ chainId: _chain, pieceKey: _piece, ...holding }: PieceRow): PieceHolding => holding;

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
): Promise<LoadedCollateral> {
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
  // Rule 4 reads each chain's receipts as a total, and values only the receipts loaded (a piece
  // may join another chain in the batch, with its value).
  const totalled = [
    ...new Set([...query.named, ...chains.keys(), ...financings.map((row) => row.chainId)]),
  ].sort(byKey);
  const receiptTotals = new Map(
    (await findReceiptTotals(db, schema, totalled)).map(({ chainId, ...total }) => [chainId, total]),
  );
  const receiptValues = await findReceiptValues(
    db,
    schema,
    held
      .filter((row) => row.kind === 'warehouseReceipt')
      .map((row) => ({ enterprise: row.enterprise, pieceKey: row.pieceKey })),
  );
  return {
    state: {
      chains,
      financings: new Map(financings.map((row) => [row.financingKey, toFinancing(row)])),
      pairings: new Map(pairings.map((row) => [row.key, row])),
    },
    receiptTotals,
    receiptValues,
  };
}

/** What a batch loads of the collateral rules' state, with rule 4's totals of its chains. */
interface LoadedCollateral {
  state: CollateralState;
  /** Chain id → rule 4's sum over the warehouse receipts it holds (chains holding none: absent). */
  receiptTotals: ReadonlyMap<string, ReceiptTotal>;
  /** The kept values of the receipts the state holds. */
  receiptValues: readonly ReceiptValueRow[];
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

/**
 * What the release and coverage rules fold over (pledges.ts): the pledge state loaded for the
 * batch and the thresholds in force for its enterprises.
 */
interface PledgeContext {
  before: PledgeMaps;
  thresholdsOf: (enterprise: string) => readonly number[];
}

/**
 * The collateral steps of a batch folded on `before`, each on its slice (working.ts), and after
 * each document the release and coverage rules on what the collateral rules then hold
 * (pledges.ts): so a release or a crossing depends on the log, never on where a batch ended.
 */
async function foldBatch(
  loaded: LoadedCollateral,
  events: readonly DocumentEvent[],
  stepsOf: ReadonlyMap<string, readonly ChangeEvent[]>,
  pledgeContext: PledgeContext,
) {
  // The batch's own pledge maps, updated by each step's changes; the keys changed, for the writes.
  // A receipt whose orders the batch loaded is valued from them (indexOrders); the others as kept.
  const pledges = copyPledges(pledgeContext.before);
  for (const row of loaded.receiptValues) {
    const id = receiptIdOf(row.enterprise, row.pieceKey);
    if (!pledges.receiptValues.has(id))
      pledges.receiptValues.set(id, { qty: row.qty, value: row.value, unpricedLines: row.unpricedLines });
  }
  const state = workingCollateral(
    loaded.state,
    (enterprise, pieceKey) => receiptValueOf(pledges, enterprise, pieceKey),
    loaded.receiptTotals,
  );
  const applied = batchResult();
  const readEvery = new Set<string>();
  let changed = false;
  const written = new Map<keyof PledgeMaps, Set<string>>();
  let folded = 0;
  for (const event of events) {
    const steps = stepsOf.get(logPosition(event.provenance));
    if (++folded % stepsPerTurn === 0) await new Promise(setImmediate);
    if (steps !== undefined) {
      const slice = state.slice(event, steps);
      const reduced = reduceCollateral(slice, event, steps);
      applied.add(event, reduced);
      for (const chainId of reduced.readEvery) readEvery.add(chainId);
      if (reduced.state !== slice) {
        state.absorb(slice, reduced.state);
        changed = true;
      }
    }
    const pledged = reducePledges(pledges, event, state.holdings, pledgeContext.thresholdsOf);
    applied.add(event, { changes: pledged.changes });
    if (pledged.changed !== undefined) {
      state.revalue(pledged.changed.receiptValues);
      applyPledgeChanges(pledges, pledged.changed);
      for (const [name, entries] of Object.entries(pledged.changed) as [
        keyof PledgeMaps,
        Map<string, unknown>,
      ][]) {
        if (entries.size === 0) continue;
        const keys = written.get(name) ?? new Set<string>();
        for (const key of entries.keys()) keys.add(key);
        written.set(name, keys);
      }
      changed = true;
    }
  }
  return { state, applied, changed, readEvery, pledges, written };
}

const copyPledges = (maps: PledgeMaps): PledgeMaps =>
  Object.fromEntries(
    Object.entries(maps).map(([name, map]) => [name, new Map(map as Map<unknown, unknown>)]),
  ) as PledgeMaps;

const fromOrderRow = (row: PledgeOrderRow): PledgeOrder => ({
  key: row.orderKey,
  direction: row.direction,
  enterprise: row.enterprise,
  orderNo: row.orderNo,
  warehouseId: row.warehouseId,
  receipt: row.receipt,
  tallied: row.tallied,
  movements: row.movements,
  provenance: row.provenance,
});

const stockKeysOf = (order: PledgeOrder) => [
  ...new Set(
    order.movements.map((m) => stockKeyOf(order.enterprise, order.warehouseId, m.goodsId, m.batchCode)),
  ),
];

/** What the batch's documents name for the release and coverage rules: orders, receipts, stock keys. */
function pledgeLookupOf(events: readonly DocumentEvent[]) {
  const orderKeys = new Set<string>();
  const receipts = new Set<string>();
  const stockKeys = new Set<string>();
  const reported = new Set<string>();
  const lines: { stockKey: string; qty: number }[] = [];
  const documentIds = new Set<string>();
  for (const event of events) {
    const order = pledgeOrderOf(event);
    const report = stockReportOf(event);
    if (order === undefined && report === undefined) continue;
    documentIds.add(event.provenance.documentId);
    if (order) {
      orderKeys.add(order.key);
      if (order.receipt !== null) receipts.add(order.receipt);
      for (const key of stockKeysOf(order)) stockKeys.add(key);
      lines.push(...linesOf(order));
    }
    for (const key of report?.lines.keys() ?? []) {
      stockKeys.add(key);
      reported.add(key);
    }
  }
  return { orderKeys, receipts, stockKeys, reported, lines, documentIds };
}

/** An order's movements by stock key. */
const linesOf = (order: Pick<PledgeOrder, 'enterprise' | 'warehouseId' | 'movements'>) =>
  order.movements.map((m) => ({
    stockKey: stockKeyOf(order.enterprise, order.warehouseId, m.goodsId, m.batchCode),
    qty: m.qty,
  }));

/**
 * Loads what the release and coverage rules need for a batch (pledges.ts `PledgeState`): the
 * batch's orders with their earlier versions; every receipt a batch document may touch (its own,
 * those with a line on a stock key it moves or reports) with all their orders; the balances and
 * last reports of their stock keys; the coverage and purchase amounts of the financings loaded;
 * the releases its documents already caused. Answers the receipts' piece keys, which the
 * collateral load must bring with every chain holding them (so that `Holdings` answers whole).
 * The other receipts of those chains are read as their chains' totals (`loadState`).
 */
async function loadPledges(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  events: readonly DocumentEvent[],
) {
  const lookup = pledgeLookupOf(events);
  const own = await findPledgeOrders(db, schema, {
    orderKeys: [...lookup.orderKeys].sort(byKey),
    receipts: [...lookup.receipts].sort(byKey),
  });
  const stockKeys = new Set(lookup.stockKeys);
  for (const row of own) for (const key of row.stockKeys) stockKeys.add(key);
  const moved = [...stockKeys].sort(byKey);
  const read = stockKeysToRead({
    reported: lookup.reported,
    lines: [...lookup.lines, ...own.flatMap(linesOf)],
    balances: await findStockQuantities(db, schema, 'pledge_balances', moved),
    keyMaxQty: await findStockQuantities(db, schema, 'pledge_key_max', moved),
  });
  const touched = new Set(lookup.receipts);
  for (const found of await findReceiptsOnStock(db, schema, [...read].sort(byKey)))
    touched.add(found.receipt);
  const orders = await findPledgeOrders(db, schema, {
    orderKeys: [...lookup.orderKeys].sort(byKey),
    receipts: [...touched].sort(byKey),
  });
  for (const row of orders) for (const key of row.stockKeys) stockKeys.add(key);
  const keys = [...stockKeys].sort(byKey);
  return {
    pieceKeys: [...touched],
    orders: new Map(orders.map((row) => [row.orderKey, fromOrderRow(row)])),
    balances: await findStockQuantities(db, schema, 'pledge_balances', keys),
    reports: await findStockQuantities(db, schema, 'pledge_reports', keys),
    keyMaxQty: await findStockQuantities(db, schema, 'pledge_key_max', keys),
    releaseKeys: await findReleaseKeys(db, schema, [...lookup.documentIds].sort(byKey)),
  };
}

/** The rest of the pledge state, once the financings are known: their coverage and amounts, the thresholds. */
async function loadPledgeContext(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  loaded: Awaited<ReturnType<typeof loadPledges>>,
  financings: readonly { key: string; enterprise: string }[],
  /** The enterprises of the batch's documents: a financing it opens is of one of them. */
  enterprises: readonly string[],
): Promise<PledgeContext> {
  const financingKeys = [...new Set(financings.map((f) => f.key))].sort(byKey);
  const purchaseAmounts = new Map<string, number | null>();
  const amountTotals = new Map<string, AmountTotal>();
  for (const row of await findPurchaseAmounts(db, schema, financingKeys)) {
    purchaseAmounts.set(purchaseIdOf(row.financingKey, row.nodeId), row.amount);
    amountTotals.set(
      row.financingKey,
      countAmount(amountTotals.get(row.financingKey) ?? noAmounts, row.amount, 1),
    );
  }
  const coverage = new Map(
    (await findCoverage(db, schema, financingKeys)).map((row) => [row.financingKey, row]),
  );
  const inForce = await findThresholdsInForce(
    db,
    [...new Set([...financings.map((f) => f.enterprise), ...enterprises])].sort(byKey),
  );
  const before: PledgeMaps = {
    orders: loaded.orders,
    receiptOrders: new Map(),
    stockReceipts: new Map(),
    receiptOnKey: new Map(),
    keyMaxQty: loaded.keyMaxQty,
    receiptValues: new Map(),
    balances: loaded.balances,
    reports: loaded.reports,
    purchaseAmounts,
    amountTotals,
    coverage,
    // Only the keys are read: the releases its documents already caused (rule 3).
    releases: new Map(
      loaded.releaseKeys.map((key) => {
        const [financingKey, pieceKey, documentId] = JSON.parse(key) as [string, string, string];
        const recorded = {
          key,
          financingKey,
          pieceKey,
          documentId,
          cause: 'outbound' as const,
          firstSeen: '',
        };
        return [key, { ...recorded, provenance: {} as PledgeOrder['provenance'] }];
      }),
    ),
    crossings: new Map(),
  };
  indexOrders(before);
  return {
    before,
    thresholdsOf: (enterprise) => inForce.get(enterprise) ?? [defaultCoverageThreshold],
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
  async applyBatch(db, schema, fetched) {
    // In log order across topics (received-at): a release or a crossing is decided on the state
    // the documents received before it left, as far as a batch can tell (processors/README.md
    // "Release and coverage alerts": order of reading). The chains and the collateral rules give
    // the same result in any order.
    const events = [...fetched].sort((a, b) => compareLogOrder(a.provenance, b.provenance));
    const linked = await foldChains(db, schema, events);
    // A stock report joins no chain (it is no trade document), and a document may change the stock
    // or an amount without changing a chain: the release and coverage rules still see it.
    if (linked.changes.length === 0 && !events.some((event) => pledgeTypes.has(event.type)))
      return { changes: [], superseded: linked.superseded };
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
    // The receipts the release and coverage rules may look at are loaded with every chain holding them.
    const pledges = await loadPledges(db, schema, events);
    const query = {
      named,
      pieceKeys: [
        ...new Set([
          ...statements.flatMap((s) => piecesOf(s).map((piece) => piece.key)),
          ...pledges.pieceKeys,
        ]),
      ].sort(byKey),
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
    const pledgeContext = await loadPledgeContext(
      db,
      schema,
      pledges,
      [...before.state.financings.values()],
      statements.map((statement) => statement.enterprise),
    );
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
      pledgeContext,
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
    before: LoadedCollateral;
    pledgeContext: PledgeContext;
  },
): Promise<ChangeEvent[]> {
  const { events, stepsOf, named, absorbed, query, financed, whole, pledgeContext } = batch;
  let loaded = batch.before;
  let folded = await foldBatch(loaded, events, stepsOf, pledgeContext);
  for (;;) {
    const missing = [...folded.readEvery].filter((chainId) => !whole.has(chainId));
    if (missing.length === 0) break;
    for (const chainId of missing) whole.add(chainId);
    loaded = await loadState(db, schema, { ...query, whole: [...whole].sort(byKey) }, financed);
    folded = await foldBatch(loaded, events, stepsOf, pledgeContext);
  }
  const before = loaded.state;
  const { state, applied, changed } = folded;
  if (!changed) return [];
  await writePledgeChanges(db, schema, folded.pledges, folded.written);

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
      .map((p) => ({ ...p, provenance: { ...p.provenance } })),
  );
  return applied.result.changes;
}

/** Writes what the release and coverage rules changed in a batch, one statement per table, rows in key order. */
async function writePledgeChanges(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  after: PledgeMaps,
  written: ReadonlyMap<keyof PledgeMaps, ReadonlySet<string>>,
): Promise<void> {
  if (written.size === 0) return;
  const rows = <T>(name: keyof PledgeMaps, map: ReadonlyMap<string, T>): [string, T][] =>
    [...(written.get(name) ?? [])].sort(byKey).map((key) => [key, map.get(key) as T]);
  await writePledges(db, schema, {
    orders: rows('orders', after.orders).map(([, o]) => ({
      orderKey: o.key,
      direction: o.direction,
      enterprise: o.enterprise,
      orderNo: o.orderNo,
      warehouseId: o.warehouseId,
      receipt: o.receipt,
      tallied: o.tallied,
      movements: [...o.movements],
      stockKeys: stockKeysOf(o),
      provenance: { ...o.provenance },
    })),
    balances: rows('balances', after.balances),
    reports: rows('reports', after.reports),
    keyMaxQty: rows('keyMaxQty', after.keyMaxQty),
    receiptValues: rows('receiptValues', after.receiptValues).map(([id, value]) => {
      const [enterprise, pieceKey] = receiptOfId(id);
      return {
        enterprise,
        pieceKey,
        qty: value.qty,
        value: value.value,
        cents: centsOf(value),
        unpricedLines: value.unpricedLines,
      };
    }),
    coverage: rows('coverage', after.coverage).map(([, row]) => ({
      ...row,
      provenance: { ...row.provenance },
    })),
    releases: rows('releases', after.releases).map(([, r]) => ({
      releaseKey: r.key,
      financingKey: r.financingKey,
      pieceKey: r.pieceKey,
      documentId: r.documentId,
      cause: r.cause,
      firstSeen: r.firstSeen,
      provenance: { ...r.provenance },
    })),
    crossings: rows('crossings', after.crossings).map(([, c]) => ({
      crossingKey: c.key,
      financingKey: c.financingKey,
      threshold: c.threshold,
      coverageBefore: c.coverageBefore,
      coverageAfter: c.coverageAfter,
      firstSeen: c.firstSeen,
      provenance: { ...c.provenance },
    })),
  });
}

/** Documents reach it attributed, as they reach link-node (processors/README.md "Attribution"). */
export const collateralProjection = attributedProjection(collateralBatch);
