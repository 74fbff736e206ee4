import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { batchSizes, projectionTablesPerTest, seededRandom } from '../testing/givenRecords.ts';
import { orderStatusProjection } from './projection.ts';
import { type OrderStatusState, reduceOrderStatus } from './reducer.ts';

/** Resubmissions of a few orders with shuffled statuses and times, duplicates included (seeded). */
function documents(seed: number, count: number): DocumentEvent[] {
  const next = seededRandom(seed);
  const log = documentLog();
  return Array.from({ length: count }, () => {
    const status = ['10', '10', '20', '30'][next(4)]!;
    const day = String(1 + next(9)).padStart(2, '0');
    if (next(3) === 0) {
      return log('saleOrderToC', {
        customerCode: 'ENT1',
        orderList: [
          {
            entOrderNo: `C${next(3)}`,
            orderStatus: status,
            orderTime: '2026-01-01 00:00:00',
            deliveryTime: `2026-01-${day} 10:00:00`,
          },
        ],
      });
    }
    return log('purchase', {
      customerCode: `ENT${next(2)}`,
      entOrderNo: `PO${next(4)}`,
      orderStatus: status,
      orderTime: '2026-01-01 00:00:00',
      payTime: `2026-01-${day} 10:00:00`,
    });
  });
}

describe('order-status projection on Postgres', () => {
  const projectionTables = projectionTablesPerTest(orderStatusProjection);

  for (const seed of [3, 99]) {
    it(`given resubmissions in any order (seed ${seed}), when applied in batches of random sizes, then rows and history equal the pure reducer's`, async () => {
      const events = documents(seed, 80);
      const tables = await projectionTables();
      const changes = await tables.given(events, batchSizes(seed));
      const expected = events.reduce<OrderStatusState>(
        (state, event) => reduceOrderStatus(state, event).state,
        new Map(),
      );
      const rows = await tables.rows<{
        order_key: string;
        status: string;
        history: { outcome: string; position: string }[];
      }>('SELECT order_key, status, history FROM {schema}.orders');
      const summary = (
        key: string,
        status: string,
        history: readonly { outcome: string; position: string }[],
      ) => [key, status, history.map((h) => `${h.outcome}@${h.position}`)];
      expect(rows.map((r) => summary(r.order_key, r.status, r.history)).sort()).toEqual(
        [...expected].map(([key, order]) => summary(key, order.status, order.history)).sort(),
      );
      expect(changes.length).toBeGreaterThan(0);
      expect(rows.some((r) => r.history.some((h) => h.outcome.startsWith('rejected')))).toBe(true);
    });
  }
});
