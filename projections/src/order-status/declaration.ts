import { declareProjection } from '../declaration.ts';
import { createOrderStatusTables } from './tables.ts';

/** Status of purchase and sales orders (submission spec §4: 10 executing, 20 completed, 30 cancelled). */
export const orderStatusDeclaration = declareProjection({
  name: 'order-status',
  title: { cn: '订单状态', en: 'Order status' },
  reads: ['purchase', 'saleOrderToB', 'saleOrderToC'],
  createTables: createOrderStatusTables,
  compared: [
    {
      table: 'orders',
      key: 'order_key',
      hash: 'md5(row(status, effective_time, content_sha256, fields, history)::text)',
    },
  ],
  changeKinds: ['order.created', 'order.status-changed', 'order.amended'],
});
