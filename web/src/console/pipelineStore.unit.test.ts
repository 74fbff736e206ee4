import { describe, expect, it } from 'vitest';
import {
  barShares,
  createPipelineStore,
  emptySamples,
  type PipelineSnapshot,
  parseSnapshot,
  sparklinePoints,
  withFailure,
  withSnapshot,
} from './pipelineStore.ts';

const snapshot = (second: number, lags: Record<string, number>): PipelineSnapshot => ({
  topics: [{ topic: 'tradelog.doc.pod.v1', partitions: 6, records: 10 + second }],
  projections: Object.entries(lags).map(([projection, lag]) => ({
    projection,
    version: 1,
    applied: 100 - lag,
    lag,
    lastAppliedAt: '2026-06-01T00:00:00.000Z',
  })),
  measuredAt: `2026-06-01T00:00:${String(second).padStart(2, '0')}.000Z`,
});

describe('pipeline samples', () => {
  it('takes a projection stopped on another log with its words and no lag, and samples no lag for it', () => {
    const body = {
      topics: [],
      measuredAt: '2026-06-01T00:00:01.000Z',
      projections: [
        {
          projection: 'link-node',
          version: 3,
          applied: 12,
          lag: null,
          state: 'log-replaced',
          lastAppliedAt: null,
          logReplaced: { mismatches: [], message: { cn: '已停止', en: 'link-node stopped' } },
        },
      ],
    };
    const parsed = parseSnapshot(body);
    expect(parsed?.projections[0]).toMatchObject({ logReplaced: { en: 'link-node stopped' } });
    expect(withSnapshot(emptySamples, parsed!).lagHistory['link-node']).toBeUndefined();
    // A null lag without the state and its words is not the endpoint's shape.
    expect(
      parseSnapshot({ ...body, projections: [{ ...body.projections[0], state: 'current' }] }),
    ).toBeUndefined();
  });

  it('keeps the latest measurement and appends each projection’s lag to its history', () => {
    const first = withSnapshot(emptySamples, snapshot(1, { 'link-node': 5, 'order-status': 0 }));
    const second = withSnapshot(first, snapshot(2, { 'link-node': 2, 'order-status': 0 }));
    expect(second.latest?.measuredAt).toBe('2026-06-01T00:00:02.000Z');
    expect(second.lagHistory['link-node']).toEqual([
      { at: '2026-06-01T00:00:01.000Z', lag: 5 },
      { at: '2026-06-01T00:00:02.000Z', lag: 2 },
    ]);
    expect(second.lagHistory['order-status']?.map((sample) => sample.lag)).toEqual([0, 0]);
  });

  it('caps the history, dropping the oldest samples', () => {
    let state = emptySamples;
    for (let second = 1; second <= 7; second += 1)
      state = withSnapshot(state, snapshot(second, { a: second }), 3);
    expect(state.lagHistory.a?.map((sample) => sample.lag)).toEqual([5, 6, 7]);
  });

  it('ignores a measurement that is not newer than the latest', () => {
    const state = withSnapshot(emptySamples, snapshot(5, { a: 1 }));
    expect(withSnapshot(state, snapshot(4, { a: 9 }))).toBe(state);
    expect(withSnapshot(state, snapshot(5, { a: 9 }))).toBe(state);
  });

  it('keeps the figures already measured on a failure, and clears the failure on the next answer', () => {
    const measured = withSnapshot(emptySamples, snapshot(1, { a: 3 }));
    const failure = { status: 503, code: 'KAFKA_UNAVAILABLE', message: 'could not read topic offsets' };
    const failed = withFailure(measured, failure);
    expect(failed.failure).toEqual(failure);
    expect(failed.latest).toBe(measured.latest);
    expect(failed.lagHistory).toBe(measured.lagHistory);
    expect(withSnapshot(failed, snapshot(2, { a: 0 })).failure).toBeUndefined();
  });

  it('works as a zustand store without React', () => {
    const store = createPipelineStore(2);
    store.getState().failed({ status: 503, code: 'KAFKA_NOT_CONFIGURED', message: 'no brokers' });
    expect(store.getState().latest).toBeUndefined();
    for (const second of [1, 2, 3]) store.getState().received(snapshot(second, { a: second }));
    expect(store.getState().failure).toBeUndefined();
    expect(store.getState().lagHistory.a?.map((sample) => sample.lag)).toEqual([2, 3]);
  });
});

