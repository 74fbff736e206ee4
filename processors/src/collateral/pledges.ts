import { type CollateralProvenance, financingKeyOf } from '@tradelog/projections/collateral/tables';
import { type ChangeEvent, changeEvent, type Reduction } from '../changes.ts';
import { enterpriseOfEvent } from '../documents/enterpriseKey.ts';
import {
  type Document,
  type DocumentEvent,
  listOf,
  logPosition,
  numberOf,
  text,
} from '../documents/event.ts';
import { olderThan } from '../documents/logOrder.ts';
import { warehouseOrderOf } from '../enterprise-data/reducer.ts';
import { nodesOf } from '../link-node/rules.ts';
import { type ChainsAndCollateral, reduceCollateralDocument } from './reducer.ts';
import { financingOf, normalisedNumber, pieceKeyOf } from './rules.ts';

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
 */

/** A goods line of a warehouse order, as a signed stock movement (enterprise data's). */
export interface PledgeLine {
  goodsId: string;
  batchCode: string;
  qty: number;
  amount: number | null;
}

export type PledgeDirection = 'inbound' | 'outbound' | 'tally';

export interface PledgeOrder {
  /** enterprise-data's warehouse order key: direction, enterprise, order number. */
  key: string;
  direction: PledgeDirection;
  enterprise: string;
  orderNo: string;
  warehouseId: string | null;
  /** The receipt's piece key an inbound is, or a tally counts; null for an outbound. */
  receipt: string | null;
  /** An inbound whose tally counts instead (its movements no longer do). */
  tallied: boolean;
  movements: readonly PledgeLine[];
  provenance: CollateralProvenance;
}

/** A financing as these rules see it (reducer.ts `Financing`). */
export interface HeldBy {
  key: string;
  enterprise: string;
  financingNo: string;
  chainId: string;
}

/** What rule 4 sums for a chain: the stock left behind every warehouse receipt it holds. */
export interface ReceiptTotal {
  /** How many warehouse-receipt pieces the chain holds. */
  receipts: number;
  /** Each receipt's value rounded to whole cents, then summed: exact, whatever the order. */
  cents: number;
  unpricedLines: number;
}

/** What the stock left behind a receipt is read from (rule 1). */
export type ReceiptValues = Pick<PledgeState, 'orders' | 'receiptOrders' | 'balances' | 'receiptValues'>;

/** What the collateral rules know at a document: who holds what (reducer.ts state, or the batch's). */
export interface Holdings {
  /** The open financings whose chain holds the piece. */
  openHolders(pieceKey: string): readonly HeldBy[];
  /** Whether the chain holds the warehouse receipt of that enterprise. */
  holdsReceipt(chainId: string, enterprise: string, pieceKey: string): boolean;
  /**
   * Rule 4's sum over the warehouse receipts the chain holds, each valued on `values` for the
   * enterprise that holds it (a chain is one enterprise's: link-node). The batch keeps it as an
   * index it updates as pieces join chains and receipts change value (working.ts), so that
   * evaluating a financing costs what its document changed, not the number of receipts its
   * chain holds.
   */
  receiptTotal(chainId: string, values: ReceiptValues): ReceiptTotal;
  /** A financing by key when it is open. */
  openFinancing(key: string): HeldBy | undefined;
}

export interface Coverage {
  financingKey: string;
  /** Null while a purchase amount is unknown or the amount is 0. */
  coverage: number | null;
  stockValue: number;
  purchaseAmount: number | null;
  unpricedLines: number;
  /** The document of the last evaluation. */
  provenance: CollateralProvenance;
}

export interface Release {
  /** JSON [financing key, receipt piece key, causing document id]. */
  key: string;
  financingKey: string;
  pieceKey: string;
  documentId: string;
  cause: 'outbound' | 'tally' | 'stockReport';
  firstSeen: string;
  provenance: CollateralProvenance;
}

export interface Crossing {
  /** JSON [financing key, threshold, causing document id]. */
  key: string;
  financingKey: string;
  threshold: number;
  coverageBefore: number | null;
  coverageAfter: number;
  firstSeen: string;
  provenance: CollateralProvenance;
}

