import { describe, expect, it } from 'vitest';
import { type BoundCheckpoint, type LogIdentity, logMismatches, logReplacedMessage } from './logBinding.ts';

const log: LogIdentity = {
  clusterId: 'cluster-b',
  topicIds: new Map([
    ['pod', 'topic-pod-2'],
    ['inbound', 'topic-inbound-1'],
  ]),
  ends: new Map([
    ['pod/0', 3n],
    ['pod/1', 0n],
    ['inbound/0', 10n],
  ]),
};

const checkpoint = (over: Partial<BoundCheckpoint>): BoundCheckpoint => ({
  topic: 'inbound',
  partition: 0,
  nextOffset: '4',
  clusterId: 'cluster-b',
  topicId: 'topic-inbound-1',
  ...over,
});

describe('checkpoints against the log they are read on', () => {
  it('given checkpoints taken on this log and within its ends, finds nothing', () => {
    expect(logMismatches([checkpoint({}), checkpoint({ nextOffset: '10' })], log)).toEqual([]);
  });

  it('given another cluster, the checkpoint is of another log even inside the ends', () => {
    const [mismatch] = logMismatches([checkpoint({ clusterId: 'cluster-a' })], log);
    expect(mismatch).toMatchObject({
      topic: 'inbound',
      partition: 0,
      reason: 'cluster-changed',
      checkpoint: { clusterId: 'cluster-a', nextOffset: '4' },
      log: { clusterId: 'cluster-b', topicId: 'topic-inbound-1', end: '10' },
    });
  });

  it('given a topic created again under the same name, says so', () => {
    expect(
      logMismatches([checkpoint({ topic: 'pod', topicId: 'topic-pod-1', nextOffset: '1' })], log),
    ).toEqual([expect.objectContaining({ topic: 'pod', reason: 'topic-recreated' })]);
  });

  it('given a checkpoint past the end, is of another log (never a negative lag)', () => {
    expect(logMismatches([checkpoint({ nextOffset: '11' })], log)).toEqual([
      expect.objectContaining({ reason: 'past-end', log: expect.objectContaining({ end: '10' }) }),
    ]);
  });

  it('given a checkpoint stored before ids were kept, judges it by the ends alone', () => {
    const legacy = { clusterId: null, topicId: null };
    expect(logMismatches([checkpoint({ ...legacy, nextOffset: '10' })], log)).toEqual([]);
    expect(
      logMismatches([checkpoint({ ...legacy, topic: 'pod', partition: 1, nextOffset: '2' })], log),
    ).toEqual([expect.objectContaining({ reason: 'past-end' })]);
  });

  it('given a topic that no longer exists, a checkpoint that applied some of it is of another log', () => {
    expect(logMismatches([checkpoint({ topic: 'outbound', nextOffset: '5' })], log)).toEqual([
      expect.objectContaining({ topic: 'outbound', reason: 'topic-missing' }),
    ]);
    expect(logMismatches([checkpoint({ topic: 'outbound', nextOffset: '0', topicId: null })], log)).toEqual(
      [],
    );
  });

  it('tells the operator what happened and what to do, in cn and en', () => {
    const mismatches = logMismatches(
      [checkpoint({ clusterId: 'cluster-a' }), checkpoint({ partition: 1 })],
      log,
    );
    const message = logReplacedMessage('link-node', mismatches);
    expect(message.en).toContain('link-node stopped');
    expect(message.en).toContain('POST /ops/rebuild/link-node');
    expect(message.cn).toContain('重建');
  });
});
