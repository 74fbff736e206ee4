import { describe, expect, it } from 'vitest';
import { coveragePercent, createPortfolioStore, type PortfolioRow } from './portfolioStore.ts';

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
