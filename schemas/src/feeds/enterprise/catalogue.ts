import type { JsonSchema } from '../../documents/json-schema.ts';
import { brandRankingSchema } from './brand-ranking.ts';
import { ecommerceSalesToBSchema, ecommerceSalesToCSchema } from './ecommerce-sales.ts';
import { paymentAccountChangeSchema } from './payment-accounts.ts';
import { taxInformationSchema } from './tax.ts';
import { inWarehouseDataSchema, warehouseIndicatorsSchema } from './warehouse.ts';
import { warehouseStockSchema } from './warehouse-stock.ts';

/**
 * The enterprise feeds (ARCHITECTURE "Feeds are documents too"): data the query spec shows
 * coming from outside providers — tax data services, e-commerce platforms, ranking agencies,
 * warehouse operators — submitted through ingest like any document, to topics of their own,
 * kept forever. A connector fetching from a provider's API appends the same documents.
 * Paths: `/api/v2/feed/enterprise/<type>`.
 */
export type EnterpriseFeedTypeId =
  | 'taxInformation'
  | 'ecommerceSalesToB'
  | 'ecommerceSalesToC'
  | 'paymentAccountChange'
  | 'brandRanking'
  | 'inWarehouseData'
  | 'warehouseIndicators'
  | 'warehouseStock';

export interface EnterpriseFeed {
  id: EnterpriseFeedTypeId;
  path: string;
  keyField: string;
  schema: JsonSchema;
}

const feed = (id: EnterpriseFeedTypeId, keyField: string, schema: JsonSchema): EnterpriseFeed => ({
  id,
  path: `/api/v2/feed/enterprise/${id}`,
  keyField,
  schema,
});

/** Keyed by the enterprise (the taxpayer, the owner) so one enterprise's feed stays in order; rankings by period. */
export const enterpriseFeeds: readonly EnterpriseFeed[] = [
  feed('taxInformation', 'nsrsbh', taxInformationSchema),
  feed('ecommerceSalesToB', 'enterpriseId', ecommerceSalesToBSchema),
  feed('ecommerceSalesToC', 'enterpriseId', ecommerceSalesToCSchema),
  feed('paymentAccountChange', 'enterpriseId', paymentAccountChangeSchema),
  feed('brandRanking', 'dataMonth', brandRankingSchema),
  feed('inWarehouseData', 'enterpriseId', inWarehouseDataSchema),
  feed('warehouseIndicators', 'enterpriseCode', warehouseIndicatorsSchema),
  feed('warehouseStock', 'customerCode', warehouseStockSchema),
];

export const enterpriseFeedTypeIds: readonly EnterpriseFeedTypeId[] = enterpriseFeeds.map((f) => f.id);
