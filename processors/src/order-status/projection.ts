import { orderStatusDeclaration, orderStatusSources } from '@tradelog/projections/order-status/declaration';
import { findOrders, type OrderRow, upsertOrders } from '@tradelog/projections/order-status/tables';
import { attributedProjection } from '../documents/attributedProjection.ts';
import { enterpriseOfEvent } from '../documents/enterprise.ts';
import { documentTime } from '../documents/event.ts';
import { keyedProjection } from '../runtime/projection.ts';
import { type OrderState, orderKey, ordersOf, reduceOrderStatus } from './reducer.ts';

const toState = (row: OrderRow): OrderState => ({
  kind: row.kind as OrderState['kind'],
  enterprise: row.enterprise,
  orderNo: row.orderNo,
  status: row.status as OrderState['status'],
  effectiveTime: row.effectiveTime,
  contentSha256: row.contentSha256,
  fields: row.fields,
  provenance: row.provenance,
  history: row.history as unknown as OrderState['history'],
});

/** The date the order queries filter on: the order time, else the latest document time, else when it was received. */
const orderTimeOf = (order: OrderState) =>
  documentTime(order.fields, 'orderTime') ??
  order.effectiveTime ??
  order.provenance.receivedAt.slice(0, 19).replace('T', ' ');

const toRow = (key: string, order: OrderState): OrderRow => ({
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

const orderStatusBatch = keyedProjection<OrderState>({
  declaration: orderStatusDeclaration,
  keysOf: (event) => ordersOf(event).map((o) => orderKey(o.kind, o.enterprise, o.orderNo)),
  // An enterprise's orders are written by one batch at a time, whichever instance holds them.
  lockScopesOf: (event) => {
    const enterprise = enterpriseOfEvent(event);
    return enterprise === undefined ? [] : [`enterprise:${enterprise}`];
  },
  load: async (db, schema, keys) =>
    new Map((await findOrders(db, schema, keys)).map((row) => [row.orderKey, toState(row)])),
  reduce: reduceOrderStatus,
  save: (db, schema, rows) =>
    upsertOrders(
      db,
      schema,
      rows.map(([key, order]) => toRow(key, order)),
    ),
});

/** Orders reach it attributed: directly, through the partner or an order, late ones when resolved. */
export const orderStatusProjection = attributedProjection(orderStatusBatch, { applies: orderStatusSources });
