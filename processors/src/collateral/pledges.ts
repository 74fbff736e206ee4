import { noKeyLines } from '@tradelog/projections/collateral/pledgeTables';
import { financingKeyOf } from '@tradelog/projections/collateral/tables';
import type { Reduction } from '../changes.ts';
import { type DocumentEvent, type DocumentTypeId, numberOf } from '../documents/event.ts';
import { nodesOf } from '../link-node/rules.ts';
import { evaluateCoverage } from './coverage.ts';
import { type DocumentStep, documentStepOf } from './documentStep.ts';
import { type HeldBy, type Holdings, holdingsOf } from './holdings.ts';
import {
  applyPledgeChanges,
  changesOf,
  copyPledgeMaps,
  nothingSet,
  type PledgeChanges,
  type PledgeLayers,
  type PledgeMaps,
  type PledgeOrder,
  type PledgeState,
} from './pledgeState.ts';
import { countAmount, noAmounts, purchaseIdOf } from './purchaseAmounts.ts';
import {
  countKeyLines,
  effective,
  indexOrderLines,
  receiptIdOf,
  receiptLines,
  receiptOfId,
  stockKeyOf,
  stockLeft,
} from './receiptStock.ts';
import { type ChainsAndCollateral, reduceCollateralDocument } from './reducer.ts';
import { type HeldReceipt, recordReleases } from './releases.ts';
import { financingOf } from './rules.ts';

/**
 * Release and coverage alerts (processors/README.md "Release and coverage alerts"): the stock
 * behind each warehouse receipt, kept from the log by enterprise data's own inventory rule
 * (enterprise-data/reducer.ts `warehouseOrderOf`: inbound lines count until a tally of the inbound
 * counts instead, outbounds subtract, a corrected order replaces its movements), and two rules
 * folded after the collateral rules of each document, on the financings those hold *at that
 * document* (reducer.ts): pure, so a rebuild in any batching publishes and keeps the same.
 *
 * Rules, each with its Given/When/Then test in pledges.unit.test.ts:
 * 1. A receipt (an inbound in its warehouse: rules.ts `piecesOf`) pledges its lines: the
 *    inbound's movements, or its tallies' once tallied, each line's goods and lot in that
 *    warehouse. The stock left behind a line is what is on hand of its goods and lot there,
 *    never more than the line brought in, never below 0; valued at the line's own price, a line
 *    without a price counted as unpriced (query-api's portfolio `stockBehind`, the same rule).
 * 2. A receipt is held by the open financings (reducer.ts rule 2) of the receipt's enterprise
 *    whose chain holds it.
 * 3. `collateral.released`: a document that takes goods out of a held receipt, published once per
 *    causing document, receipt and enterprise, naming that enterprise's financings holding it:
 *    a. an outbound after which less stock is left behind one of the receipt's lines than before;
 *    b. a tally of the receipt with a shortfall: a line counted below what was expected
 *       (goodQty, else actReceiveQty, below expectReceiveQty) or stating a lackQty;
 *    c. a warehouse stock report (feed `warehouseStock`) stating less of a goods and lot than is
 *       left behind the receipt's lines of it, when the shortfall is new or deeper than the last
 *       report's. A report is an observation: it changes no stock (the portfolio's stock too).
 *    Releases are kept (financing, receipt, causing document): the same document again, however
 *    it comes back (a redelivery, a duplicate record, a dead letter retried), publishes nothing.
 * 4. Coverage of a held financing is the value of the stock left behind every receipt its chain
 *    holds (of its enterprise) over the sum of its purchases' purchaseAmount (null while one is
 *    unknown). It is evaluated whenever the stock behind one of its receipts changes.
 * 5. `coverage.low`: an evaluation that takes the coverage from at or above a threshold (or from
 *    never evaluated) to below it publishes one event per threshold in force for the enterprise
 *    (the default and every lender's own: query-api/README.md "Coverage thresholds"); not again
 *    while it stays below; again after it came back to or above the threshold and falls again.
 *
 * Where each lives: the state and its layers in pledgeState.ts; rule 1's lines and stock left in
 * receiptStock.ts; what is read of a document in warehouseDocuments.ts; rule 2's holdings in
 * holdings.ts; rule 3 in releases.ts; rules 4–5 in coverage.ts (purchase sums: purchaseAmounts.ts).
 * This module runs them for one document, in that order, as the named parts of `reducePledges`.
 */

/**
 * The documents the rules above read: the warehouse orders (rule 1's stock), the stock reports
 * (rule 3c) and the purchases (rule 4's amounts). Any other sets nothing.
 */
export const pledgeDocumentTypes: ReadonlySet<DocumentTypeId> = new Set<DocumentTypeId>([
  'inbound',
  'outbound',
  'tally',
  'warehouseStock',
  'purchase',
]);

