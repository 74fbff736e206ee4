import type { QueryTypeId } from './catalogue.ts';

/**
 * The queries a lender asks of an enterprise's data (query spec §3, §5, §7; query-api/README.md
 * "Lender queries"), by the projection that answers them. The lender console offers them, and
 * the OpenAPI document says which answer as of a moment.
 */

/** An enterprise's documents as the order-status and enterprise-data projections hold them. */
export const enterpriseQueryIds = [
  'purchaseOrders',
  'salesToBusiness',
  'salesToConsumer',
  'customsDeclarations',
  'goods',
  'inventory',
  'warehouseSummary',
  'inboundDetails',
  'outboundDetails',
  'enterpriseTrend',
] as const satisfies readonly QueryTypeId[];

/** The providers' enterprise feeds as the enterprise-feeds projection holds them. */
export const enterpriseFeedQueryIds = [
  'inWarehouseData',
  'warehouseIndicators',
  'paymentAccountMonitor',
  'brandRanking',
  'ecommerceSalesToB',
  'ecommerceSalesToC',
  'taxInformation',
] as const satisfies readonly QueryTypeId[];
