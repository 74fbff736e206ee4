import {
  enterpriseDataDeclaration,
  enterpriseDataSources,
} from '@tradelog/projections/enterprise-data/declaration';
import {
  type DeclarationRow,
  findDeclarations,
  findGoods,
  findTalliesOf,
  findWarehouseOrders,
  type GoodsRow,
  type MovementUpdate,
  mergedGoodsFields,
  updateMovements,
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
  direction: row.direction as WarehouseOrder['direction'],
  // Loaded orders keep their movements in the table; only new documents bring new lines.
  movements: [],
});

const declarationState = (row: DeclarationRow): Declaration => ({
  ...row,
  key: row.declarationKey,
  provenance: row.provenance as never,
  dataSource: row.dataSource as Declaration['dataSource'],
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
    const unique = (values: string[]) => [...new Set(values)];
    const declarationKeys = unique(lookups.flatMap((l) => l.declarations));
    const goodsKeys = unique(lookups.flatMap((l) => l.goods));
    const orderKeys = unique(lookups.flatMap((l) => l.warehouseOrders));
    const inbounds = [
      ...new Map(
        lookups.flatMap((l) => l.talliesOf).map((t) => [`${t.enterprise}|${t.inboundOrderNo}`, t]),
      ).values(),
    ];
    if (declarationKeys.length + goodsKeys.length + orderKeys.length === 0) return nothingApplied();
    // One client runs one statement at a time: sequential is what it would do anyway.
    const declarationRows = declarationKeys.length ? await findDeclarations(db, schema, declarationKeys) : [];
    const goodsRows = goodsKeys.length ? await findGoods(db, schema, goodsKeys) : [];
    const orderRows = orderKeys.length ? await findWarehouseOrders(db, schema, orderKeys) : [];
    const tallyRows = await findTalliesOf(db, schema, inbounds);

    const declarations = new Map(declarationRows.map((row) => [row.declarationKey, declarationState(row)]));
    const goods = new Map(goodsRows.map((row) => [row.goodsKey, row]));
    const orders = new Map([...orderRows, ...tallyRows].map((row) => [row.orderKey, orderState(row)]));
    const changedDeclarations = new Map<string, Declaration>();
    const changedGoods = new Map<string, GoodsRow>();
    const changedOrders = new Map<string, WarehouseOrder>();
    const movementUpdates = new Map<string, MovementUpdate>();

    // Tallies by the inbound order they count, so an inbound's step finds them without a scan.
    const talliesByInbound = new Map<string, Set<string>>();
    const indexTally = (order: WarehouseOrder) => {
      if (order.direction !== 'tally' || !order.inboundOrderNo) return;
      const id = `${order.enterprise}|${order.inboundOrderNo}`;
      talliesByInbound.set(id, (talliesByInbound.get(id) ?? new Set()).add(order.key));
    };
    for (const order of orders.values()) indexTally(order);
    const pick = <T>(rows: ReadonlyMap<string, T>, keys: Iterable<string>) => {
      const out = new Map<string, T>();
      for (const key of keys) {
        const row = rows.get(key);
        if (row !== undefined) out.set(key, row);
      }
      return out;
    };

    const applied = batchResult();
    for (const [index, event] of events.entries()) {
      // Each step sees only its event's slice: a step costs what the event touches.
      const lookup = lookups[index]!;
      const orderKeysOfStep = [
        ...lookup.warehouseOrders,
        ...lookup.talliesOf.flatMap((t) => [
          ...(talliesByInbound.get(`${t.enterprise}|${t.inboundOrderNo}`) ?? []),
        ]),
      ];
      const before = {
        declarations: pick(declarations, lookup.declarations),
        goods: new Map(
          [...pick(goods, lookup.goods)].map(([key, row]) => [key, goodsView(row, event)] as const),
        ),
        warehouseOrders: pick(orders, orderKeysOfStep),
      };
      const reduction = reduceEnterpriseData(before, event);
      applied.add(event, reduction);
      const { state } = reduction;
      if (state === before) continue;
      for (const [key, declaration] of state.declarations) {
        if (before.declarations.get(key) === declaration) continue;
        declarations.set(key, declaration);
        changedDeclarations.set(key, declaration);
      }
      for (const [key, item] of state.goods) {
        if (before.goods.get(key) === item) continue;
        const sources = {
          ...goods.get(key)?.sources,
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
        goods.set(key, row);
        changedGoods.set(key, row);
      }
      for (const [key, order] of state.warehouseOrders) {
        const old = before.warehouseOrders.get(key);
        if (old === order) continue;
        orders.set(key, order);
        indexTally(order);
        changedOrders.set(key, order);
        const effective = !(order.direction === 'inbound' && order.tallied);
        const replaced = old === undefined || logPosition(old.provenance) !== logPosition(order.provenance);
        const pending = movementUpdates.get(key);
        movementUpdates.set(key, {
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
    }

    // Sent one after the other without waiting: Postgres writes each table while the process
    // serialises the next one's rows (four tables of their own; the client runs its statements
    // in the order sent).
    await settledInOrder([
      upsertDeclarations(db, schema, byKey(changedDeclarations).map(declarationRow)),
      upsertGoodsRows(db, schema, byKey(changedGoods)),
      upsertWarehouseOrders(
        db,
        schema,
        byKey(changedOrders).map((order) => ({
          ...order,
          orderKey: order.key,
          fields: { ...order.fields },
          provenance: { ...order.provenance },
        })),
      ),
      updateMovements(db, schema, byKey(movementUpdates)),
    ]);
    return applied.result;
  },
};

/** Documents reach it attributed: directly, through the partner or an order, late ones when resolved. */
export const enterpriseDataProjection = attributedProjection(enterpriseDataProjectionBatch, {
  applies: enterpriseDataSources,
});
