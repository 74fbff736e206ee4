import type { Checkpoint } from '@tradelog/projections';
import { describe, expect, it } from 'vitest';
import {
  deletedUnder,
  lagOf,
  positionsAt,
  progressOf,
  readBoundsOf,
  samePositions,
} from './buildPositions.ts';

const checkpoint = (
  topic: string,
  partition: number,
  nextOffset: number,
  recordsApplied: number,
): Checkpoint => ({
  topic,
  partition,
  nextOffset: String(nextOffset),
  recordsApplied: String(recordsApplied),
  appliedAt: new Date(0),
  lastTimestamp: null,
  foundTimestamp: null,
  clusterId: null,
  topicId: null,
});
const positions = (entries: Record<string, number>) =>
  new Map(Object.entries(entries).map(([slot, offset]) => [slot, BigInt(offset)]));

describe('build positions', () => {
  it('reads merged only the partitions of the topics the build reads, each from where it stands', () => {
    const bounds = positions({ 'tradelog.docs/0': 9, 'tradelog.docs/1': 4, 'tradelog.gone/0': 3 });
    expect([
      ...readBoundsOf(bounds, positions({ 'tradelog.docs/1': 2 }), new Set(['tradelog.docs'])),
    ]).toEqual([
      { topic: 'tradelog.docs', partition: 0, applied: 0n, bound: 9n },
      { topic: 'tradelog.docs', partition: 1, applied: 2n, bound: 4n },
    ]);
  });

  it('reads positions per topic/partition from checkpoints', () => {
    expect(positionsAt([checkpoint('docs', 0, 7, 7), checkpoint('docs', 1, 3, 2)])).toEqual(
      positions({ 'docs/0': 7, 'docs/1': 3 }),
    );
  });

  it('takes a partition missing on one side as standing at 0', () => {
    expect(samePositions(positions({ 'docs/0': 5, 'docs/1': 0 }), positions({ 'docs/0': 5 }))).toBe(true);
    expect(samePositions(positions({ 'docs/0': 5 }), positions({ 'docs/0': 5, 'docs/1': 1 }))).toBe(false);
  });

  it('counts the lag over the partitions the ends name', () => {
    expect(lagOf(positions({ 'docs/0': 10, 'docs/1': 4 }), positions({ 'docs/0': 6, 'other/0': 99 }))).toBe(
      8,
    );
    expect(lagOf(positions({ 'docs/0': 10 }), new Map())).toBe(10);
  });
});

describe('deletedUnder: records deleted before the build reached them', () => {
  it('names a partition the build stands below the start of, one it stored nothing for included', () => {
    const at = new Map([
      ['docs/0', 5n],
      ['docs/1', 2n],
    ]);
    const starts = new Map([
      ['docs/0', 5n],
      ['docs/1', 3n],
      ['docs/2', 1n],
      ['docs/3', 0n],
    ]);
    expect(deletedUnder(at, starts)).toEqual([
      { slot: 'docs/1', at: 2n, start: 3n },
      { slot: 'docs/2', at: 0n, start: 1n },
    ]);
  });
});

describe('progressOf', () => {
  const ends = positions({ 'docs/0': 10, 'docs/1': 10 });

  it('adds the records applied and rates them per second', () => {
    const checkpoints = [checkpoint('docs', 0, 8, 8), checkpoint('docs', 1, 4, 4)];
    expect(progressOf('building', checkpoints, ends, 2_000)).toEqual({
      state: 'building',
      recordsApplied: 12,
      ratePerSecond: 6,
      remainingLag: 8,
      elapsedMs: 2_000,
    });
  });

  it('has no rate before any time passed, and a fresh build lags by the whole log', () => {
    expect(progressOf('building', [], ends, 0)).toEqual({
      state: 'building',
      recordsApplied: 0,
      ratePerSecond: 0,
      remainingLag: 20,
      elapsedMs: 0,
    });
  });

  it('keeps what the caller adds, such as the comparison', () => {
    expect(progressOf('switched', [], ends, 10, { comparison: [] }).comparison).toEqual([]);
  });
});
