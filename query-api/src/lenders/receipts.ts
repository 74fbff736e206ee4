import type { PortfolioFinancing } from '@tradelog/projections/collateral/tables';

/**
 * The warehouse receipts a portfolio's financings hold, each its inbound document (record key on
 * its topic) of the financing's enterprise: what the stock behind them is read for, live or as of
 * a moment (query-api/README.md "Portfolio").
 */
export const receiptsOf = (financings: readonly PortfolioFinancing[]) =>
  financings.flatMap((financing) =>
    financing.pieces
      .filter((piece) => piece.kind === 'warehouseReceipt')
      .map((piece) => ({
        enterprise: financing.enterprise,
        topic: piece.provenance.topic,
        recordKey: piece.provenance.recordKey ?? piece.provenance.documentId,
      })),
  );
