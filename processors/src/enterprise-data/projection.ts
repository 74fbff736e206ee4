import {
  enterpriseDataDeclaration,
  enterpriseDataSources,
} from '@tradelog/projections/enterprise-data/declaration';
import { type MovementUpdate, updateMovements } from '@tradelog/projections/enterprise-data/movements';
import {
  type DeclarationRow,
  findDeclarations,
  findGoods,
  findTalliesOf,
  findWarehouseOrders,
  type GoodsRow,
  mergedGoodsFields,
  upsertDeclarations,
  upsertGoodsRows,
  upsertWarehouseOrders,
  type WarehouseOrderRow,
} from '@tradelog/projections/enterprise-data/tables';
import { attributedProjection } from '../documents/attributedProjection.ts';
import { enterpriseOfEvent } from '../documents/enterpriseKey.ts';
import { type DocumentEvent, logPosition } from '../documents/event.ts';
import { batchResult, nothingApplied, type Projection, settledInOrder } from '../runtime/projection.ts';
import {
  type Declaration,
  type GoodsItem,
  lookupOf,
  reduceEnterpriseData,
  type WarehouseOrder,
} from './reducer.ts';
import { declarationRow } from './rows.ts';

/**
 * Goods rows keep each source's fields apart and merge them when read, later-received first
 * wins: so a rebuild that reads the goods and goods-sync topics in another interleaving ends
 * with the same article (see the comparison in projections/src/enterprise-data/declaration.ts).
 */
export { mergedGoodsFields };

const orderState = (row: WarehouseOrderRow): WarehouseOrder => ({
  ...row,
  key: row.orderKey,
  // Loaded orders keep their movements in the table; only new documents bring new lines.
  movements: [],
});

const declarationState = (row: DeclarationRow): Declaration => ({
  ...row,
  key: row.declarationKey,
  provenance: row.provenance as never,
});

const byKey = <T>(rows: Map<string, T>): T[] =>
  [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);

/** The reducer's view of an article for an event: the fields and provenance of that event's own source. */
function goodsView(row: GoodsRow, event: DocumentEvent): GoodsItem {
  const own = row.sources[event.type];
  return {
    key: row.goodsKey,
    enterprise: row.enterprise,
    goodsNo: row.goodsNo,
    fields: own?.fields ?? {},
    provenance: (own?.provenance ?? {}) as never,
  };
}

/** What a batch's documents name, and the rows of those keys (one statement per table). */
async function loadBatch(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  lookups: readonly ReturnType<typeof lookupOf>[],
) {
  const unique = (values: string[]) => [...new Set(values)];
  const declarationKeys = unique(lookups.flatMap((l) => l.declarations));
  const goodsKeys = unique(lookups.flatMap((l) => l.goods));
  const orderKeys = unique(lookups.flatMap((l) => l.warehouseOrders));
  const inbounds = [
    ...new Map(
      lookups.flatMap((l) => l.talliesOf).map((t) => [`${t.enterprise}|${t.inboundOrderNo}`, t]),
    ).values(),
  ];
  if (declarationKeys.length + goodsKeys.length + orderKeys.length === 0) return undefined;
  // One client runs one statement at a time: sequential is what it would do anyway.
  const declarationRows = declarationKeys.length ? await findDeclarations(db, schema, declarationKeys) : [];
  const goodsRows = goodsKeys.length ? await findGoods(db, schema, goodsKeys) : [];
  const orderRows = orderKeys.length ? await findWarehouseOrders(db, schema, orderKeys) : [];
  const tallyRows = await findTalliesOf(db, schema, inbounds);
  return { declarationRows, goodsRows, orderRows: [...orderRows, ...tallyRows] };
}

const pick = <T>(rows: ReadonlyMap<string, T>, keys: Iterable<string>) => {
  const out = new Map<string, T>();
  for (const key of keys) {
    const row = rows.get(key);
    if (row !== undefined) out.set(key, row);
  }
  return out;
};

type EnterpriseDataState = Parameters<typeof reduceEnterpriseData>[0];

/**
 * The batch's rows held in memory: each step is handed the slice its event needs (`slice`), and
 * what it returns is kept (`absorb`) with the rows it changed, which the batch writes at its end.
 */
class WorkingEnterpriseData {
  readonly #declarations: Map<string, Declaration>;
  readonly #goods: Map<string, GoodsRow>;
  readonly #orders: Map<string, WarehouseOrder>;
  /** Tallies by the inbound order they count, so an inbound's step finds them without a scan. */
  readonly #talliesByInbound = new Map<string, Set<string>>();
  readonly changedDeclarations = new Map<string, Declaration>();
  readonly changedGoods = new Map<string, GoodsRow>();
  readonly changedOrders = new Map<string, WarehouseOrder>();
  readonly movementUpdates = new Map<string, MovementUpdate>();

  constructor(loaded: NonNullable<Awaited<ReturnType<typeof loadBatch>>>) {
    this.#declarations = new Map(
      loaded.declarationRows.map((row) => [row.declarationKey, declarationState(row)]),
    );
    this.#goods = new Map(loaded.goodsRows.map((row) => [row.goodsKey, row]));
    this.#orders = new Map(loaded.orderRows.map((row) => [row.orderKey, orderState(row)]));
    for (const order of this.#orders.values()) this.#indexTally(order);
  }

