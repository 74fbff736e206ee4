import { describe, expect, it } from 'vitest';
import { projectionLag, pushLags, summarizeTopics } from './pipeline.ts';

const offsets = new Map([
  [
    'doc.pod',
    [
      { partition: 0, start: '0', end: '10' },
      { partition: 1, start: '0', end: '4' },
    ],
  ],
  ['doc.tally', [{ partition: 0, start: '0', end: '7' }]],
]);

describe('pipeline figures', () => {
  it('counts the records each topic holds', () => {
    expect(summarizeTopics(offsets)).toEqual([
      { topic: 'doc.pod', partitions: 2, records: 14 },
      { topic: 'doc.tally', partitions: 1, records: 7 },
    ]);
  });

  it('measures lag from stored offsets, counting partitions never read from their start', () => {
    const at = (iso: string) => new Date(iso);
    const lag = projectionLag(offsets, [
      {
        topic: 'doc.pod',
        partition: 0,
        nextOffset: '8',
        recordsApplied: '8',
        appliedAt: at('2026-11-22T03:00:00Z'),
      },
      {
        topic: 'doc.pod',
        partition: 1,
        nextOffset: '4',
        recordsApplied: '4',
        appliedAt: at('2026-11-22T03:01:00Z'),
      },
    ]);
    // pod/0 is 2 behind, pod/1 caught up, tally/0 never read: 7.
    expect(lag).toEqual({ applied: 12, lag: 9, lastAppliedAt: '2026-11-22T03:01:00.000Z' });
  });

  it('reports a projection with no offsets as behind by everything', () => {
    expect(projectionLag(offsets, [])).toEqual({ applied: 0, lag: 21, lastAppliedAt: null });
  });

  it('gives the push processor’s lag on the changes topic per group, and on another log its own remedy', () => {
    const changes = new Map([['changes', [{ partition: 0, start: '0', end: '30' }]]]);
    const checkpoint = (consumerGroup: string, nextOffset: string, clusterId = 'c1') => ({
      consumerGroup,
      topic: 'changes',
      partition: 0,
      nextOffset,
      recordsApplied: nextOffset,
      appliedAt: new Date('2026-11-29T10:00:00Z'),
      clusterId,
      topicId: 't1',
      lastTimestamp: null,
      foundTimestamp: null,
    });
    const log = {
      clusterId: 'c1',
      topicIds: new Map([['changes', 't1']]),
      ends: new Map([['changes/0', 30n]]),
    };
    const lags = pushLags(changes, [checkpoint('tradelog-push', '26')], log);
    expect(lags).toEqual([
      {
        consumerGroup: 'tradelog-push',
        state: 'behind',
        applied: 26,
        lag: 4,
        lastAppliedAt: '2026-11-29T10:00:00.000Z',
      },
    ]);
    expect(pushLags(changes, [checkpoint('tradelog-push', '30')], log)[0]).toMatchObject({
      state: 'current',
      lag: 0,
    });
    // Checkpoints of another cluster: no lag to give, and the remedy is push's, not a rebuild.
    const [replaced] = pushLags(changes, [checkpoint('tradelog-push', '30', 'c0')], log);
    expect(replaced).toMatchObject({ state: 'log-replaced', lag: null });
    expect(replaced!.logReplaced!.message.en).toMatch(/POST \/ops\/push\/start-on-new-log/);
    expect(pushLags(changes, [], log)).toEqual([]);
    // A log restored in place, as the push processor found it at its last record: the same.
    const restored = { ...checkpoint('tradelog-push', '26'), lastTimestamp: '1', foundTimestamp: '2' };
    expect(pushLags(changes, [restored], log)[0]).toMatchObject({
      state: 'log-replaced',
      lag: null,
      logReplaced: { mismatches: [expect.objectContaining({ reason: 'records-rewritten' })] },
    });
  });
});
