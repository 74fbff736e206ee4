import { describe, expect, it } from 'vitest';
import {
  alertLabels,
  coveragePercent,
  createPortfolioStore,
  figureSourceText,
  latestEventText,
  orderedRows,
  type PortfolioAnswer,
  type PortfolioRow,
} from './portfolioStore.ts';

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
    const store = createPortfolioStore({
      ask: async () => answers.shift()!,
      download: async () => ({ ok: true, message: '' }),
    });
    expect(store.getState().status).toBe('idle');
    await store.getState().load();
    expect(store.getState().rows.map((r) => r.financingOrderNo)).toEqual(['F1', 'F2']);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'error', error: 'Kafka is unavailable', rows: [] });
  });

  it('asks as of the moment picked, again when it moves while shown, and exports as of it too', async () => {
    const asked: (string | undefined)[] = [];
    const downloads: [string | undefined, string][] = [];
    const replay = {
      at: '2026-03-05T06:30:00.000Z',
      records: 4,
      positions: [{ topic: 't', partition: 0, offset: '9' }],
    };
    const store = createPortfolioStore({
      ask: async (asOf): Promise<{ ok: boolean; body: PortfolioAnswer; message: string }> => {
        asked.push(asOf);
        return asOf === undefined
          ? {
              ok: true,
              body: {
                dataList: [row],
                figures: { coverage: [{ projection: 'collateral', lastAppliedAt: null }] },
              },
              message: '',
            }
          : { ok: true, body: { dataList: [], asOf: replay }, message: '' };
      },
      download: async (asOf, format) => {
        downloads.push([asOf, format]);
        return { ok: false, message: '422 too many records' };
      },
    });
    // Moving the moment before anything is shown asks nothing.
    await store.getState().setAsOf('2026-03-05T06:30');
    expect(asked).toEqual([]);
    await store.getState().load();
    expect(asked).toEqual([new Date('2026-03-05T06:30').toISOString()]);
    expect(store.getState()).toMatchObject({ status: 'done', rows: [], shownAsOf: replay, figures: {} });
    await store.getState().exportAs('xlsx');
    expect(downloads).toEqual([[new Date('2026-03-05T06:30').toISOString(), 'xlsx']]);
    expect(store.getState().error).toBe('422 too many records');
    // Now again: asked at once, live.
    await store.getState().setAsOf('');
    expect(asked.at(-1)).toBeUndefined();
    expect(store.getState()).toMatchObject({ rows: [row], shownAsOf: undefined });
    expect(store.getState().figures.coverage).toEqual([{ projection: 'collateral', lastAppliedAt: null }]);
  });

  it('says where each figure was read from: a projection as applied, or the records replayed', () => {
    const words = {
      applied: (projection: string, at: string | null) => `${projection}@${at}`,
      replayed: (projection: string, records: number, positions: string) =>
        `${projection}#${records}:${positions}`,
    };
    expect(
      figureSourceText(
        [
          { projection: 'collateral', lastAppliedAt: '2026-01-01T00:00:00Z' },
          {
            projection: 'enterprise-data',
            asOf: { at: '', records: 2, positions: [{ topic: 'in', partition: 0, offset: '5' }] },
          },
        ],
        words,
      ),
    ).toBe('collateral@2026-01-01T00:00:00Z · enterprise-data#2:in:0:5');
    expect(figureSourceText(undefined, words)).toBe('');
  });

  it('shows coverage as a percentage, and a dash when it cannot be computed', () => {
    expect(coveragePercent(0.588)).toBe('58.8 %');
    expect(coveragePercent(0)).toBe('0.0 %');
    expect(coveragePercent(null)).toBe('—');
  });

  it('writes a financing’s latest document as one line, and nothing when it has none', () => {
    expect(latestEventText(row)).toBe('');
    const latestEvents = [
      { documentType: 'inbound', businessKey: 'IN-2', receivedAt: '2026-01-02T00:00:00Z' },
      { documentType: 'purchase', businessKey: 'PO-1', receivedAt: '2026-01-01T00:00:00Z' },
    ] as PortfolioRow['latestEvents'];
    expect(latestEventText({ latestEvents })).toBe('inbound IN-2 · 2026-01-02T00:00:00Z');
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

describe('portfolio order', () => {
  const rows: PortfolioRow[] = [
    { ...row, financingOrderNo: 'ALERTED', alerted: true, coverage: 0.9 },
    { ...row, financingOrderNo: 'UNKNOWN', coverage: null },
    { ...row, financingOrderNo: 'LOW', coverage: 0.2 },
    { ...row, financingOrderNo: 'HIGH', coverage: 1.4 },
  ];
  const numbers = (ordered: PortfolioRow[]) => ordered.map((r) => r.financingOrderNo);

  it('keeps query-api’s order (alerts first) or puts the lowest coverage first, unknown first', () => {
    expect(numbers(orderedRows(rows, 'alerts'))).toEqual(['ALERTED', 'UNKNOWN', 'LOW', 'HIGH']);
    expect(numbers(orderedRows(rows, 'coverage'))).toEqual(['UNKNOWN', 'LOW', 'ALERTED', 'HIGH']);
    // The answer itself is left as it came.
    expect(numbers(rows)).toEqual(['ALERTED', 'UNKNOWN', 'LOW', 'HIGH']);
  });
});
