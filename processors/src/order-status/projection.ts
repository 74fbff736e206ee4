import { findOrders, type OrderRow, upsertOrder } from '@tradelog/projections/order-status/tables';
import { documentTime } from '../documents/event.ts';
import type { Projection } from '../runtime/projection.ts';
import { type OrderState, orderKey, ordersOf, reduceOrderStatus } from './reducer.ts';

const toState = (row: OrderRow): OrderState => ({
  kind: row.kind as OrderState['kind'],
  enterprise: row.enterprise,
  orderNo: row.orderNo,
  status: row.status as OrderState['status'],
  effectiveTime: row.effectiveTime,
  contentSha256: row.contentSha256,
  fields: row.fields,
  provenance: row.provenance as unknown as OrderState['provenance'],
  history: row.history as unknown as OrderState['history'],
});

/** The date the order queries filter on: the order time, else the latest document time, else when it was received. */
const orderTimeOf = (order: OrderState) =>
  documentTime(order.fields, 'orderTime') ??
  order.effectiveTime ??
  order.provenance.receivedAt.slice(0, 19).replace('T', ' ');

export const orderStatusProjection: Projection = {
  name: 'order-status',
  async apply(db, schema, event) {
    const keys = ordersOf(event).map((o) => orderKey(o.kind, o.enterprise, o.orderNo));
    if (keys.length === 0) return [];
    const rows = await findOrders(db, schema, keys);
    const before = new Map(rows.map((row) => [row.orderKey, toState(row)]));
    const { state, changes } = reduceOrderStatus(before, event);
    for (const [key, order] of state) {
      if (before.get(key) === order) continue;
      await upsertOrder(db, schema, {
        orderKey: key,
        kind: order.kind,
        enterprise: order.enterprise,
        orderNo: order.orderNo,
        status: order.status,
        effectiveTime: order.effectiveTime,
        orderTime: orderTimeOf(order),
        contentSha256: order.contentSha256,
        fields: { ...order.fields },
        provenance: { ...order.provenance },
        history: order.history.map((entry) => ({ ...entry })),
      });
    }
    return changes;
  },
};
