import type { PortfolioFigure } from '@tradelog/schemas/queries/portfolio';

/**
 * The freshness of each portfolio figure (query-api/README.md "Portfolio"): a row's figures are
 * read from two projections, so the answer's `figures` names, for each, what it reflects — the
 * freshness of the projection it was read from (README "Freshness"; with `?offsets=true` the next
 * offset per partition), or as of a moment the records replayed and their last positions.
 * Pure: one entry per source per figure, in the order listed.
 */
export type FigureSource = 'collateral' | 'enterpriseData';

export const portfolioFigureSources = {
  purchases: ['collateral'],
  purchaseAmount: ['collateral'],
  latestEvents: ['collateral'],
  alerted: ['collateral'],
  alerts: ['collateral'],
  collateral: ['collateral'],
  'collateral.stock': ['enterpriseData'],
  stockValue: ['enterpriseData'],
  unpricedLines: ['enterpriseData'],
  coverage: ['collateral', 'enterpriseData'],
} as const satisfies Record<PortfolioFigure, readonly FigureSource[]>;

// The figures are the portfolio answer's (schemas/src/queries/portfolio.ts): the list above names each once.
export type { PortfolioFigure };

/** Each figure with what its sources reflect, each named by its projection. */
export function figuresOf<T extends object>(
  sources: Record<FigureSource, T>,
): Record<PortfolioFigure, (T & { projection: string })[]> {
  const projectionOf = { collateral: 'collateral', enterpriseData: 'enterprise-data' } as const;
  return Object.fromEntries(
    Object.entries(portfolioFigureSources).map(([figure, from]) => [
      figure,
      from.map((source) => ({ projection: projectionOf[source], ...sources[source] })),
    ]),
  ) as Record<PortfolioFigure, (T & { projection: string })[]>;
}
