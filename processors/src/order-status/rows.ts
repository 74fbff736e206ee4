import type { OrderRow } from '@tradelog/projections/order-status/tables';
import { documentTime } from '../documents/event.ts';
import type { OrderState } from './reducer.ts';

/** The date the order queries filter on: the order time, else the latest document time, else when it was received. */
const orderTimeOf = (order: OrderState) =>
  documentTime(order.fields, 'orderTime') ??
  order.effectiveTime ??
  order.provenance.receivedAt.slice(0, 19).replace('T', ' ');

/** An order as its table row: written by the shell, and answered so by the as-of fold. */
export const orderRow = (key: string, order: OrderState): OrderRow => ({
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
