import { describe, expect, it } from 'vitest';
import {
  assertCustomerName,
  inventoryAnswer,
  inventoryScope,
  reportedStockLines,
} from './inventoryAnswer.ts';

describe('inventoryScope: what an inventory request asks for', () => {
  it('given `*`, then every goods id and every warehouse', () => {
    expect(inventoryScope({ goodsId: ' * ', warehouseId: '*' })).toEqual({
      goodsIds: null,
      warehouseId: null,
    });
  });

  it('given a comma list and a warehouse, then the trimmed ids and warehouse', () => {
    expect(inventoryScope({ goodsId: 'G1, G2,,', warehouseId: ' W1 ' })).toEqual({
      goodsIds: ['G1', 'G2'],
      warehouseId: 'W1',
    });
  });
});

describe('inventoryAnswer: the envelope of §5', () => {
  it('given 11 rows in pages of 5, then three pages', () => {
    expect(inventoryAnswer({ page: 2, pageSize: 5 }, '10', 11, [])).toEqual({
      totalCount: 11,
      pageNo: 2,
      pageSize: 5,
      pageCount: 3,
      dataSource: '10',
      goodsList: [],
    });
  });
});

describe('reportedStockLines: the warehouses’ reports, line by line', () => {
  const reports = [
    { content: { warehouseId: 'W1', stockList: [{ goodsId: 'G1' }, { goodsId: 'G2' }] } },
    { content: { warehouseId: 'W2' } },
  ];

  it('given no goods asked, then every line with its report', () => {
    expect(
      reportedStockLines(reports, null).map(({ report, line }) => [report.warehouseId, line.goodsId]),
    ).toEqual([
      ['W1', 'G1'],
      ['W1', 'G2'],
    ]);
  });

  it('given goods asked, then their lines alone', () => {
    expect(reportedStockLines(reports, ['G2']).map(({ line }) => line.goodsId)).toEqual(['G2']);
  });
});

describe('assertCustomerName: the owner’s name where a report gives one', () => {
  it('given no reported name, or the reported one, then it passes', () => {
    expect(() => assertCustomerName('C1', 'Acme', [undefined, ''])).not.toThrow();
    expect(() => assertCustomerName('C1', ' Acme ', ['Acme'])).not.toThrow();
  });

  it('given another name than the reported one, then 409', () => {
    expect(() => assertCustomerName('C1', 'Other', ['Acme'])).toThrow(
      expect.objectContaining({ code: 'CUSTOMER_NAME_MISMATCH', status: 409 }),
    );
  });
});
