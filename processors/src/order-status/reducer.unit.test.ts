import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { type OrderStatusState, orderKey, reduceOrderStatus } from './reducer.ts';

const purchase = (orderStatus: string, extra: Record<string, unknown> = {}) => ({
  customerCode: 'ENT1',
  entOrderNo: 'PO1',
  orderTime: '2026-01-01 08:00:00',
  purchaseAmount: 100,
  orderStatus,
  ...extra,
});

function given(events: DocumentEvent[]): OrderStatusState {
  return events.reduce<OrderStatusState>((state, event) => reduceOrderStatus(state, event).state, new Map());
}

const key = orderKey('purchase', 'ENT1', 'PO1');

describe('order status reducer', () => {
  it('given nothing, when an executing purchase arrives, then the order is executing and a created event is emitted', () => {
    const log = documentLog();
    const event = log('purchase', purchase('10'));
    const { state, changes } = reduceOrderStatus(new Map(), event);
    expect(state.get(key)).toMatchObject({ status: '10', effectiveTime: '2026-01-01 08:00:00' });
    expect(state.get(key)?.history.map((h) => h.outcome)).toEqual(['applied']);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ kind: 'order.created', enterprise: 'ENT1', subject: 'purchase/PO1' });
  });

  it('given executing, when completed arrives, then the status changes with history', () => {
    const log = documentLog();
    const state = given([log('purchase', purchase('10'))]);
    const { state: next, changes } = reduceOrderStatus(
      state,
      log('purchase', purchase('20', { inboundTime: '2026-01-03 10:00:00' })),
    );
    expect(next.get(key)?.status).toBe('20');
    expect(next.get(key)?.history.map((h) => [h.status, h.outcome])).toEqual([
      ['10', 'applied'],
      ['20', 'applied'],
    ]);
    expect(changes.map((c) => [c.kind, c.data])).toEqual([
      ['order.status-changed', { kind: 'purchase', orderNo: 'PO1', from: '10', to: '20' }],
    ]);
  });

  it('given completed, when a late executing arrives, then it is recorded as rejected and not applied', () => {
    const log = documentLog();
    const state = given([
      log('purchase', purchase('10')),
      log('purchase', purchase('20', { inboundTime: '2026-01-03 10:00:00' })),
    ]);
    const { state: next, changes } = reduceOrderStatus(
      state,
      log('purchase', purchase('10', { payTime: '2026-01-04 00:00:00' })),
    );
    expect(next.get(key)?.status).toBe('20');
    expect(next.get(key)?.history.at(-1)).toMatchObject({ status: '10', outcome: 'rejected-terminal' });
    expect(changes).toEqual([]);
  });

  it('given completed, when cancelled arrives, then completed stays (both are terminal)', () => {
    const log = documentLog();
    const state = given([log('purchase', purchase('20'))]);
    const { state: next } = reduceOrderStatus(state, log('purchase', purchase('30')));
    expect(next.get(key)?.status).toBe('20');
    expect(next.get(key)?.history.at(-1)?.outcome).toBe('rejected-terminal');
  });

  it('given an order, when an identical document is resubmitted, then nothing changes at all', () => {
    const log = documentLog();
    const state = given([log('purchase', purchase('10'))]);
    const result = reduceOrderStatus(state, log('purchase', purchase('10')));
    expect(result.state).toBe(state);
    expect(result.changes).toEqual([]);
  });

  it('given an order, when the same record is redelivered, then nothing changes', () => {
    const log = documentLog();
    const event = log('purchase', purchase('10'));
    const state = given([event]);
    expect(reduceOrderStatus(state, event).state).toBe(state);
  });

  it('given a rejected late document, when it is resubmitted identically, then the history does not grow', () => {
    const log = documentLog();
    const state = given([
      log('purchase', purchase('20')),
      log('purchase', purchase('10', { payTime: '2026-01-02 00:00:00' })),
    ]);
    const result = reduceOrderStatus(
      state,
      log('purchase', purchase('10', { payTime: '2026-01-02 00:00:00' })),
    );
    expect(result.state).toBe(state);
  });

  it('given executing with a later time, when an out-of-order older executing arrives, then it is rejected as stale', () => {
    const log = documentLog();
    const state = given([
      log('purchase', purchase('10', { payTime: '2026-01-05 00:00:00', purchaseAmount: 120 })),
    ]);
    const { state: next, changes } = reduceOrderStatus(
      state,
      log('purchase', purchase('10', { payTime: '2026-01-02 00:00:00' })),
    );
    expect(next.get(key)?.fields.purchaseAmount).toBe(120);
    expect(next.get(key)?.history.at(-1)?.outcome).toBe('rejected-stale');
    expect(changes).toEqual([]);
  });

  it('given executing, when a newer executing with other fields arrives, then it is amended', () => {
    const log = documentLog();
    const state = given([log('purchase', purchase('10'))]);
    const { state: next, changes } = reduceOrderStatus(
      state,
      log('purchase', purchase('10', { purchaseAmount: 150 })),
    );
    expect(next.get(key)?.fields.purchaseAmount).toBe(150);
    expect(changes.map((c) => c.kind)).toEqual(['order.amended']);
  });

  it('tracks each order of a sale-to-consumer document separately', () => {
    const log = documentLog();
    const { state } = reduceOrderStatus(
      new Map(),
      log('saleOrderToC', {
        customerCode: 'ENT2',
        orderList: [
          { entOrderNo: 'C1', orderStatus: '10', orderTime: '2026-01-01 00:00:00' },
          { entOrderNo: 'C2', orderStatus: '30', orderTime: '2026-01-01 00:00:00' },
        ],
      }),
    );
    expect(state.get(orderKey('saleOrderToC', 'ENT2', 'C1'))?.status).toBe('10');
    expect(state.get(orderKey('saleOrderToC', 'ENT2', 'C2'))?.status).toBe('30');
  });

  it('ignores orders without an enterprise', () => {
    const log = documentLog();
    const { state } = reduceOrderStatus(new Map(), log('purchase', { entOrderNo: 'X', orderStatus: '10' }));
    expect(state.size).toBe(0);
  });

  it('given an order without a status, then it is tracked as none; a later status applies, and a later statusless document keeps it (rule 5)', () => {
    const log = documentLog();
    const { orderStatus: _none, ...statusless } = purchase('10');
    const created = reduceOrderStatus(new Map(), log('purchase', statusless));
    expect(created.state.get(key)?.status).toBe('none');
    expect(created.changes.map((c) => c.kind)).toEqual(['order.created']);
    const executing = reduceOrderStatus(
      created.state,
      log('purchase', purchase('10', { purchaseAmount: 120 })),
    );
    expect(executing.state.get(key)?.status).toBe('10');
    expect(executing.changes[0]?.data).toMatchObject({ from: 'none', to: '10' });
    const amended = reduceOrderStatus(
      executing.state,
      log('purchase', { ...statusless, purchaseAmount: 130 }),
    );
    expect(amended.state.get(key)?.status).toBe('10');
    expect(amended.state.get(key)?.fields.purchaseAmount).toBe(130);
    expect(amended.changes.map((c) => c.kind)).toEqual(['order.amended']);
  });

  it('gives a change the same id when the same record is applied again from scratch (replay)', () => {
    const log = documentLog();
    const event = log('purchase', purchase('10'));
    const first = reduceOrderStatus(new Map(), event).changes[0]!;
    const replay = reduceOrderStatus(new Map(), event).changes[0]!;
    expect(replay.eventId).toBe(first.eventId);
    const other = reduceOrderStatus(new Map(), log('purchase', purchase('10'))).changes[0]!;
    expect(other.eventId).not.toBe(first.eventId);
  });
});

describe('order status reducer, rule 6 (an operator retry of a dead letter)', () => {
  it('given an order applied from a newer document, when an older document is retried, then nothing changes and it is superseded', () => {
    const log = documentLog();
    // Without document times log order decides (rule 3): the retried one is older.
    const older = log('purchase', purchase('10', { orderTime: undefined, purchaseAmount: 90 }), {
      offset: 1,
    });
    const newer = log('purchase', purchase('10', { orderTime: undefined, purchaseAmount: 120 }), {
      offset: 2,
    });
    const state = given([newer]);

    const result = reduceOrderStatus(state, older);

    expect(result).toEqual({ state, changes: [], superseded: true });
    expect(state.get(key)?.fields.purchaseAmount).toBe(120);
  });
});