/** The receipts on a stock key: a list a step extends at its head, never copies. */
export interface ReceiptList {
  id: string;
  next: ReceiptList | undefined;
}

/**
 * A financing's purchases summed (rule 4). In millionths, as a whole number: adding and taking
 * back an amount as purchases change is then exact and the sum does not depend on their order
 * (an amount is rounded at its sixth decimal place here, far below any currency's unit).
 */
export interface AmountTotal {
  purchases: number;
  /** Purchases stating no purchaseAmount: the sum is unknown while one does not. */
  unknown: number;
  millionths: bigint;
}

export const noAmounts: AmountTotal = { purchases: 0, unknown: 0, millionths: 0n };

/** A purchase of a financing, as `purchaseAmounts` keys it. */
export const purchaseIdOf = (financingKey: string, nodeId: string) => `${financingKey}\u0000${nodeId}`;

const millionthsOf = (amount: number) => BigInt(Math.round(amount * 1_000_000));

/** A total with one purchase's amount counted (`sign` 1) or taken back (-1). */
export function countAmount(total: AmountTotal, amount: number | null, sign: 1 | -1): AmountTotal {
  return {
    purchases: total.purchases + sign,
    unknown: total.unknown + (amount === null ? sign : 0),
    millionths: total.millionths + (amount === null ? 0n : BigInt(sign) * millionthsOf(amount)),
  };
}

export interface ReceiptValue {
  qty: number;
  value: number;
  unpricedLines: number;
}

/** What the rules read of a map: a batch's maps, or a step's layer over them. */
export interface Lookup<K, V> {
  get(key: K): V | undefined;
  has(key: K): boolean;
}

export interface PledgeState {
  /** Warehouse orders by key: those a step's document replaces and every order of each receipt it may touch. */
  orders: Lookup<string, PledgeOrder>;
  /** Receipt (`receiptIdOf`) → the keys of its orders (its inbound and tallies): an index of `orders`. */
  receiptOrders: Lookup<string, readonly string[]>;
  /** Stock key → the receipts with an order having a line on it (a list shared between steps): an index of `orders`. */
  stockReceipts: Lookup<string, ReceiptList>;
  /** JSON [stock key, receipt]: the receipt is in the key's list. */
  receiptOnKey: Lookup<string, true>;
  /** Stock key → the largest quantity a receipt's line on it ever pledged (an upper bound). */
  keyMaxQty: Lookup<string, number>;
  /** Receipt → the stock left behind it (rule 1), as of the state: kept by the steps that change it. */
  receiptValues: Lookup<string, ReceiptValue>;
  /** On hand by stock key (`stockKeyOf`): the sum of the effective movements. */
  balances: Lookup<string, number>;
  /** The last stock report's quantity by stock key. */
  reports: Lookup<string, number>;
  /** A financing's purchase (`purchaseIdOf`) → its purchaseAmount (null: none stated). */
  purchaseAmounts: Lookup<string, number | null>;
  /** Financing key → the sum of its purchases' amounts (rule 4), kept as they change. */
  amountTotals: Lookup<string, AmountTotal>;
  coverage: Lookup<string, Coverage>;
  /** The releases recorded, by key (a batch loads only the keys of its documents' releases). */
  releases: Lookup<string, Release>;
  crossings: Lookup<string, Crossing>;
}

/** The maps of a pledge state, as a whole fold (tests) or a batch shell keeps them. */
export type PledgeMaps = {
  [K in keyof PledgeState]: PledgeState[K] extends Lookup<infer A, infer B> ? Map<A, B> : never;
};

export const emptyPledgeState = (): PledgeMaps => ({
  orders: new Map(),
  receiptOrders: new Map(),
  stockReceipts: new Map(),
  receiptOnKey: new Map(),
  keyMaxQty: new Map(),
  receiptValues: new Map(),
  balances: new Map(),
  reports: new Map(),
  purchaseAmounts: new Map(),
  amountTotals: new Map(),
  coverage: new Map(),
  releases: new Map(),
  crossings: new Map(),
});

/** What a step changed, per map: the entries to set. */
export type PledgeChanges = { [K in keyof PledgeMaps]: PledgeMaps[K] };

