import { declareProjection } from '../declaration.ts';
import { createEnterpriseFeedTables } from './tables.ts';

/** Tax, platform sales, payment accounts, brand rankings and warehouse figures from outside providers (query spec §3). */
export const enterpriseFeedsDeclaration = declareProjection({
  name: 'enterprise-feeds',
  title: { cn: '企业外部数据', en: 'Enterprise feeds' },
  attributes: false,
  reads: [
    'taxInformation',
    'ecommerceSalesToB',
    'ecommerceSalesToC',
    'paymentAccountChange',
    'brandRanking',
    'inWarehouseData',
    'warehouseIndicators',
    'warehouseStock',
  ],
  createTables: createEnterpriseFeedTables,
  compared: [
    {
      table: 'feed_rows',
      key: 'row_key',
      hash: 'md5(row(family, enterprise, scope, period, as_of, content_sha256, content)::text)',
    },
  ],
});