/**
 * One document through the rules above, after the collateral rules took it (`holdings` is what
 * they hold after it). `thresholdsOf` gives the coverage thresholds in force for an enterprise
 * (rule 5; the batch shell reads them, the only input not from the log: see the README). Pure:
 * the state is read, never changed; what the step sets is answered in `changed` (and the state
 * is the same object when nothing changed). Each named part below sets through the step's layer.
 */
export function reducePledges(
  state: PledgeState,
  event: DocumentEvent,
  holdings: Holdings,
  thresholdsOf: (enterprise: string) => readonly number[],
): Reduction<PledgeState> & { changed?: PledgeChanges } {
  // A document the rules read nothing of sets nothing: the state as it is, without the step.
  if (!pledgeDocumentTypes.has(event.type)) return { state, changes: [] };
  const step = documentStepOf(state, event, holdings);
  const named = recordPurchaseAmounts(step);
  const stock = step.order !== undefined && step.takes ? placeOrder(step, step.order) : unmoved;
  const reported = recordReport(step);
  if (nothingSet(step.layer)) return { state, changes: [] };

  const held = heldReceipts(step, touchedReceipts(step, stock, reported));
  const released = recordReleases(step, held);
  const affected = new Map<string, HeldBy>();
  for (const { holders } of held) for (const holder of holders) affected.set(holder.key, holder);
  // Rule 4: a financing a purchase of the document names is evaluated too (its amount changed,
  // or it opened on a chain already holding receipts).
  for (const key of named) {
    const financing = holdings.openFinancing(key);
    if (financing) affected.set(key, financing);
  }
  const crossed = evaluateCoverage(step, affected.values(), thresholdsOf);
  const after: PledgeState = step.layer;
  return { state: after, changes: [...released, ...crossed], changed: changesOf(step.layer) };
}

/**
 * Rule 4's amounts: each purchase of a financing the document names (link-node keeps the latest
 * version), its amount and the financing's total kept as it changes. Answers the financings named.
 */
function recordPurchaseAmounts({ event, layer }: DocumentStep): string[] {
  const named: string[] = [];
  for (const statement of nodesOf(event)) {
    const financing = financingOf(statement);
    if (financing === undefined) continue;
    const key = financingKeyOf(statement.enterprise, financing.financingNo);
    named.push(key);
    const amount = numberOf(statement.fields, 'purchaseAmount') ?? null;
    const id = purchaseIdOf(key, statement.nodeId);
    const known = layer.purchaseAmounts.has(id);
    const was = layer.purchaseAmounts.get(id) ?? null;
    if (known && was === amount) continue;
    layer.purchaseAmounts.set(id, amount);
    const total = layer.amountTotals.get(key) ?? noAmounts;
    layer.amountTotals.set(key, countAmount(known ? countAmount(total, was, -1) : total, amount, 1));
  }
  return named;
}

/** What placing an order moved: stock keys whose on-hand changed; receipts whose lines changed. */
interface MovedStock {
  movedKeys: ReadonlySet<string>;
  relined: ReadonlySet<string>;
}

const unmoved: MovedStock = { movedKeys: new Set(), relined: new Set() };

/**
 * Rule 1's stock: the document's order replaces the version kept (its movements taken back, the
 * new ones counted); a tally makes its receipt's inbound stop counting, an inbound counts only
 * while its receipt has no tally.
 */
function placeOrder({ state, layer, current }: DocumentStep, order: PledgeOrder): MovedStock {
  const movedKeys = new Set<string>();
  const relined = new Set<string>();
  const move = (o: PledgeOrder, sign: 1 | -1) => {
    if (!effective(o)) return;
    for (const line of o.movements) {
      const key = stockKeyOf(o.enterprise, o.warehouseId, line.goodsId, line.batchCode);
      layer.balances.set(key, (layer.balances.get(key) ?? 0) + sign * line.qty);
      movedKeys.add(key);
    }
    countKeyLines(layer.keyLines, o, sign);
  };
  const ordersOf = (receipt: string) =>
    (layer.receiptOrders.get(receiptIdOf(order.enterprise, receipt)) ?? []).flatMap((key) => {
      const found = layer.orders.get(key);
      return found === undefined || found.receipt !== receipt || found.enterprise !== order.enterprise
        ? []
        : [found];
    });
  if (current) move(current, -1);
  let placed = order;
  if (order.direction === 'inbound' && order.receipt !== null)
    placed = { ...order, tallied: ordersOf(order.receipt).some((o) => o.direction === 'tally') };
  if (order.direction === 'tally' && order.receipt !== null)
    for (const inbound of ordersOf(order.receipt))
      if (inbound.direction === 'inbound' && !inbound.tallied) {
        move(inbound, -1);
        layer.orders.set(inbound.key, { ...inbound, tallied: true });
      }
  layer.orders.set(order.key, placed);
  move(placed, 1);
  if (placed.receipt !== null && placed.direction !== 'outbound')
    relined.add(indexReceiptOrder(layer, placed, placed.receipt));
  if (current?.receipt != null) relined.add(receiptIdOf(current.enterprise, current.receipt));
  for (const key of [...movedKeys])
    if ((state.balances.get(key) ?? 0) === (layer.balances.get(key) ?? 0)) movedKeys.delete(key);
  return { movedKeys, relined };
}

