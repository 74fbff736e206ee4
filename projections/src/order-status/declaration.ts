import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import { tradeDocumentTypes, withAttributionTables } from '../attribution/attributingProjection.ts';
import { attributionCompared } from '../attribution/tables.ts';
import { declareProjection } from '../declaration.ts';
import { createOrderStatusTables } from './tables.ts';

/** The documents order status derives its rows from. */
export const orderStatusSources: readonly DocumentTypeId[] = ['purchase', 'saleOrderToB', 'saleOrderToC'];

/** Status of purchase and sales orders (submission spec §4: 10 executing, 20 completed, 30 cancelled). */
export const orderStatusDeclaration = declareProjection({
  name: 'order-status',
  title: { cn: '订单状态', en: 'Order status' },
  attributes: true,
  // 2: a document whose order keys name two enterprises is contested and waits (processors/README.md "Attribution").
  revision: 2,
  // Every trade document: the orders, and the others because their order keys may attribute an
  // order that names no enterprise (processors/README.md, "Attribution").
  reads: tradeDocumentTypes,
  createTables: withAttributionTables(createOrderStatusTables),
  compared: [
    {
      table: 'orders',
      key: 'order_key',
      hash: 'md5(row(status, effective_time, content_sha256, fields, history)::text)',
    },
    ...attributionCompared,
  ],
});
