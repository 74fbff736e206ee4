import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { monthlyOrderCountsAsOf, ordersAsOf, type RecordAsOf } from './asOf.ts';

const log = documentLog();
const purchase = (entOrderNo: string, orderStatus: string, orderTime: string) =>
  log('purchase', { customerCode: 'ENT1', entOrderNo, orderStatus, orderTime });
const placed = purchase('PO1', '10', '2024-03-05 10:00:00');
const second = purchase('PO2', '10', '2024-04-01 09:00:00');
const received = purchase('PO1', '20', '2024-03-05 10:00:00');
const reopened = log('purchase', {
  customerCode: 'ENT1',
  entOrderNo: 'PO1',
  orderStatus: '10',
  orderTime: '2024-03-05 10:00:00',
  remark: 'reopened',
});

const indexed = (...events: DocumentEvent[]): RecordAsOf[] =>
  events.map((event) => ({ event, enterprise: 'ENT1' }));
const march = {
  kind: 'purchase',
  enterprise: 'ENT1',
  beginDate: '2024-03-01',
  endDate: '2024-03-31',
  limit: 10,
  offset: 0,
};

describe('orders as of a moment', () => {
  it('given the order records received by then, when folded, then each order has the status its rules gave then', () => {
    expect(ordersAsOf(indexed(placed), march).orders.map((o) => o.status)).toEqual(['10']);
    const later = ordersAsOf(indexed(placed, received, reopened), march).orders[0]!;
    // A completed order is terminal: the later executing document is recorded, not applied.
    expect(later.status).toBe('20');
    expect(later.history.map((entry) => entry.outcome)).toEqual(['applied', 'applied', 'rejected-terminal']);
  });

  it('filters by order time, number and kind, and pages in the order orders were first received', () => {
    const all = { ...march, endDate: '2024-12-31' };
    // In log order, whatever order the index handed the records over in.
    expect(ordersAsOf(indexed(second, placed), all).orders.map((o) => o.orderNo)).toEqual(['PO1', 'PO2']);
    expect(ordersAsOf(indexed(second, placed), march).total).toBe(1);
    expect(ordersAsOf(indexed(second, placed), { ...all, orderNo: 'PO2' }).orders).toHaveLength(1);
    expect(ordersAsOf(indexed(second, placed), { ...all, kind: 'saleOrderToB' }).total).toBe(0);
    expect(ordersAsOf(indexed(second, placed), { ...all, limit: 1, offset: 1 })).toMatchObject({
      total: 2,
      orders: [{ orderNo: 'PO2' }],
    });
  });

  it('counts the orders placed per month and kind for the trend', () => {
    expect(
      monthlyOrderCountsAsOf(indexed(placed, second, received), {
        enterprise: 'ENT1',
        fromMonth: '2024-01',
        toMonth: '2024-12',
      }),
    ).toEqual([
      { month: '2024-03', kind: 'purchase', orders: 1 },
      { month: '2024-04', kind: 'purchase', orders: 1 },
    ]);
    expect(
      monthlyOrderCountsAsOf(indexed(placed, second), {
        enterprise: 'ENT1',
        fromMonth: '2024-04',
        toMonth: '2024-04',
      }),
    ).toEqual([{ month: '2024-04', kind: 'purchase', orders: 1 }]);
  });
});
