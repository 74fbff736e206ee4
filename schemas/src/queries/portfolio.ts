import type { AsOfReflected, Freshness } from './freshness.ts';

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

/** The figures of a row whose sources the answer's `figures` names (query-api/src/lenders/portfolioFigures.ts). */
export type PortfolioFigure =
  | 'purchases'
  | 'purchaseAmount'
  | 'latestEvents'
  | 'alerted'
  | 'alerts'
  | 'collateral'
  | 'collateral.stock'
  | 'stockValue'
  | 'unpricedLines'
  | 'coverage';

/** Where a figure was read from: a projection, with that read's freshness or, as of a moment, what was replayed. */
export type FigureOrigin = { projection: string } & (Freshness | { asOf: AsOfReflected });

/**
 * What `GET /open/portfolio` answers: its financings (`dataList`), what each figure was read from
 * (`figures`), the freshness of its reads (as of a moment: of the document index its replays were
 * found through), and as of a moment what it reflects (`asOf`).
 */
export type PortfolioAnswer = {
  dataList: PortfolioRow[];
  figures: Record<PortfolioFigure, FigureOrigin[]>;
  freshness: { collateral: Freshness; enterpriseData: Freshness } | { documentIndex: Freshness };
  asOf?: AsOfReflected;
};