/**
 * Copy-on-write over one map of the state: a step reads through to the state and keeps what it
 * sets, so a step costs what its document touches, not the batch's size (the state is never changed).
 */
class Layer<K, V> implements Lookup<K, V> {
  readonly changed = new Map<K, V>();
  readonly base: Lookup<K, V>;
  constructor(base: Lookup<K, V>) {
    this.base = base;
  }
  get(key: K): V | undefined {
    return this.changed.has(key) ? this.changed.get(key) : this.base.get(key);
  }
  has(key: K): boolean {
    return this.changed.has(key) || this.base.has(key);
  }
  set(key: K, value: V): void {
    this.changed.set(key, value);
  }
}

/** Applies a step's changes to maps (a batch shell's own, or a copy). */
export function applyPledgeChanges(maps: PledgeMaps, changes: PledgeChanges): void {
  for (const name of Object.keys(changes) as (keyof PledgeMaps)[]) {
    const target = maps[name] as Map<unknown, unknown>;
    for (const [key, value] of changes[name] as Map<unknown, unknown>) target.set(key, value);
  }
}

/**
 * The indexes of a set of orders and the value behind each receipt, for maps loaded whole (the
 * batch shell, once per batch): `receiptOrders`, `stockReceipts`, `receiptOnKey`, `keyMaxQty`,
 * `receiptValues`.
 */
export function indexOrders(maps: PledgeMaps): void {
  const ordersOf = new Map<string, Set<string>>();
  for (const order of maps.orders.values()) {
    if (order.receipt === null || order.direction === 'outbound') continue;
    const id = receiptIdOf(order.enterprise, order.receipt);
    const keys = ordersOf.get(id) ?? new Set(maps.receiptOrders.get(id) ?? []);
    keys.add(order.key);
    ordersOf.set(id, keys);
  }
  for (const [id, keys] of ordersOf) maps.receiptOrders.set(id, [...keys]);
  for (const id of ordersOf.keys()) {
    const [enterprise, pieceKey] = receiptOfId(id);
    for (const key of maps.receiptOrders.get(id) ?? []) {
      const order = maps.orders.get(key);
      if (order === undefined) continue;
      for (const line of order.movements) {
        const stockKey = stockKeyOf(order.enterprise, order.warehouseId, line.goodsId, line.batchCode);
        const onKey = JSON.stringify([stockKey, id]);
        if (!maps.receiptOnKey.has(onKey)) {
          maps.receiptOnKey.set(onKey, true);
          maps.stockReceipts.set(stockKey, { id, next: maps.stockReceipts.get(stockKey) });
        }
        if (line.qty > (maps.keyMaxQty.get(stockKey) ?? 0)) maps.keyMaxQty.set(stockKey, line.qty);
      }
    }
    const left = stockLeft(receiptLines(maps, enterprise, pieceKey), maps.balances);
    maps.receiptValues.set(id, { qty: left.qty, value: left.value, unpricedLines: left.unpricedLines });
  }
}

/** A goods and lot in one enterprise's warehouse, as enterprise data keeps stock (raw warehouse id). */
export const stockKeyOf = (
  enterprise: string,
  warehouseId: string | null,
  goodsId: string,
  batchCode: string,
) => JSON.stringify([enterprise, warehouseId ?? '', goodsId, batchCode]);

/**
 * The stock keys whose receipts a batch must read: those it reports (rule 3c compares a report
 * with every receipt on the key), and those on which the stock left behind a receipt's line may
 * change. Stock left behind a line is the on-hand, never more than the line's quantity (rule 1):
 * it cannot change while the on-hand stays at or above every line's quantity on the key
 * (`keyMaxQty`, an upper bound), and within a batch the on-hand moves by at most the sum of the
 * quantities of the lines the batch's orders, their earlier versions and the other orders of
 * their receipts hold on the key. A stock key many receipts share (a goods kept without lots)
 * then costs a batch its receipts only when its stock runs low.
 */
