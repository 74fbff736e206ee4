import { describe, expect, it } from 'vitest';
import { figuresOf, portfolioFigureSources } from './portfolioFigures.ts';

describe('the freshness of each portfolio figure', () => {
  it('names for every figure the projection it was read from, with what that projection reflected', () => {
    const figures = figuresOf({
      collateral: { lastAppliedAt: '2026-01-01T00:00:00.000Z' },
      enterpriseData: { lastAppliedAt: '2026-01-02T00:00:00.000Z' },
    });
    expect(Object.keys(figures)).toEqual(Object.keys(portfolioFigureSources));
    expect(figures.purchaseAmount).toEqual([
      { projection: 'collateral', lastAppliedAt: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(figures.stockValue).toEqual([
      { projection: 'enterprise-data', lastAppliedAt: '2026-01-02T00:00:00.000Z' },
    ]);
    expect(figures.coverage.map((source) => source.projection)).toEqual(['collateral', 'enterprise-data']);
  });
});
