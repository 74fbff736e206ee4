import { describe, expect, it } from 'vitest';
import { projectionLag, summarizeTopics } from './pipeline.ts';

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
});