export function stockKeysToRead(batch: {
  reported: Iterable<string>;
  lines: Iterable<{ stockKey: string; qty: number }>;
  balances: Lookup<string, number>;
  keyMaxQty: Lookup<string, number>;
}): Set<string> {
  const moved = new Map<string, { total: number; largest: number }>();
  for (const { stockKey, qty } of batch.lines) {
    const size = Math.abs(qty);
    const known = moved.get(stockKey) ?? { total: 0, largest: 0 };
    moved.set(stockKey, { total: known.total + size, largest: Math.max(known.largest, size) });
  }
  const read = new Set(batch.reported);
  for (const [stockKey, { total, largest }] of moved) {
    const lowest = (batch.balances.get(stockKey) ?? 0) - total;
    if (lowest < Math.max(batch.keyMaxQty.get(stockKey) ?? 0, largest)) read.add(stockKey);
  }
  return read;
}

/** A warehouse receipt is the inbound in its warehouse: the piece key collateral gives it (rules.ts). */
export function receiptKeyOf(warehouseId: string | null | undefined, orderNo: string): string | null {
  const scope = warehouseId == null ? undefined : normalisedNumber(warehouseId);
  const number = normalisedNumber(orderNo);
  return scope === undefined || number === undefined ? null : pieceKeyOf('warehouseReceipt', scope, number);
}

const provenanceOf = (event: DocumentEvent): CollateralProvenance => ({
  ...event.provenance,
  documentType: event.type,
});

/** The warehouse order of an inbound, outbound or tally, with the receipt it is or counts. */
export function pledgeOrderOf(event: DocumentEvent): PledgeOrder | undefined {
  const order = warehouseOrderOf(event);
  if (order === undefined) return undefined;
  const receipt =
    order.direction === 'inbound'
      ? receiptKeyOf(order.warehouseId, order.orderNo)
      : order.direction === 'tally' && order.inboundOrderNo
        ? receiptKeyOf(order.warehouseId, order.inboundOrderNo)
        : null;
  return {
    key: order.key,
    direction: order.direction,
    enterprise: order.enterprise,
    orderNo: order.orderNo,
    warehouseId: order.warehouseId,
    receipt,
    tallied: false,
    movements: order.movements.map((m) => ({
      goodsId: m.goodsId,
      batchCode: m.batchCode,
      qty: m.qty,
      amount: m.amount,
    })),
    provenance: provenanceOf(event),
  };
}

/** A warehouse stock report's quantities (every stock type) by stock key. */
export function stockReportOf(
  event: DocumentEvent,
): { enterprise: string; lines: Map<string, number> } | undefined {
  if (event.type !== 'warehouseStock') return undefined;
  const enterprise = enterpriseOfEvent(event);
  const document = event.document as Document;
  const warehouseId = text(document, 'warehouseId');
  if (enterprise === undefined || warehouseId === undefined) return undefined;
  const lines = new Map<string, number>();
  for (const line of listOf(document, 'stockList') as Document[]) {
    const goodsId = text(line, 'goodsId');
    const qty = numberOf(line, 'realStockNum');
    if (goodsId === undefined || qty === undefined) continue;
    const key = stockKeyOf(enterprise, warehouseId, goodsId, text(line, 'batchCode') ?? '');
    lines.set(key, (lines.get(key) ?? 0) + qty);
  }
  return { enterprise, lines };
}

/** Rule 3b: a tally line counted below what was expected, or stating a lack. */
export function tallyShortfall(document: Document): boolean {
  return (listOf(document, 'goodsList') as Document[]).some((line) => {
    const expected = numberOf(line, 'expectReceiveQty');
    const counted = numberOf(line, 'goodQty') ?? numberOf(line, 'actReceiveQty');
    return (
      (numberOf(line, 'lackQty') ?? 0) > 0 ||
      (expected !== undefined && counted !== undefined && counted < expected)
    );
  });
}

/** The receipts (JSON [enterprise, piece key]) of the given orders. */
export const receiptIdOf = (enterprise: string, pieceKey: string) => `${enterprise}\u0000${pieceKey}`;

