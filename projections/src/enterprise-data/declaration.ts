import { declareProjection } from '../declaration.ts';
import { createEnterpriseDataTables } from './tables.ts';

/** Customs declarations, goods, warehouse orders and stock movements (query spec §3). */
export const enterpriseDataDeclaration = declareProjection({
  name: 'enterprise-data',
  title: { cn: '企业数据', en: 'Enterprise data' },
  reads: ['clearance', 'check', 'goods', 'synchronizeGoods', 'inbound', 'outbound', 'tally'],
  createTables: createEnterpriseDataTables,
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
  ],
  changeKinds: [],
});
