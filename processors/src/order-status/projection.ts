import { orderStatusDeclaration, orderStatusSources } from '@tradelog/projections/order-status/declaration';
import { findOrders, type OrderRow, upsertOrders } from '@tradelog/projections/order-status/tables';
import { attributedProjection } from '../documents/attributedProjection.ts';
import { enterpriseOfEvent } from '../documents/enterpriseKey.ts';
import { keyedProjection } from '../runtime/projection.ts';
import { type OrderState, orderKey, ordersOf, reduceOrderStatus } from './reducer.ts';
import { orderRow } from './rows.ts';

/** A row without the table's own columns is the order's state (one declaration, projections/src/order-status/tables.ts). */
const toState = ({ orderKey: _key, orderTime: _time, ...state }: OrderRow): OrderState => state;

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
      rows.map(([key, order]) => orderRow(key, order)),
    ),
});

/** Orders reach it attributed: directly, through the partner or an order, late ones when resolved. */
export const orderStatusProjection = attributedProjection(orderStatusBatch, { applies: orderStatusSources });