/** A receipt id's enterprise and piece key (`receiptIdOf`; enterprise codes hold no NUL). */
export const receiptOfId = (id: string): [enterprise: string, pieceKey: string] => {
  const at = id.indexOf('\u0000');
  return [id.slice(0, at), id.slice(at + 1)];
};

const effective = (order: PledgeOrder) => order.direction !== 'inbound' || !order.tallied;

/** Rule 1: a receipt's lines — its inbound's movements, or its tallies' once tallied — with their stock keys. */
export function receiptLines(
  state: Pick<PledgeState, 'orders' | 'receiptOrders'>,
  enterprise: string,
  pieceKey: string,
): { stockKey: string; qty: number; amount: number | null }[] {
  const lines: { stockKey: string; qty: number; amount: number | null }[] = [];
  for (const key of state.receiptOrders.get(receiptIdOf(enterprise, pieceKey)) ?? []) {
    const order = state.orders.get(key);
    if (order === undefined || order.receipt !== pieceKey || order.enterprise !== enterprise) continue;
    if (order.direction === 'outbound' || !effective(order)) continue;
    for (const line of order.movements)
      if (line.qty > 0)
        lines.push({
          stockKey: stockKeyOf(enterprise, order.warehouseId, line.goodsId, line.batchCode),
          qty: line.qty,
          amount: line.amount,
        });
  }
  return lines;
}

