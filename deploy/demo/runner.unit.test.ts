import { describe, expect, it } from 'vitest';
import { carriesData, describeRun, type RunResult } from './runner.ts';

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

describe('describeRun: what the terminal says of a run', () => {
  const result = (status: number, extra: Partial<RunResult> = {}): RunResult => ({
    name: 'n',
    service: 'queryApi',
    operationId: 'op',
    method: 'POST',
    url: 'http://127.0.0.1:8082/x',
    status,
    expected: [200],
    problems: status === 200 ? [] : [`answered ${status}, expected 200`],
    ...extra,
  });

  it('given requests refused by a call limit, then it says so and how long to wait', () => {
    const text = describeRun([
      result(200),
      result(429, { retryAfterSeconds: 12 }),
      result(429, { retryAfterSeconds: 504 }),
      result(500),
    ]);
    expect(text.split('\n').slice(-2)).toEqual([
      '1 of 4 requests answered as their examples say',
      '2 of them refused by a call limit (429; the collection ran again within its window): run it again in 504 s',
    ]);
  });

  it('given none refused, then no word of limits', () => {
    expect(
      describeRun([result(200)])
        .split('\n')
        .at(-1),
    ).toBe('1 of 1 requests answered as their examples say');
  });
});
