import {
  findAmountTotals,
  findCoverage,
  findKeyLines,
  findPledgeOrders,
  findPurchaseAmounts,
  findReceiptsOnStock,
  findReceiptTotals,
  findReceiptValues,
  findReleaseKeys,
  findStockQuantities,
  type PledgeOrderRow,
  type ReceiptValueRow,
} from '@tradelog/projections/collateral/pledgeTables';
import type { PieceHolding } from '@tradelog/projections/collateral/tables';
import {
  type FinancingStateRow,
  financingKeyOf,
  findFinancings,
  findPairings,
  findPieces,
  type NamedPieces,
  type PieceRow,
} from '@tradelog/projections/collateral/tables';
import { defaultCoverageThreshold, findThresholdsInForce } from '@tradelog/projections/collateral/thresholds';
import type { ChangeEvent } from '../changes.ts';
import { type DocumentEvent, logPosition } from '../documents/event.ts';
import { finalMerges } from '../link-node/projection.ts';
import { nodesOf } from '../link-node/rules.ts';
import type { Projection } from '../runtime/projection.ts';
import type { ReceiptTotal } from './holdings.ts';
import { byKey } from './keyOrder.ts';
import type { PledgeMaps, PledgeOrder } from './pledgeState.ts';
import { type AmountTotal, purchaseIdOf } from './purchaseAmounts.ts';
import { indexOrders, linesOf, pledgedLinesByKey, stockKeysOf, stockKeysToRead } from './receiptStock.ts';
import { financingOf } from './rules.ts';
import type { CollateralState, Financing } from './state.ts';
import { pledgeOrderOf, stockReportOf } from './warehouseDocuments.ts';
import { chainsNamedBy } from './working.ts';

/**
 * What a collateral batch reads before it folds (projection.ts; processors/README.md "Collateral
 * rules", a batch loads what its documents touch, and "Release and coverage alerts", cost): what
 * its documents name, the slice of the chains and financings its steps need, and the pledge state
 * its release and coverage rules read. Reads only: nothing here writes.
 */

/** The link-node steps of each document (by log position), as the fold hands them to its step. */
export function stepsByDocument(changes: readonly ChangeEvent[]): Map<string, ChangeEvent[]> {
  const stepsOf = new Map<string, ChangeEvent[]>();
  for (const change of changes) {
    const position = logPosition(change.source);
    stepsOf.set(position, [...(stepsOf.get(position) ?? []), change]);
  }
  return stepsOf;
}

/**
 * What the batch's documents and their link-node steps name: the statements, the chains named
 * (sorted) and absorbed, the financings and purchase nodes of the statements.
 */