/** Rule 1: stock left behind lines, valued; unpriced lines counted (query-api portfolio `stockBehind`). */
export function stockLeft(
  lines: readonly { stockKey: string; qty: number; amount: number | null }[],
  balances: Lookup<string, number>,
) {
  let qty = 0;
  let value = 0;
  let unpricedLines = 0;
  const byKey = new Map<string, number>();
  for (const line of lines) {
    const left = Math.max(0, Math.min(balances.get(line.stockKey) ?? 0, line.qty));
    qty += left;
    byKey.set(line.stockKey, (byKey.get(line.stockKey) ?? 0) + left);
    if (line.amount === null) {
      if (left > 0) unpricedLines++;
    } else if (line.qty > 0) value += (line.amount * left) / line.qty;
  }
  return { qty, value, unpricedLines, byKey };
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** Rule 1: the stock left behind a receipt, as kept (`receiptValues`) or from its lines. */
export function receiptValueOf(values: ReceiptValues, enterprise: string, pieceKey: string): ReceiptValue {
  return (
    values.receiptValues.get(receiptIdOf(enterprise, pieceKey)) ??
    stockLeft(receiptLines(values, enterprise, pieceKey), values.balances)
  );
}

/** A receipt's value in whole cents, rounded as the portfolio rounds it (rule 4 sums these). */
export const centsOf = (value: ReceiptValue) => Math.round(value.value * 100);

/**
 * Rule 4's sum over receipts by scanning them: what `Holdings.receiptTotal` answers without an
 * index (a whole fold's holdings, `holdingsOf`).
 */
export function sumReceipts(
  receipts: readonly { enterprise: string; pieceKey: string }[],
  values: ReceiptValues,
): ReceiptTotal {
  let cents = 0;
  let unpricedLines = 0;
  for (const { enterprise, pieceKey } of receipts) {
    const left = receiptValueOf(values, enterprise, pieceKey);
    cents += centsOf(left);
    unpricedLines += left.unpricedLines;
  }
  return { receipts: receipts.length, cents, unpricedLines };
}

/**
 * A chain's total on the state a step starts from, with the receipts the step re-valued
 * (`changed`, by receipt id) counted at their new value.
 */
function totalAfterStep(
  holdings: Holdings,
  chainId: string,
  before: ReceiptValues,
  changed: ReadonlyMap<string, ReceiptValue>,
): ReceiptTotal {
  const total = { ...holdings.receiptTotal(chainId, before) };
  for (const [id, value] of changed) {
    const [enterprise, pieceKey] = receiptOfId(id);
    if (!holdings.holdsReceipt(chainId, enterprise, pieceKey)) continue;
    const was = receiptValueOf(before, enterprise, pieceKey);
    total.cents += centsOf(value) - centsOf(was);
    total.unpricedLines += value.unpricedLines - was.unpricedLines;
  }
  return total;
}

/** Rule 4: a financing's coverage from the stock behind its receipts and its purchases' amounts. */
export function coverageOf(
  financing: HeldBy,
  state: Pick<PledgeState, 'amountTotals'>,
  total: ReceiptTotal,
  provenance: CollateralProvenance,
): Coverage {
  const { cents, unpricedLines } = total;
  const stockValue = cents / 100;
  const amounts = state.amountTotals.get(financing.key) ?? noAmounts;
  const purchaseAmount =
    amounts.purchases > 0 && amounts.unknown === 0 ? Number(amounts.millionths) / 1_000_000 : null;
  return {
    financingKey: financing.key,
    coverage: purchaseAmount ? round(stockValue / purchaseAmount, 4) : null,
    stockValue,
    purchaseAmount,
    unpricedLines,
    provenance,
  };
}

/** Rule 5: the thresholds an evaluation crossed downwards. */
export function crossedThresholds(
  before: number | null | undefined,
  after: number | null,
  thresholds: readonly number[],
): number[] {
  if (after === null) return [];
  return thresholds.filter((threshold) => (before == null || before >= threshold) && after < threshold);
}

const collateralOf = (pieceKey: string) => {
  const [kind, warehouse, number] = JSON.parse(pieceKey) as [string, string, string];
  return { kind, warehouse: warehouse === '' ? null : warehouse, number };
};

/**
 * One document through the rules above, after the collateral rules took it (`holdings` is what
 * they hold after it). `thresholdsOf` gives the coverage thresholds in force for an enterprise
 * (rule 5; the batch shell reads them, the only input not from the log: see the README). Pure:
 * the state is read, never changed; what the step sets is answered in `changed` (and the state
 * is the same object when nothing changed).
 */
export function reducePledges(
  state: PledgeState,
  event: DocumentEvent,
  holdings: Holdings,
  thresholdsOf: (enterprise: string) => readonly number[],
): Reduction<PledgeState> & { changed?: PledgeChanges } {
  const provenance = provenanceOf(event);
  const layer = {
    orders: new Layer(state.orders),
    receiptOrders: new Layer(state.receiptOrders),
    stockReceipts: new Layer(state.stockReceipts),
    receiptOnKey: new Layer(state.receiptOnKey),
    keyMaxQty: new Layer(state.keyMaxQty),
    receiptValues: new Layer(state.receiptValues),
    balances: new Layer(state.balances),
    reports: new Layer(state.reports),
    purchaseAmounts: new Layer(state.purchaseAmounts),
    amountTotals: new Layer(state.amountTotals),
    coverage: new Layer(state.coverage),
    releases: new Layer(state.releases),
    crossings: new Layer(state.crossings),
  };
  const after: PledgeState = layer;

  // Purchase amounts of the financings the document names (link-node keeps the latest version).
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

  /** Stock keys whose on-hand changed; receipts whose lines changed. */
  const movedKeys = new Set<string>();
  const relined = new Set<string>();
  const order = pledgeOrderOf(event);
  const current = order ? state.orders.get(order.key) : undefined;
  const takes =
    order !== undefined &&
    !(current !== undefined && logPosition(current.provenance) === logPosition(event.provenance)) &&
    !olderThan(event.provenance, current?.provenance);
  if (order !== undefined && takes) {
    const move = (o: PledgeOrder, sign: 1 | -1) => {
      if (!effective(o)) return;
      for (const line of o.movements) {
        const key = stockKeyOf(o.enterprise, o.warehouseId, line.goodsId, line.batchCode);
        layer.balances.set(key, (layer.balances.get(key) ?? 0) + sign * line.qty);
        movedKeys.add(key);
      }
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
    if (placed.receipt !== null && placed.direction !== 'outbound') {
      const id = receiptIdOf(placed.enterprise, placed.receipt);
      relined.add(id);
      const keys = layer.receiptOrders.get(id) ?? [];
      if (!keys.includes(placed.key)) layer.receiptOrders.set(id, [...keys, placed.key]);
      for (const line of placed.movements) {
        const stockKey = stockKeyOf(placed.enterprise, placed.warehouseId, line.goodsId, line.batchCode);
        const onKey = JSON.stringify([stockKey, id]);
        if (!layer.receiptOnKey.has(onKey)) {
          layer.receiptOnKey.set(onKey, true);
          layer.stockReceipts.set(stockKey, { id, next: layer.stockReceipts.get(stockKey) });
        }
        if (line.qty > (layer.keyMaxQty.get(stockKey) ?? 0)) layer.keyMaxQty.set(stockKey, line.qty);
      }
    }
    if (current?.receipt != null) relined.add(receiptIdOf(current.enterprise, current.receipt));
    for (const key of [...movedKeys])
      if ((state.balances.get(key) ?? 0) === (layer.balances.get(key) ?? 0)) movedKeys.delete(key);
  }

  const report = stockReportOf(event);
  const reported = new Set<string>();
  if (report) {
    for (const [key, qty] of report.lines) {
      reported.add(key);
      if (layer.reports.get(key) !== qty) layer.reports.set(key, qty);
    }
  }
  if (Object.values(layer).every((l) => l.changed.size === 0)) return { state, changes: [] };

  // The receipts the document touched: those it re-lined, those whose stock left changed on a
  // key it moved (none when the key's balance stays at or above every line's quantity on it,
  // before and after: `keyMaxQty`), and those with a line on a key it reported. Each touched
  // receipt's value is kept up to date (`receiptValues`).
  const candidates = new Set(relined);
  for (const key of movedKeys) {
    const low = Math.min(state.balances.get(key) ?? 0, layer.balances.get(key) ?? 0);
    if (low >= (layer.keyMaxQty.get(key) ?? 0)) continue;
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

  const changes: ChangeEvent[] = [];
  const affected = new Map<string, HeldBy>();
  for (const receipt of [...touched].sort()) {
    const [enterprise, pieceKey] = receiptOfId(receipt);
    const holders = holdings
      .openHolders(pieceKey)
      .filter((f) => f.enterprise === enterprise)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (holders.length === 0) continue;
    const before = stockLeft(receiptLines(state, enterprise, pieceKey), state.balances);
    const after = stockLeft(receiptLines(layer, enterprise, pieceKey), layer.balances);
    for (const holder of holders) affected.set(holder.key, holder);
    let cause: Release['cause'] | undefined;
    if (
      order?.direction === 'outbound' &&
      takes &&
      [...before.byKey].some(([key, left]) => (after.byKey.get(key) ?? 0) < left)
    )
      cause = 'outbound';
    else if (
      order?.direction === 'tally' &&
      takes &&
      order.receipt === pieceKey &&
      tallyShortfall(event.document as Document)
    )
      cause = 'tally';
    else if (
      report &&
      report.enterprise === enterprise &&
      [...after.byKey].some(([key, left]) => {
        const now = report.lines.get(key);
        const last = state.reports.get(key);
        return now !== undefined && now < left && (last === undefined || last >= left || now < last);
      })
    )
      cause = 'stockReport';
    if (cause === undefined) continue;
    const fresh = holders.filter(
      (f) => !layer.releases.has(JSON.stringify([f.key, pieceKey, event.provenance.documentId])),
    );
    if (fresh.length === 0) continue;
    for (const f of fresh) {
      const key = JSON.stringify([f.key, pieceKey, event.provenance.documentId]);
      layer.releases.set(key, {
        key,
        financingKey: f.key,
        pieceKey,
        documentId: event.provenance.documentId,
        cause,
        firstSeen: event.provenance.receivedAt,
        provenance,
      });
    }
    const collateral = collateralOf(pieceKey);
    changes.push(
      changeEvent(
        'collateral',
        'collateral.released',
        enterprise,
        `receipt/${collateral.warehouse ?? ''}/${collateral.number}`,
        event.provenance,
        {
          collateral,
          financingOrderNos: holders.map((f) => f.financingNo),
          cause: {
            kind: cause,
            documentType: event.type,
            documentId: event.provenance.documentId,
            orderNo: order?.orderNo ?? null,
          },
          stockLeft: {
            before: { qty: before.qty, value: round(before.value, 2) },
            after: { qty: after.qty, value: round(after.value, 2) },
          },
        },
      ),
    );
  }

  // Rule 4: a financing a purchase of the document names is evaluated too (its amount changed,
  // or it opened on a chain already holding receipts).
  for (const key of named) {
    const financing = holdings.openFinancing(key);
    if (financing) affected.set(key, financing);
  }
  for (const financing of [...affected.values()].sort((a, b) => (a.key < b.key ? -1 : 1))) {
    const total = totalAfterStep(holdings, financing.chainId, state, layer.receiptValues.changed);
    // A financing holding no receipt (yet: a purchase financed before its goods come in) has no coverage.
    if (total.receipts === 0) continue;
    const previous = layer.coverage.get(financing.key);
    const next = coverageOf(financing, after, total, provenance);
    if (
      previous !== undefined &&
      previous.coverage === next.coverage &&
      previous.stockValue === next.stockValue &&
      previous.purchaseAmount === next.purchaseAmount &&
      previous.unpricedLines === next.unpricedLines
    )
      continue;
    layer.coverage.set(financing.key, next);
    for (const threshold of crossedThresholds(
      previous?.coverage,
      next.coverage,
      thresholdsOf(financing.enterprise),
    )) {
      const key = JSON.stringify([financing.key, threshold, event.provenance.documentId]);
      if (layer.crossings.has(key)) continue;
      layer.crossings.set(key, {
        key,
        financingKey: financing.key,
        threshold,
        coverageBefore: previous?.coverage ?? null,
        coverageAfter: next.coverage as number,
        firstSeen: event.provenance.receivedAt,
        provenance,
      });
      changes.push(
        changeEvent(
          'collateral',
          'coverage.low',
          financing.enterprise,
          `financing/${financing.financingNo}/coverage-low/${threshold}`,
          event.provenance,
          {
            financingOrderNo: financing.financingNo,
            threshold,
            coverage: { before: previous?.coverage ?? null, after: next.coverage },
            stockValue: next.stockValue,
            purchaseAmount: next.purchaseAmount,
            unpricedLines: next.unpricedLines,
            cause: {
              documentType: event.type,
              documentId: event.provenance.documentId,
              orderNo: order?.orderNo ?? null,
            },
          },
        ),
      );
    }
  }
  const changed = Object.fromEntries(
    Object.entries(layer).map(([name, l]) => [name, l.changed]),
  ) as PledgeChanges;
  return { state: after, changes, changed };
}

/** Holdings read from a whole collateral state (tests, as-of folds): scans, as no index is kept. */
export function holdingsOf(state: {
  chains: ReadonlyMap<string, ReadonlyMap<string, { kind: string; enterprise: string }>>;
  financings: ReadonlyMap<string, HeldBy & { open: boolean }>;
}): Holdings {
  const receiptsOf = (chainId: string) =>
    [...(state.chains.get(chainId) ?? [])]
      .filter(([, piece]) => piece.kind === 'warehouseReceipt')
      .map(([pieceKey, piece]) => ({ enterprise: piece.enterprise, pieceKey }));
  return {
    openHolders(pieceKey) {
      const chains = new Set(
        [...state.chains].filter(([, pieces]) => pieces.has(pieceKey)).map(([id]) => id),
      );
      return [...state.financings.values()].filter((f) => f.open && chains.has(f.chainId));
    },
    openFinancing(key) {
      const financing = state.financings.get(key);
      return financing?.open ? financing : undefined;
    },
    holdsReceipt(chainId, enterprise, pieceKey) {
      const piece = state.chains.get(chainId)?.get(pieceKey);
      return piece?.kind === 'warehouseReceipt' && piece.enterprise === enterprise;
    },
    receiptTotal: (chainId, values) => sumReceipts(receiptsOf(chainId), values),
  };
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
    pledges = Object.fromEntries(
      Object.entries(state.pledges).map(([name, map]) => [name, new Map(map as Map<unknown, unknown>)]),
    ) as PledgeMaps;
    applyPledgeChanges(pledges, pledged.changed);
  }
  return {
    state: { ...collateral.state, pledges },
    changes: [...collateral.changes, ...pledged.changes],
  };
}
