import { describe, expect, it } from 'vitest';
import { carriesData } from './runner.ts';

describe('carriesData: a query of the demo answers data', () => {
  it('given lists, one must hold an item', () => {
    expect(carriesData({ flag: 'success', dataList: [], freshness: { offsets: [{ topic: 't' }] } })).toBe(
      false,
    );
    expect(carriesData({ flag: 'success', page: 2, dataList: [] })).toBe(false);
    expect(carriesData({ flag: 'success', dataList: [{ entOrderNo: 'A' }] })).toBe(true);
  });

  it('given an ocean result still fetching, or a terminal result of null, then no data', () => {
    const fetching = {
      flag: 'success',
      data: {
        params: { billNo: 'B1' },
        result: { billNo: 'B1', statusCategory: 'START', containers: [], routes: [], places: [] },
      },
      subscription: { id: 's1' },
    };
    expect(carriesData(fetching)).toBe(false);
    expect(carriesData({ flag: 'success', data: { params: { businessNumber: 'X' }, result: null } })).toBe(
      false,
    );
  });

  it('given no lists, some value besides the envelope must be known', () => {
    expect(carriesData({ flag: 'success', deprecated: true, resultsData: null })).toBe(false);
    expect(carriesData({ flag: 'success', data: { mmsi: '477123400', lat: 22 } })).toBe(true);
  });
});