/** The indexes of a receipt's order placed by a step (rule 1's lines on each stock key); answers the receipt. */
function indexReceiptOrder(layer: PledgeLayers, placed: PledgeOrder, receipt: string): string {
  const id = receiptIdOf(placed.enterprise, receipt);
  const keys = layer.receiptOrders.get(id) ?? [];
  if (!keys.includes(placed.key)) layer.receiptOrders.set(id, [...keys, placed.key]);
  indexOrderLines(layer, placed, id);
  return id;
}

/** Rule 3c's memory: a stock report's quantities kept (it moves no stock). Answers the keys reported. */
function recordReport({ report, layer }: DocumentStep): Set<string> {
  const reported = new Set<string>();
  if (report) {
    for (const [key, qty] of report.lines) {
      reported.add(key);
      if (layer.reports.get(key) !== qty) layer.reports.set(key, qty);
    }
  }
  return reported;
}

/**
 * The receipts the document touched: those it re-lined, those whose stock left changed on a key
 * it moved (none when the key's balance stays at or above every line's quantity on it, before
 * and after, nor when every line counting on it is a re-lined receipt's: `keyLines`), and those
 * with a line on a key it reported. Each touched receipt's value is kept up to date
 * (`receiptValues`).
 */
function touchedReceipts(
  { state, layer }: DocumentStep,
  { movedKeys, relined }: MovedStock,
  reported: ReadonlySet<string>,
): Set<string> {
  const candidates = new Set(relined);
  const relinedOnKey = new Map<string, number>();
  for (const id of relined)
    for (const { stockKey } of receiptLines(layer, ...receiptOfId(id)))
      relinedOnKey.set(stockKey, (relinedOnKey.get(stockKey) ?? 0) + 1);
  for (const key of movedKeys) {
    const low = Math.min(state.balances.get(key) ?? 0, layer.balances.get(key) ?? 0);
    const counted = layer.keyLines.get(key) ?? noKeyLines;
    if (low >= counted.maxQty || counted.lines <= (relinedOnKey.get(key) ?? 0)) continue;
    for (let node = layer.stockReceipts.get(key); node; node = node.next) candidates.add(node.id);
  }
  const touched = new Set<string>();
  for (const id of candidates) {
    const [enterprise, pieceKey] = receiptOfId(id);
    const left = stockLeft(receiptLines(layer, enterprise, pieceKey), layer.balances);
    const was = layer.receiptValues.get(id);
    if (was?.qty !== left.qty || was.value !== left.value || was.unpricedLines !== left.unpricedLines)
      layer.receiptValues.set(id, { qty: left.qty, value: left.value, unpricedLines: left.unpricedLines });
    if (relined.has(id) || was?.qty !== left.qty || was.value !== left.value) touched.add(id);
  }
  for (const key of reported)
    for (let node = layer.stockReceipts.get(key); node; node = node.next) touched.add(node.id);
  return touched;
}

/** Rule 2: the touched receipts (in receipt order) held by open financings of their enterprise. */
function heldReceipts({ holdings }: DocumentStep, touched: ReadonlySet<string>): HeldReceipt[] {
  const held: HeldReceipt[] = [];
  for (const receipt of [...touched].sort()) {
    const [enterprise, pieceKey] = receiptOfId(receipt);
    const holders = holdings
      .openHolders(pieceKey)
      .filter((f) => f.enterprise === enterprise)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (holders.length > 0) held.push({ enterprise, pieceKey, holders });
  }
  return held;
}

/** Chains, collateral and pledges: the state a whole document's pure step folds over. */
export interface ChainsCollateralPledges extends ChainsAndCollateral {
  pledges: PledgeMaps;
}

/**
 * One document through link-node's reducer, the collateral rules and then these rules, on the
 * holdings the collateral rules leave (the batch shell does the same with its batch's state).
 */
export function reduceAlertsDocument(
  state: ChainsCollateralPledges,
  event: DocumentEvent,
  thresholdsOf: (enterprise: string) => readonly number[],
): Reduction<ChainsCollateralPledges> {
  const collateral = reduceCollateralDocument(state, event);
  const pledged = reducePledges(state.pledges, event, holdingsOf(collateral.state.collateral), thresholdsOf);
  if (collateral.state === state && pledged.changed === undefined)
    return { state, changes: [], ...(collateral.superseded ? { superseded: true } : {}) };
  let pledges = state.pledges;
  if (pledged.changed !== undefined) {
    pledges = copyPledgeMaps(state.pledges);
    applyPledgeChanges(pledges, pledged.changed);
  }
  return {
    state: { ...collateral.state, pledges },
    changes: [...collateral.changes, ...pledged.changes],
  };
}
