import type { PortfolioFinancing } from '@tradelog/projections/collateral/queries';

/**
 * The warehouse receipts a portfolio's financings hold, each its inbound document (record key on
 * its topic) of the financing's enterprise, once: what the stock behind them is read for, live or
 * as of a moment (query-api/README.md "Portfolio"). A receipt two financings hold (a reuse) is
 * read once, or its lines would come back twice and each financing's stock would count double.
 */
export function receiptsOf(financings: readonly PortfolioFinancing[]) {
  const receipts = new Map<string, { enterprise: string; topic: string; recordKey: string }>();
  for (const financing of financings)
    for (const piece of financing.pieces) {
      if (piece.kind !== 'warehouseReceipt') continue;
      const receipt = {
        enterprise: financing.enterprise,
        topic: piece.provenance.topic,
        recordKey: piece.provenance.recordKey ?? piece.provenance.documentId,
      };
      receipts.set(JSON.stringify([receipt.enterprise, receipt.topic, receipt.recordKey]), receipt);
    }
  return [...receipts.values()];
}
