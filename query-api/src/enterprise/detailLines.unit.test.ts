import type { WarehouseLineRow } from '@tradelog/projections/enterprise-data/queries';
import { describe, expect, it } from 'vitest';
import { detailGoodsNumbers, detailLine } from './detailLines.ts';

const row = (line: Record<string, unknown>) =>
  ({
    orderNo: 'IN-1',
    warehouseId: 'W1',
    occurredAt: '2026-01-02T00:00:00Z',
    line,
  }) as unknown as WarehouseLineRow;

describe('detailGoodsNumbers: the articles a page of details reads', () => {
  it('given lines naming goods by id and bar code, then each number once', () => {
    expect(
      detailGoodsNumbers({ rows: [row({ entGoodsNo: 'G1', barCode: '690' }), row({ barCode: '690' })] }),
    ).toEqual(['G1', '690']);
  });
});

describe('detailLine: one row of the inbound or outbound details', () => {
  const goods = new Map([['G1', { brand: 'Acme', firstCategory: 'Food', recordPrice: 9.5 }]]);

  it('given an inbound line without brand or price, then the article completes it', () => {
    expect(detailLine('inbound', row({ entGoodsNo: 'G1', declareQty: '3' }), goods)).toMatchObject({
      entOrderNo: 'IN-1',
      goodsId: 'G1',
      inputSkuNum: 3,
      price: 9.5,
      brand: 'Acme',
      categoryLevel1: 'Food',
      lotNo: null,
    });
  });

  it('given an outbound line, then its actual quantity before its declared one', () => {
    expect(detailLine('outbound', row({ goodsNo: 'G2', actualQty: 2, declareQty: 5 }), goods)).toMatchObject({
      goodsId: 'G2',
      outputSkuNum: 2,
      brand: null,
      price: null,
    });
  });
});
