import { describe, expect, it } from 'vitest';
import { alertLabels, coveragePercent, createPortfolioStore, type PortfolioRow } from './portfolioStore.ts';

const row: PortfolioRow = {
  customerCode: 'E1',
  financingOrderNo: 'F1',
  alerted: false,
  purchaseAmount: 1000,
  stockValue: 588,
  unpricedLines: 1,
  coverage: 0.588,
  latestEvents: [],
};

describe('the lender portfolio store', () => {
  it('asks on demand and keeps the rows in the order query-api sorted them', async () => {
    const answers = [
      { ok: true, body: { dataList: [row, { ...row, financingOrderNo: 'F2' }] }, message: '' },
      { ok: false, body: {}, message: 'Kafka is unavailable' },
    ];
    const store = createPortfolioStore(async () => answers.shift()!);
    expect(store.getState().status).toBe('idle');
    await store.getState().load();
    expect(store.getState().rows.map((r) => r.financingOrderNo)).toEqual(['F1', 'F2']);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'error', error: 'Kafka is unavailable', rows: [] });
  });

  it('shows coverage as a percentage, and a dash when it cannot be computed', () => {
    expect(coveragePercent(0.588)).toBe('58.8 %');
    expect(coveragePercent(0)).toBe('0.0 %');
    expect(coveragePercent(null)).toBe('—');
  });
});

describe('portfolio alert labels', () => {
  it('says the reuse, each release with its receipt and document, and a low coverage with its threshold', () => {
    const words = {
      alerted: 'reused',
      released: 'released {receipt} by {document}',
      lowCoverage: 'under {threshold}',
    };
    expect(
      alertLabels(
        {
          alerted: true,
          alerts: [
            {
              kind: 'collateral.released',
              at: '2026-01-02T00:00:00.000Z',
              collateral: { kind: 'warehouseReceipt', warehouse: 'W1', number: 'IN1' },
              cause: 'outbound',
              document: {
                documentType: 'outbound',
                documentId: 'd1',
                receivedAt: '2026-01-02T00:00:00.000Z',
              },
            },
            {
              kind: 'coverage.low',
              since: null,
              threshold: 0.8,
              coverage: 0.6,
              document: { documentType: 'outbound', documentId: 'd1', receivedAt: null },
            },
          ],
        },
        words,
      ),
    ).toEqual(['reused', 'released W1/IN1 by outbound · 2026-01-02T00:00:00.000Z', 'under 80.0 %']);
    expect(alertLabels({ alerted: false }, words)).toEqual([]);
  });
});
