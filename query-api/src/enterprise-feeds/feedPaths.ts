import { queryPath } from '../reads/requests.ts';

/**
 * The enterprise-feed queries (query spec §3, §5, §7) over the enterprise-feeds projection:
 * in-warehouse data, warehouse operating indicators (deprecated), payment account monitor,
 * brand ranking, e-commerce sales to business and to consumer in the `{flag, code, message}`
 * envelope, and tax information in the tax convention (§8: `result` 000000 or an error code,
 * `resultmsg`). Lender keys read the enterprises they list; brand rankings are market data
 * that any lender key reads. Decisions where the spec is silent are in query-api/README.md.
 */
export const enterpriseFeedPaths = {
  inWarehouseData: queryPath('inWarehouseData'),
  warehouseIndicators: queryPath('warehouseIndicators'),
  paymentAccountMonitor: queryPath('paymentAccountMonitor'),
  brandRanking: queryPath('brandRanking'),
  ecommerceSalesToB: queryPath('ecommerceSalesToB'),
  ecommerceSalesToC: queryPath('ecommerceSalesToC'),
  /** Answered in the tax convention (http/answers.ts). */
  taxInformation: queryPath('taxInformation'),
} as const;
