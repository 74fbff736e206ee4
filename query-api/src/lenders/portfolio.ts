import { findPortfolio, type PortfolioFinancing } from '@tradelog/projections/collateral/queries';
import { financingKeyOf } from '@tradelog/projections/collateral/tables';
import { findReceiptLines, type ReceiptLine } from '@tradelog/projections/enterprise-data/queries';
import type { PortfolioAlert, PortfolioAnswer, PortfolioRow } from '@tradelog/schemas/queries/portfolio';
import { Router } from 'express';
import type pg from 'pg';
import { asOfOf, type RecordSource, recordSourceOf } from '../reads/asOf.ts';
import { callerOf } from '../reads/auth.ts';
import { handle, readLive, sendSuccess, wantsOffsets } from '../reads/respond.ts';
import { readPortfolioAlerts } from './alerts.ts';
import { readPortfolioAsOf } from './portfolioAsOf.ts';
import { figuresOf } from './portfolioFigures.ts';
import { receiptsOf } from './receipts.ts';

/**
 * The lender's portfolio (query-api/README.md "Portfolio"): `GET /open/portfolio`, every open
 * financing of the enterprises the key is granted, each with its purchases and their status, its
 * chain's latest documents, its collateral with the stock still in the warehouse behind each
 * warehouse receipt, and the coverage of that stock's value to the purchase amount; alerts
 * first, then the lowest coverage.
 */
export const portfolioPath = '/open/portfolio';

/** At most this many financings in one answer. */
export const portfolioLimit = 200;

const numeric = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};

const receiptOf = (enterprise: string, provenance: { topic?: string; recordKey?: string | null }) =>
  JSON.stringify([enterprise, provenance.topic ?? '', provenance.recordKey ?? '']);

/**
 * Stock behind a receipt, line by line: what is left of each line's goods and lot in its
 * warehouse (never more than the line brought in, never below 0), valued at the line's own price;
 * a line that states no price adds nothing to the value and is counted as unpriced.
 */
export function stockBehind(lines: readonly ReceiptLine[]) {
  let qty = 0;
  let value = 0;
  let unpricedLines = 0;
  for (const line of lines) {
    const left = Math.max(0, Math.min(line.onHand, line.qty));
    qty += left;
    if (line.amount === null) {
      if (left > 0) unpricedLines++;
    } else if (line.qty > 0) value += (line.amount * left) / line.qty;
  }
  return { qty, value: Math.round(value * 100) / 100, unpricedLines };
}

/**
 * The answer's rows, sorted: open alerts first (reuse, and the release and low-coverage alerts of
 * alerts.ts), then the lowest coverage (unknown first). Pure.
 */
export function portfolioRows(
  financings: readonly PortfolioFinancing[],
  lines: readonly ReceiptLine[],
  alertsOf: ReadonlyMap<string, PortfolioAlert[]> = new Map(),
): PortfolioRow[] {
  const linesOf = new Map<string, ReceiptLine[]>();
  for (const line of lines) {
    const key = receiptOf(line.enterprise, line);
    linesOf.set(key, [...(linesOf.get(key) ?? []), line]);
  }
  const rows = financings.map((financing): PortfolioRow => {
    const amounts = financing.purchases.map((purchase) => numeric(purchase.purchaseAmount));
    const purchaseAmount = amounts.every((amount) => amount !== undefined)
      ? amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0)
      : null;
    const collateral = financing.pieces.map((piece) => ({
      kind: piece.kind,
      number: piece.number,
      warehouse: piece.warehouse,
      ...(piece.kind === 'warehouseReceipt'
        ? { stock: stockBehind(linesOf.get(receiptOf(financing.enterprise, piece.provenance)) ?? []) }
        : {}),
    }));
    const stocks = collateral.flatMap((piece) => (piece.stock ? [piece.stock] : []));
    const stockValue = stocks.reduce((sum, stock) => sum + stock.value, 0);
    const unpricedLines = stocks.reduce((sum, stock) => sum + stock.unpricedLines, 0);
    return {
      customerCode: financing.enterprise,
      financingOrderNo: financing.financingNo,
      firstSeen: financing.firstSeen,
      alerted: financing.alerted,
      alerts: alertsOf.get(financingKeyOf(financing.enterprise, financing.financingNo)) ?? [],
      purchases: financing.purchases,
      latestEvents: financing.latestEvents,
      collateral,
      purchaseAmount,
      stockValue: Math.round(stockValue * 100) / 100,
      unpricedLines,
      coverage: purchaseAmount ? Math.round((stockValue / purchaseAmount) * 10_000) / 10_000 : null,
    };
  });
  return rows.sort(
    (a, b) =>
      Number(b.alerted || b.alerts.length > 0) - Number(a.alerted || a.alerts.length > 0) ||
      (a.coverage ?? Number.NEGATIVE_INFINITY) - (b.coverage ?? Number.NEGATIVE_INFINITY) ||
      (a.customerCode < b.customerCode ? -1 : a.customerCode > b.customerCode ? 1 : 0) ||
      (a.financingOrderNo < b.financingOrderNo ? -1 : a.financingOrderNo > b.financingOrderNo ? 1 : 0),
  );
}

export function createPortfolioRouter(deps: { pool: pg.Pool; records?: Partial<RecordSource> }): Router {
  const router = Router();
  const source = recordSourceOf(deps.records);
  router.get(
    portfolioPath,
    handle(async (req, res) => {
      const caller = callerOf(res);
      const enterprises =
        caller.kind === 'operator' || caller.enterprises.includes('*') ? null : [...caller.enterprises];
      const asOf = asOfOf(req, Date.now());
      if (asOf !== undefined) {
        const granted = (enterprise: string) => enterprises === null || enterprises.includes(enterprise);
        const then = await readPortfolioAsOf(
          { pool: deps.pool, source },
          { enterprises, limit: portfolioLimit, granted },
          asOf,
        );
        // The alerts then need the coverage then: the rows once without them, for it.
        const coverageThen = new Map(
          portfolioRows(then.financings, then.lines).map((row) => [
            financingKeyOf(row.customerCode, row.financingOrderNo),
            row.coverage,
          ]),
        );
        const alerts = await readPortfolioAlerts(deps.pool, caller, then.financings, {
          at: asOf,
          coverageOf: (key) => coverageThen.get(key) ?? null,
        });
        sendSuccess(res, {
          dataList: portfolioRows(then.financings, then.lines, alerts),
          asOf: then.asOf,
          figures: figuresOf(then.reflected),
          freshness: then.freshness,
        } satisfies PortfolioAnswer);
        return;
      }
      // Offsets on request: a figure then names the log position it reflects (portfolioFigures.ts).
      const offsets = { offsets: wantsOffsets(req) };
      const financings = await readLive(
        deps.pool,
        'collateral',
        (schema, db) => findPortfolio(db, schema, { enterprises, limit: portfolioLimit }),
        offsets,
      );
      const lines = await readLive(
        deps.pool,
        'enterprise-data',
        (schema, db) => findReceiptLines(db, schema, receiptsOf(financings.result)),
        offsets,
      );
      const alerts = await readPortfolioAlerts(deps.pool, caller, financings.result);
      const freshness = { collateral: financings.freshness, enterpriseData: lines.freshness };
      sendSuccess(res, {
        dataList: portfolioRows(financings.result, lines.result, alerts),
        figures: figuresOf(freshness),
        freshness,
      } satisfies PortfolioAnswer);
    }),
  );
  return router;
}
