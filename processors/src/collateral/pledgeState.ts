import type {
  CoverageRow,
  KeyLines,
  PledgeDirection,
  PledgeLine,
  PledgeOrderRow,
} from '@tradelog/projections/collateral/pledgeTables';
import type { CrossingRow, ReleaseRow } from '@tradelog/projections/collateral/pledgeWrites';
import type { AmountTotal } from './purchaseAmounts.ts';

/**
 * The state the release and coverage rules fold over (pledges.ts; processors/README.md "Release
 * and coverage alerts"): warehouse orders, stock, coverage, releases and crossings, as maps a
 * batch shell keeps, and the copy-on-write layers a step reads and sets through.
 */

// A warehouse order's lines and direction are declared once with its row.
export type { PledgeDirection, PledgeLine };

/** A warehouse order as the rules fold it: its row, keyed, without the stock keys it was written with. */
export interface PledgeOrder extends Omit<PledgeOrderRow, 'orderKey' | 'movements' | 'stockKeys'> {
  key: string;
  movements: readonly PledgeLine[];
}

/**
 * A financing's coverage at its last evaluation, a release published, a threshold crossed: each
 * one type for the fold's state and the projection's row (projections/src/collateral).
 */
export type Coverage = CoverageRow;
export type Release = ReleaseRow;
export type Crossing = CrossingRow;

/** The receipts on a stock key: a list a step extends at its head, never copies. */
export interface ReceiptList {
  id: string;
  next: ReceiptList | undefined;
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
  /**
   * Stock key → the receipts' lines that count on it (rule 1: `pledgedLinesOf`) and the largest
   * of them since it last had none (an upper bound): kept by `countKeyLines`.
   */
  keyLines: Lookup<string, KeyLines>;
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
  keyLines: new Map(),
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
export type PledgeChanges = {
  [K in keyof PledgeMaps]: PledgeMaps[K] extends Map<infer A, infer B> ? ReadonlyMap<A, B> : never;
};

/** The changes of a map a step set nothing in: one for every layer, never written to. */
const noChanges: ReadonlyMap<never, never> = new Map<never, never>();

/**
 * Copy-on-write over one map of the state: a step reads through to the state and keeps what it
 * sets, so a step costs what its document touches, not the batch's size (the state is never changed).
 * A step sets few of its thirteen maps (most documents none): a layer's own map is made on its
 * first set.
 */
export class Layer<K, V> implements Lookup<K, V> {
  #changed: Map<K, V> | undefined;
  readonly base: Lookup<K, V>;
  constructor(base: Lookup<K, V>) {
    this.base = base;
  }
  /** What the step set. */
  get changed(): ReadonlyMap<K, V> {
    return this.#changed ?? noChanges;
  }
  get(key: K): V | undefined {
    const changed = this.#changed;
    return changed?.has(key) ? changed.get(key) : this.base.get(key);
  }
  has(key: K): boolean {
    return this.#changed?.has(key) === true || this.base.has(key);
  }
  set(key: K, value: V): void {
    this.#changed ??= new Map();
    this.#changed.set(key, value);
  }
}

/** A step's layers, one over each map of the state: what the step sees after what it set. */
export type PledgeLayers = {
  [K in keyof PledgeMaps]: PledgeMaps[K] extends Map<infer A, infer B> ? Layer<A, B> : never;
};

/** A step's layers over the state it starts from. */
export const layersOver = (state: PledgeState): PledgeLayers => ({
  orders: new Layer(state.orders),
  receiptOrders: new Layer(state.receiptOrders),
  stockReceipts: new Layer(state.stockReceipts),
  receiptOnKey: new Layer(state.receiptOnKey),
  keyLines: new Layer(state.keyLines),
  receiptValues: new Layer(state.receiptValues),
  balances: new Layer(state.balances),
  reports: new Layer(state.reports),
  purchaseAmounts: new Layer(state.purchaseAmounts),
  amountTotals: new Layer(state.amountTotals),
  coverage: new Layer(state.coverage),
  releases: new Layer(state.releases),
  crossings: new Layer(state.crossings),
});

/** Whether a step set nothing (the reducer then answers the state it was given). */
export const nothingSet = (layer: PledgeLayers) =>
  Object.values(layer).every((l: Layer<unknown, unknown>) => l.changed.size === 0);

/** What a step set, per map. */
export const changesOf = (layer: PledgeLayers) =>
  Object.fromEntries(
    Object.entries(layer).map(([name, l]: [string, Layer<unknown, unknown>]) => [name, l.changed]),
  ) as PledgeChanges;

/** Applies a step's changes to maps (a batch shell's own, or a copy). */
export function applyPledgeChanges(maps: PledgeMaps, changes: PledgeChanges): void {
  for (const name of Object.keys(changes) as (keyof PledgeMaps)[]) {
    const target = maps[name] as Map<unknown, unknown>;
    for (const [key, value] of changes[name] as ReadonlyMap<unknown, unknown>) target.set(key, value);
  }
}

/** A copy of every map (a batch's own maps, or a whole fold's next state): the maps given stay as they are. */
export const copyPledgeMaps = (maps: PledgeMaps): PledgeMaps =>
  Object.fromEntries(
    Object.entries(maps).map(([name, map]) => [name, new Map(map as Map<unknown, unknown>)]),
  ) as PledgeMaps;
