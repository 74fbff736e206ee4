import { describe, expect, it } from 'vitest';
import { endRequestsOf, type KnownTopics, knownStill } from './logSnapshot.ts';

const known: KnownTopics = {
  at: 1_000,
  asked: 'a\u0000b',
  clusterId: 'c-1',
  partitions: new Map([
    ['a', { id: 'id-a', count: 2 }],
    ['b', { id: 'id-b', count: 1 }],
  ]),
};

describe('knownStill: when the topics read before answer a snapshot', () => {
  it('given the same topics within the age, then they are reused', () => {
    expect(knownStill(known, 'a\u0000b', 1_999, 1_000)).toBe(true);
  });

  it('given no age, other topics, none read or an age reached, then they are read again', () => {
    expect(knownStill(known, 'a\u0000b', 1_000, 0)).toBe(false);
    expect(knownStill(known, 'a', 1_500, 1_000)).toBe(false);
    expect(knownStill(undefined, 'a\u0000b', 1_500, 1_000)).toBe(false);
    expect(knownStill(known, 'a\u0000b', 2_000, 1_000)).toBe(false);
  });
});

describe('endRequestsOf: the ends asked of every partition', () => {
  it('asks the latest offset of each partition, and names each topic’s id', () => {
    const { topicIds, requests } = endRequestsOf(known.partitions);
    expect([...topicIds]).toEqual([
      ['a', 'id-a'],
      ['b', 'id-b'],
    ]);
    expect(requests).toEqual([
      {
        name: 'a',
        partitions: [
          { partitionIndex: 0, timestamp: -1n },
          { partitionIndex: 1, timestamp: -1n },
        ],
      },
      { name: 'b', partitions: [{ partitionIndex: 0, timestamp: -1n }] },
    ]);
  });

  it('asks nothing when no topic exists', () => {
    expect(endRequestsOf(new Map()).requests).toEqual([]);
  });
});
