import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import { tradeDocumentTypes, withAttributionTables } from '../attribution/attributingProjection.ts';
import { attributionCompared } from '../attribution/tables.ts';
import { declareProjection } from '../declaration.ts';
import { createEnterpriseDataTables } from './tables.ts';

/** The documents enterprise data derives its rows from. */
export const enterpriseDataSources: readonly DocumentTypeId[] = [
  'clearance',
  'check',
  'goods',
  'synchronizeGoods',
  'inbound',
  'outbound',
  'tally',
];

/** Customs declarations, goods, warehouse orders and stock movements (query spec §3). */
export const enterpriseDataDeclaration = declareProjection({
  name: 'enterprise-data',
  title: { cn: '企业数据', en: 'Enterprise data' },
  attributes: true,
  // 2: a document whose order keys name two enterprises is contested and waits (processors/README.md "Attribution").
  // 3: a warehouse line without a price moves stock with no amount (null), no longer 0; goods
  // answer contractsUnit and qtpUnit only as submitted, and goodsQualityDays.
  revision: 3,
  // Every trade document: the ones it derives rows from (enterpriseDataSources), and the others
  // because they may attribute a pending inbound or tally through a business order.
  reads: tradeDocumentTypes,
  // Documents attributed through an order or waiting for one (processors/README.md, "Attribution").
  createTables: withAttributionTables(createEnterpriseDataTables),
  compared: [
    {
      table: 'declarations',
      key: 'declaration_key',
      hash: 'md5(row(owner_code, declare_code, entry_no, declare_time, fields)::text)',
    },
    { table: 'goods', key: 'goods_key', hash: 'md5(sources::text)' },
    { table: 'warehouse_orders', key: 'order_key', hash: 'md5(row(tallied, occurred_at, fields)::text)' },
    {
      table: 'stock_movements',
      key: "order_key || '/' || line_no",
      hash: 'md5(row(goods_id, batch_code, stock_type, qty, amount, effective)::text)',
    },
    ...attributionCompared,
  ],
});
