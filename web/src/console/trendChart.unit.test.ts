import type { EnterpriseTrendMonth } from '@tradelog/schemas/queries/requests';
import { describe, expect, it } from 'vitest';
import { groupedBars, linePoints } from './trendChart.ts';

const month = (name: string, purchases: number, inventory: number): EnterpriseTrendMonth => ({
  month: name,
  purchaseOrders: purchases,
  salesToBusiness: 0,
  salesToConsumer: purchases * 2,
  inputQty: 0,
  inputAmount: 0,
  outputQty: 0,
  outputAmount: 0,
  inventoryQty: 0,
  inventoryAmount: inventory,
  inputUnpricedLines: 0,
  outputUnpricedLines: 0,
  inventoryUnpricedLines: 0,
});

describe('trend chart layout', () => {
  it('groups bars by month, scaled to the largest value, side by side', () => {
    const bars = groupedBars(
      [month('2024-01', 1, 0), month('2024-02', 2, 0)],
      ['purchaseOrders', 'salesToConsumer'],
    );
    expect(bars.map((bar) => [bar.month, bar.series, bar.value, bar.height])).toEqual([
      ['2024-01', 'purchaseOrders', 1, 25],
      ['2024-01', 'salesToConsumer', 2, 50],
      ['2024-02', 'purchaseOrders', 2, 50],
      ['2024-02', 'salesToConsumer', 4, 100],
    ]);
    expect(bars[0]!.x).toBeCloseTo(5);
    expect(bars[1]!.x).toBeCloseTo(25);
    expect(bars[2]!.x).toBeCloseTo(55);
  });

  it('draws nothing for nothing and flat at the bottom for zeros', () => {
    expect(groupedBars([], ['purchaseOrders'])).toEqual([]);
    expect(groupedBars([month('2024-01', 0, 0)], ['purchaseOrders'])[0]!.height).toBe(0);
    expect(linePoints([month('2024-01', 0, 0), month('2024-02', 0, 0)], 'inventoryAmount')).toBe(
      '25.00,100.00 75.00,100.00',
    );
    expect(linePoints([month('2024-01', 0, 50), month('2024-02', 0, 100)], 'inventoryAmount')).toBe(
      '25.00,50.00 75.00,0.00',
    );
  });
});