describe('pipeline answer parsing', () => {
  it('takes the endpoint’s figures and nothing else', () => {
    const body = {
      flag: 'success',
      code: '200',
      message: 'success',
      topics: [{ topic: 'tradelog.changes.v1', partitions: 6, records: 4 }],
      projections: [
        { projection: 'link-node', version: 2, applied: 4, lag: 0, lastAppliedAt: '2026-06-01T00:00:00Z' },
        { projection: 'order-status', version: null, applied: 0, lag: 4, lastAppliedAt: null },
      ],
      measuredAt: '2026-06-01T00:00:03Z',
    };
    expect(parseSnapshot(body)).toEqual({
      topics: [{ topic: 'tradelog.changes.v1', partitions: 6, records: 4 }],
      projections: [
        { projection: 'link-node', version: 2, applied: 4, lag: 0, lastAppliedAt: '2026-06-01T00:00:00Z' },
        { projection: 'order-status', version: null, applied: 0, lag: 4, lastAppliedAt: null },
      ],
      measuredAt: '2026-06-01T00:00:03Z',
    });
  });

  it('takes the push processor’s lag on the changes topic after the projections, sampled like theirs', () => {
    const body = {
      topics: [],
      projections: [{ projection: 'tracking', version: 1, applied: 4, lag: 0, lastAppliedAt: null }],
      push: [
        {
          consumerGroup: 'tradelog-push',
          state: 'behind',
          applied: 20,
          lag: 3,
          lastAppliedAt: '2026-06-01T00:00:00Z',
        },
      ],
      measuredAt: '2026-06-01T00:00:03Z',
    };
    const parsed = parseSnapshot(body)!;
    expect(parsed.projections.map((p) => [p.projection, p.lag, p.transport ?? false])).toEqual([
      ['tracking', 0, false],
      ['push', 3, true],
    ]);
    expect(withSnapshot(emptySamples, parsed).lagHistory.push).toEqual([{ at: body.measuredAt, lag: 3 }]);
    // An older query-api answers no push: the projections alone.
    const { push: _, ...older } = body;
    expect(parseSnapshot(older)!.projections).toHaveLength(1);
  });

  it('refuses answers of another shape', () => {
    expect(parseSnapshot(undefined)).toBeUndefined();
    expect(parseSnapshot({ flag: 'failure', code: 'KAFKA_UNAVAILABLE' })).toBeUndefined();
    expect(parseSnapshot({ topics: [], projections: [], measuredAt: 'yesterday' })).toBeUndefined();
    expect(
      parseSnapshot({
        topics: [{ topic: 't', partitions: 1, records: -1 }],
        projections: [],
        measuredAt: '2026-06-01T00:00:00Z',
      }),
    ).toBeUndefined();
    expect(
      parseSnapshot({
        topics: [],
        projections: [{ projection: 'a', lag: '3', applied: 0 }],
        measuredAt: '2026-06-01T00:00:00Z',
      }),
    ).toBeUndefined();
  });
});

describe('chart geometry', () => {
  it('scales bars against the longest and leaves all-zero bars empty', () => {
    expect(barShares([2, 8, 4])).toEqual([0.25, 1, 0.5]);
    expect(barShares([0, 0])).toEqual([0, 0]);
    expect(barShares([])).toEqual([]);
  });

  it('draws lag samples oldest left, zero at the bottom', () => {
    const at = '2026-06-01T00:00:00Z';
    expect(sparklinePoints([], 100, 20)).toBe('');
    expect(sparklinePoints([{ at, lag: 0 }], 100, 20)).toBe('0,20 100,20');
    expect(
      sparklinePoints(
        [
          { at, lag: 4 },
          { at, lag: 2 },
          { at, lag: 0 },
        ],
        100,
        20,
      ),
    ).toBe('0,0 50,10 100,20');
  });
});
