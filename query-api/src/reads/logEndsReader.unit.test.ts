import { describe, expect, it } from 'vitest';
import { endsOfTopics } from './logEndsReader.ts';

describe('endsOfTopics: the log ends an answer’s freshness names', () => {
  const snapshot = {
    clusterId: 'c1',
    topicIds: new Map([
      ['tradelog.order', 't-order'],
      ['tradelog.goods', 't-goods'],
    ]),
    ends: new Map([
      ['tradelog.order/0', 12n],
      ['tradelog.order/1', 3n],
      ['tradelog.goods/0', 7n],
      ['tradelog.gone/0', 1n],
    ]),
  };

  it('given the topics a projection reads, then their partitions’ ends with the ids, others left out', () => {
    expect(endsOfTopics(new Set(['tradelog.order', 'tradelog.gone']), snapshot)).toEqual([
      { topic: 'tradelog.order', partition: 0, end: '12', topicId: 't-order', clusterId: 'c1' },
      { topic: 'tradelog.order', partition: 1, end: '3', topicId: 't-order', clusterId: 'c1' },
    ]);
  });
});