  /** Each step sees only its event's slice: a step costs what the event touches. */
  slice(event: DocumentEvent, lookup: ReturnType<typeof lookupOf>): EnterpriseDataState {
    const orderKeysOfStep = [
      ...lookup.warehouseOrders,
      ...lookup.talliesOf.flatMap((t) => [
        ...(this.#talliesByInbound.get(`${t.enterprise}|${t.inboundOrderNo}`) ?? []),
      ]),
    ];
    return {
      declarations: pick(this.#declarations, lookup.declarations),
      goods: new Map(
        [...pick(this.#goods, lookup.goods)].map(([key, row]) => [key, goodsView(row, event)] as const),
      ),
      warehouseOrders: pick(this.#orders, orderKeysOfStep),
    };
  }

  /** Keeps what a step changed in its slice. */
  absorb(event: DocumentEvent, before: EnterpriseDataState, after: EnterpriseDataState): void {
    for (const [key, declaration] of after.declarations) {
      if (before.declarations.get(key) === declaration) continue;
      this.#declarations.set(key, declaration);
      this.changedDeclarations.set(key, declaration);
    }
    for (const [key, item] of after.goods)
      if (before.goods.get(key) !== item) this.#putGoods(key, item, event);
    for (const [key, order] of after.warehouseOrders) {
      const old = before.warehouseOrders.get(key);
      if (old !== order) this.#putOrder(key, order, old);
    }
  }

  /** An article keeps each source's fields apart (`mergedGoodsFields` merges them when read). */
  #putGoods(key: string, item: GoodsItem, event: DocumentEvent): void {
    const sources = {
      ...this.#goods.get(key)?.sources,
      [event.type]: { fields: { ...item.fields }, provenance: { ...event.provenance } },
    };
    const row: GoodsRow = {
      goodsKey: key,
      enterprise: item.enterprise,
      goodsNo: item.goodsNo,
      sources,
      updatedAt: Object.values(sources)
        .map((source) => String(source.provenance.receivedAt))
        .sort()
        .at(-1)!,
    };
    this.#goods.set(key, row);
    this.changedGoods.set(key, row);
  }

  #putOrder(key: string, order: WarehouseOrder, old: WarehouseOrder | undefined): void {
    this.#orders.set(key, order);
    this.#indexTally(order);
    this.changedOrders.set(key, order);
    const effective = !(order.direction === 'inbound' && order.tallied);
    const replaced = old === undefined || logPosition(old.provenance) !== logPosition(order.provenance);
    const pending = this.movementUpdates.get(key);
    this.movementUpdates.set(key, {
      orderKey: key,
      enterprise: order.enterprise,
      occurredAt: order.occurredAt,
      effective,
      // Lines replaced earlier in the batch stay replaced; a flag change keeps the newest lines.
      ...(replaced
        ? {
            lines: order.movements.map((m, index) => ({
              ...m,
              lineNo: index + 1,
              warehouseId: order.warehouseId ?? '',
            })),
          }
        : pending?.lines
          ? { lines: pending.lines }
          : {}),
    });
  }

  #indexTally(order: WarehouseOrder): void {
    if (order.direction !== 'tally' || !order.inboundOrderNo) return;
    const id = `${order.enterprise}|${order.inboundOrderNo}`;
    this.#talliesByInbound.set(id, (this.#talliesByInbound.get(id) ?? new Set()).add(order.key));
  }
}

/**
 * Sent one after the other without waiting: Postgres writes each table while the process
 * serialises the next one's rows (four tables of their own; the statements run in the order sent).
 */
async function writeBatch(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  working: WorkingEnterpriseData,
): Promise<void> {
  await settledInOrder([
    upsertDeclarations(db, schema, byKey(working.changedDeclarations).map(declarationRow)),
    upsertGoodsRows(db, schema, byKey(working.changedGoods)),
    upsertWarehouseOrders(
      db,
      schema,
      byKey(working.changedOrders).map((order) => ({
        ...order,
        orderKey: order.key,
        fields: { ...order.fields },
        provenance: { ...order.provenance },
      })),
    ),
    updateMovements(db, schema, byKey(working.movementUpdates)),
  ]);
}

/**
 * The batch shell of enterprise data. The reducer sees goods through the event's own source
 * (goods import or goods sync), so the shell folds event by event over rows held in memory:
 * each step hands the reducer the slice it needs, keeps what it returns, and the batch ends
 * with one set-based write per table.
 */
const enterpriseDataProjectionBatch: Projection = {
  declaration: enterpriseDataDeclaration,
  lockScopesOf: (event) => {
    const enterprises = new Set<string>();
    const own = enterpriseOfEvent(event);
    if (own !== undefined) enterprises.add(own);
    // Goods lines may each name their enterprise.
    for (const key of lookupOf(event).goods) enterprises.add(key.slice(0, key.indexOf('|')));
    return [...enterprises].map((enterprise) => `enterprise:${enterprise}`);
  },
  async applyBatch(db, schema, events) {
    const lookups = events.map(lookupOf);
    const loaded = await loadBatch(db, schema, lookups);
    if (loaded === undefined) return nothingApplied();
    const working = new WorkingEnterpriseData(loaded);
    const applied = batchResult();
    for (const [index, event] of events.entries()) {
      const before = working.slice(event, lookups[index]!);
      const reduction = reduceEnterpriseData(before, event);
      applied.add(event, reduction);
      if (reduction.state !== before) working.absorb(event, before, reduction.state);
    }
    await writeBatch(db, schema, working);
    return applied.result;
  },
};

/** Documents reach it attributed: directly, through the partner or an order, late ones when resolved. */
export const enterpriseDataProjection = attributedProjection(enterpriseDataProjectionBatch, {
  applies: enterpriseDataSources,
});
