import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { batchSizes, projectionTablesPerTest, seededRandom } from '../testing/givenRecords.ts';
import { enterpriseDataProjection } from './projection.ts';
import { type EnterpriseDataState, emptyEnterpriseData, reduceEnterpriseData } from './reducer.ts';

const line = (goods: string, qty: number) => ({
  entGoodsNo: goods,
  declareQty: qty,
  goodQty: qty - 1,
  damageQty: 1,
  actualQty: qty,
  declareUnitPrice: 2,
});

/** Inbounds, tallies (of those inbounds) and outbounds, corrected and out of order (seeded). */
function documents(seed: number, count: number): DocumentEvent[] {
  const next = seededRandom(seed);
  const log = documentLog();
  return Array.from({ length: count }, () => {
    const goods = [line(`G${next(3)}`, 5 + next(20))];
    switch (next(3)) {
      case 0:
        return log('inbound', {
          customerCode: 'ENT1',
          entOrderNo: `IN${next(5)}`,
          warehouseId: 'W1',
          commitTime: '2026-02-01 10:00:00',
          goodsList: goods,
        });
      case 1:
        return log('tally', {
          customerCode: 'ENT1',
          orderNo: `T${next(5)}`,
          inboundOrderNo: `IN${next(5)}`,
          warehouseId: 'W1',
          tallyTime: '2026-02-02 10:00:00',
          goodsList: goods,
        });
      default:
        return log('outbound', {
          customerCode: 'ENT1',
          entOrderNo: `OUT${next(5)}`,
          warehouseId: 'W1',
          deliverTime: '2026-02-03 10:00:00',
          goodsList: goods,
        });
    }
  });
}

/** Stock per goods and stock type from the pure state, by the README's inventory rule. */
function expectedStock(state: EnterpriseDataState): Record<string, number> {
  const stock: Record<string, number> = {};
  for (const order of state.warehouseOrders.values()) {
    if (order.direction === 'inbound' && order.tallied) continue;
    for (const m of order.movements)
      stock[`${m.goodsId}/${m.stockType}`] = (stock[`${m.goodsId}/${m.stockType}`] ?? 0) + m.qty;
  }
  return stock;
}

describe('enterprise-data projection on Postgres', () => {
  const projectionTables = projectionTablesPerTest(enterpriseDataProjection);

  for (const seed of [5, 77]) {
    it(`given warehouse documents corrected and out of order (seed ${seed}), when applied, then stock equals the pure reducer's`, async () => {
      const events = documents(seed, 60);
      const tables = await projectionTables();
      await tables.given(events, batchSizes(seed));
      const pure = events.reduce(
        (state, event) => reduceEnterpriseData(state, event).state,
        emptyEnterpriseData(),
      );
      const rows = await tables.rows<{ slot: string; qty: string }>(
        "SELECT goods_id || '/' || stock_type AS slot, sum(qty) AS qty FROM {schema}.stock_movements WHERE effective GROUP BY 1",
      );
      const expected = Object.fromEntries(Object.entries(expectedStock(pure)).filter(([, qty]) => qty !== 0));
      const actual = Object.fromEntries(
        rows.map((r) => [r.slot, Number(r.qty)]).filter(([, qty]) => qty !== 0),
      );
      expect(actual).toEqual(expected);
      const tallied = await tables.rows<{ order_no: string }>(
        "SELECT order_no FROM {schema}.warehouse_orders WHERE direction = 'inbound' AND tallied ORDER BY 1",
      );
      expect(tallied.map((r) => r.order_no)).toEqual(
        [...pure.warehouseOrders.values()]
          .filter((o) => o.direction === 'inbound' && o.tallied)
          .map((o) => o.orderNo)
          .sort(),
      );
      expect(tallied.length).toBeGreaterThan(0);
    });
  }
});
