import {
  findDeclarations,
  findGoods,
  findTalliesOf,
  findWarehouseOrders,
  type GoodsRow,
  replaceMovements,
  setMovementsEffective,
  upsertDeclaration,
  upsertGoods,
  upsertWarehouseOrder,
  type WarehouseOrderRow,
} from '@tradelog/projections/enterprise-data/tables';
import { logPosition } from '../documents/event.ts';
import type { Projection } from '../runtime/projection.ts';
import { type GoodsItem, lookupOf, reduceEnterpriseData, type WarehouseOrder } from './reducer.ts';

/**
 * Goods rows keep each source's fields apart and merge them when read, later-received first
 * wins: so a rebuild that reads the goods and goods-sync topics in another interleaving ends
 * with the same article (see projections/src/tables.ts, comparison).
 */
export function mergedGoodsFields(row: Pick<GoodsRow, 'sources'>): Record<string, unknown> {
  const sources = Object.entries(row.sources).sort(
    ([typeA, a], [typeB, b]) =>
      String(a.provenance.receivedAt).localeCompare(String(b.provenance.receivedAt)) ||
      typeA.localeCompare(typeB),
  );
  return Object.assign({}, ...sources.map(([, source]) => source.fields));
}

const orderState = (row: WarehouseOrderRow): WarehouseOrder => ({
  ...row,
  key: row.orderKey,
  direction: row.direction as WarehouseOrder['direction'],
  provenance: row.provenance as unknown as WarehouseOrder['provenance'],
  // Loaded orders keep their movements in the table; only new documents bring new lines.
  movements: [],
});

export const enterpriseDataProjection: Projection = {
  name: 'enterprise-data',
  async apply(db, schema, event) {
    const lookup = lookupOf(event);
    const [declarations, goods, orders, ...tallies] = await Promise.all([
      lookup.declarations.length ? findDeclarations(db, schema, lookup.declarations) : [],
      lookup.goods.length ? findGoods(db, schema, lookup.goods) : [],
      lookup.warehouseOrders.length ? findWarehouseOrders(db, schema, lookup.warehouseOrders) : [],
      ...lookup.talliesOf.map((t) => findTalliesOf(db, schema, t.enterprise, t.inboundOrderNo)),
    ]);
    const goodsRows = new Map(goods.map((row) => [row.goodsKey, row]));
    const before = {
      declarations: new Map(
        declarations.map((row) => [
          row.declarationKey,
          {
            ...row,
            key: row.declarationKey,
            provenance: row.provenance as never,
            dataSource: row.dataSource as '10' | '20',
          },
        ]),
      ),
      goods: new Map(
        goods.map((row) => {
          // The reducer's view of an article: the merged fields, with the source of this event's type as provenance.
          const own = row.sources[event.type];
          const item: GoodsItem = {
            key: row.goodsKey,
            enterprise: row.enterprise,
            goodsNo: row.goodsNo,
            fields: own?.fields ?? {},
            provenance: (own?.provenance ?? {}) as never,
          };
          return [row.goodsKey, item];
        }),
      ),
      warehouseOrders: new Map([...orders, ...tallies.flat()].map((row) => [row.orderKey, orderState(row)])),
    };
    const { state } = reduceEnterpriseData(before, event);

    for (const [key, declaration] of state.declarations) {
      if (before.declarations.get(key) === declaration) continue;
      await upsertDeclaration(db, schema, {
        declarationKey: key,
        dataSource: declaration.dataSource,
        ownerCode: declaration.ownerCode,
        declareCode: declaration.declareCode,
        orderNo: declaration.orderNo,
        entryNo: declaration.entryNo,
        ieFlag: declaration.ieFlag,
        declareTime: declaration.declareTime,
        fields: { ...declaration.fields },
        provenance: { ...declaration.provenance },
      });
    }
    for (const [key, item] of state.goods) {
      if (before.goods.get(key) === item) continue;
      const existing = goodsRows.get(key);
      const sources = {
        ...existing?.sources,
        [event.type]: { fields: { ...item.fields }, provenance: { ...event.provenance } },
      };
      await upsertGoods(db, schema, {
        goodsKey: key,
        enterprise: item.enterprise,
        goodsNo: item.goodsNo,
        sources,
        updatedAt: Object.values(sources)
          .map((s) => String(s.provenance.receivedAt))
          .sort()
          .at(-1)!,
      });
    }
    for (const [key, order] of state.warehouseOrders) {
      const old = before.warehouseOrders.get(key);
      if (old === order) continue;
      const row: WarehouseOrderRow = {
        ...order,
        orderKey: key,
        fields: { ...order.fields },
        provenance: { ...order.provenance },
      };
      await upsertWarehouseOrder(db, schema, row);
      const effective = !(order.direction === 'inbound' && order.tallied);
      if (old === undefined || logPosition(old.provenance) !== logPosition(order.provenance)) {
        await replaceMovements(
          db,
          schema,
          { orderKey: key, enterprise: order.enterprise, occurredAt: order.occurredAt, effective },
          order.movements.map((m, index) => ({
            ...m,
            lineNo: index + 1,
            warehouseId: order.warehouseId ?? '',
          })),
        );
      } else {
        await setMovementsEffective(db, schema, key, effective);
      }
    }
    return [];
  },
};
