/**
 * The lender's portfolio answer (query-api `GET /open/portfolio`, query-api/README.md
 * "Portfolio"): its open financings, alerts first, then the lowest coverage. Not a spec
 * interface, so not in the query catalogue; query-api builds these rows
 * (query-api/src/lenders/portfolio.ts, alerts.ts) and the lender console shows them.
 */

/** The document that caused an alert, as far as the projection recorded it. */
export interface AlertDocument {
  documentType: string | null;
  documentId: string | null;
  receivedAt: string | null;
}

/**
 * An open alert of a financing (processors/README.md "Release and coverage alerts"): a piece of
 * its collateral released, or its coverage below the lender's threshold since `since` (null when
 * the threshold was set after the fall).
 */
export type PortfolioAlert =
  | {
      kind: 'collateral.released';
      at: string;
      collateral: { kind: string; warehouse: string | null; number: string };
      cause: string;
      document: AlertDocument;
    }
  | {
      kind: 'coverage.low';
      since: string | null;
      threshold: number;
      coverage: number;
      document: AlertDocument;
    };

/** One financing of the answer's `dataList`. */
export interface PortfolioRow {
  customerCode: string;
  financingOrderNo: string;
  firstSeen: string;
  /** Another open financing holds one of its pieces. */
  alerted: boolean;
  alerts: PortfolioAlert[];
  /** Each purchase naming it, as its latest document states it. */
  purchases: {
    purchaseOrderNo: string;
    purchaseAmount: unknown;
    currency: unknown;
    orderStatus: unknown;
    final: boolean;
  }[];
  /** The chain's three documents received last, newest first. */
  latestEvents: { documentType: string; businessKey: string; receivedAt: string }[];
  /** Its pieces; a warehouse receipt with the stock still behind it. */
  collateral: {
    kind: 'billOfLading' | 'warehouseReceipt' | 'contract';
    number: string;
    warehouse: string | null;
    stock?: { qty: number; value: number; unpricedLines: number };
  }[];
  /** The purchases' amounts added; null when one states none. */
  purchaseAmount: number | null;
  stockValue: number;
  unpricedLines: number;
  /** Stock value over purchase amount; null without a purchase amount. */
  coverage: number | null;
}