export function namedByBatch(events: readonly DocumentEvent[], linked: readonly ChangeEvent[]) {
  const statements = events.flatMap(nodesOf);
  const named = [...new Set(chainsNamedBy(linked))].sort(byKey);
  const absorbed = finalMerges(linked).map((merge) => merge.absorbed);
  const financingKeys = new Set<string>();
  const purchaseNodes = new Set<string>();
  for (const statement of statements) {
    const financing = financingOf(statement);
    if (financing === undefined) continue;
    financingKeys.add(financingKeyOf(statement.enterprise, financing.financingNo));
    purchaseNodes.add(statement.nodeId);
  }
  return { statements, named, absorbed, financingKeys, purchaseNodes };
}

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
export async function loadState(
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
export interface LoadedCollateral {
  state: CollateralState;
  /** Chain id → rule 4's sum over the warehouse receipts it holds (chains holding none: absent). */
  receiptTotals: ReadonlyMap<string, ReceiptTotal>;
  /** The kept values of the receipts the state holds. */
  receiptValues: readonly ReceiptValueRow[];
}

/**
 * What the release and coverage rules fold over (pledges.ts): the pledge state loaded for the
 * batch and the thresholds in force for its enterprises.
 */
export interface PledgeContext {
  before: PledgeMaps;
  thresholdsOf: (enterprise: string) => readonly number[];
}

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

/**
 * Loads what the release and coverage rules need for a batch (pledges.ts `PledgeState`): the
 * batch's orders with their earlier versions; every receipt a batch document may touch (its own,
 * those with a line on a stock key it moves or reports) with all their orders; the balances and
 * last reports of their stock keys; the coverage and purchase amounts of the financings loaded;
 * the releases its documents already caused. Answers the receipts' piece keys, which the
 * collateral load must bring with every chain holding them (so that `Holdings` answers whole).
 * The other receipts of those chains are read as their chains' totals (`loadState`).
 */
export async function loadPledges(
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
  const balances = await findStockQuantities(db, schema, 'pledge_balances', moved);
  const keyLines = await findKeyLines(db, schema, moved);
  const ownOrders = own.map(fromOrderRow);
  const read = stockKeysToRead({
    reported: lookup.reported,
    lines: [...lookup.lines, ...ownOrders.flatMap(linesOf)],
    balances,
    keyLines,
    ownLines: pledgedLinesByKey(ownOrders),
  });
  const touched = new Set(lookup.receipts);
  for (const found of await findReceiptsOnStock(db, schema, [...read].sort(byKey)))
    touched.add(found.receipt);
  // What the first reads answered is not read again: the orders of the other receipts touched,
  // then the quantities of the stock keys those orders add.
  const orders = new Map(own.map((row) => [row.orderKey, row]));
  const others = [...touched].filter((receipt) => !lookup.receipts.has(receipt)).sort(byKey);
  if (others.length > 0)
    for (const row of await findPledgeOrders(db, schema, { orderKeys: [], receipts: others })) {
      orders.set(row.orderKey, row);
      for (const key of row.stockKeys) stockKeys.add(key);
    }
  const movedKeys = new Set(moved);
  const added = [...stockKeys].filter((key) => !movedKeys.has(key)).sort(byKey);
  const keys = [...stockKeys].sort(byKey);
  return {
    pieceKeys: [...touched],
    orders: new Map([...orders.values()].map((row) => [row.orderKey, fromOrderRow(row)])),
    balances: new Map([...balances, ...(await findStockQuantities(db, schema, 'pledge_balances', added))]),
    reports: await findStockQuantities(db, schema, 'pledge_reports', keys),
    keyLines: new Map([...keyLines, ...(await findKeyLines(db, schema, added))]),
    releaseKeys: await findReleaseKeys(db, schema, [...lookup.documentIds].sort(byKey)),
  };
}

/** The releases its documents already caused (rule 3): only their keys are read. */
const recordedReleases = (releaseKeys: readonly string[]): PledgeMaps['releases'] =>
  new Map(
    releaseKeys.map((key) => {
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
  );

/** The rest of the pledge state, once the financings are known: their coverage and amounts, the thresholds. */
export async function loadPledgeContext(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  loaded: Awaited<ReturnType<typeof loadPledges>>,
  financings: readonly { key: string; enterprise: string }[],
  batch: {
    /** The enterprises of the batch's documents: a financing it opens is of one of them. */
    enterprises: readonly string[];
    /** The purchases (node ids) its documents name a financing on (`namedByBatch`). */
    purchaseNodes: readonly string[];
  },
): Promise<PledgeContext> {
  const { enterprises, purchaseNodes } = batch;
  const financingKeys = [...new Set(financings.map((f) => f.key))].sort(byKey);
  // Rule 4's sums as kept, and the amounts of the purchases the batch names (the only ones its
  // steps look up): a batch reads no more of a financing that thousands of purchases name.
  const purchaseAmounts = new Map<string, number | null>();
  for (const row of await findPurchaseAmounts(db, schema, { financingKeys, nodeIds: purchaseNodes }))
    purchaseAmounts.set(purchaseIdOf(row.financingKey, row.nodeId), row.amount);
  const amountTotals = new Map<string, AmountTotal>(
    (await findAmountTotals(db, schema, financingKeys)).map(({ financingKey, ...total }) => [
      financingKey,
      total,
    ]),
  );
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
    keyLines: loaded.keyLines,
    receiptValues: new Map(),
    balances: loaded.balances,
    reports: loaded.reports,
    purchaseAmounts,
    amountTotals,
    coverage,
    releases: recordedReleases(loaded.releaseKeys),
    crossings: new Map(),
  };
  indexOrders(before);
  return {
    before,
    thresholdsOf: (enterprise) => inForce.get(enterprise) ?? [defaultCoverageThreshold],
  };
}
