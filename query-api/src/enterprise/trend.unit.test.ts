import { describe, expect, it } from 'vitest';
import { monthsBetween, trendOf } from './trend.ts';

describe('enterprise trend', () => {
  it('lists the months asked for across a year end, and refuses reversed or long ranges', () => {
    expect(monthsBetween('2023-11', '2024-02')).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
    expect(() => monthsBetween('2024-02', '2024-01')).toThrow(/toMonth/);
    expect(() => monthsBetween('2022-01', '2024-01')).toThrow(/24 months/);
    expect(monthsBetween('2022-02', '2024-01')).toHaveLength(24);
  });

  it('counts orders per kind, carries the month-end stock over months without movements', () => {
    const stock = (month: string, input: number, output: number, inventory: number, unpriced = 0) => ({
      month,
      inputQty: input,
      inputAmount: input * 10,
      outputQty: output,
      outputAmount: output * 10,
      inventoryQty: inventory,
      inventoryAmount: inventory * 10,
      inputUnpricedLines: unpriced,
      outputUnpricedLines: 0,
      inventoryUnpricedLines: unpriced,
    });
    const trend = trendOf(
      ['2024-02', '2024-03', '2024-04'],
      [
        { month: '2024-03', kind: 'purchase', orders: 2 },
        { month: '2024-03', kind: 'saleOrderToC', orders: 5 },
        { month: '2024-04', kind: 'saleOrderToB', orders: 1 },
      ],
      // One input line of March stated no price: its amount covers the priced lines only.
      [stock('2024-01', 100, 0, 100), stock('2024-03', 50, 30, 120, 1)],
    );
    expect(trend).toEqual([
      {
        month: '2024-02',
        purchaseOrders: 0,
        salesToBusiness: 0,
        salesToConsumer: 0,
        inputQty: 0,
        inputAmount: 0,
        outputQty: 0,
        outputAmount: 0,
        inventoryQty: 100,
        inventoryAmount: 1000,
        inputUnpricedLines: 0,
        outputUnpricedLines: 0,
        inventoryUnpricedLines: 0,
      },
      {
        month: '2024-03',
        purchaseOrders: 2,
        salesToBusiness: 0,
        salesToConsumer: 5,
        inputQty: 50,
        inputAmount: 500,
        outputQty: 30,
        outputAmount: 300,
        inventoryQty: 120,
        inventoryAmount: 1200,
        inputUnpricedLines: 1,
        outputUnpricedLines: 0,
        inventoryUnpricedLines: 1,
      },
      {
        month: '2024-04',
        purchaseOrders: 0,
        salesToBusiness: 1,
        salesToConsumer: 0,
        inputQty: 0,
        inputAmount: 0,
        outputQty: 0,
        outputAmount: 0,
        inventoryQty: 120,
        inventoryAmount: 1200,
        inputUnpricedLines: 0,
        outputUnpricedLines: 0,
        inventoryUnpricedLines: 1,
      },
    ]);
  });
});
