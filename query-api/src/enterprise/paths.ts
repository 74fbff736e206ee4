import { queryPath } from '../reads/requests.ts';

/**
 * Enterprise data queries (query spec §3, §5, §7, §9) over the order-status and enterprise-data
 * projections. Paths the spec does not give are ours, listed in query-api/README.md.
 */
export const enterprisePaths = {
  purchase: queryPath('purchaseOrders'),
  saleOrderToB: queryPath('salesToBusiness'),
  saleOrderToC: queryPath('salesToConsumer'),
  customs: queryPath('customsDeclarations'),
  goods: queryPath('goods'),
  inventory: queryPath('inventory'),
  warehouseSummary: queryPath('warehouseSummary'),
  inboundDetails: queryPath('inboundDetails'),
  outboundDetails: queryPath('outboundDetails'),
  trend: queryPath('enterpriseTrend'),
} as const;
