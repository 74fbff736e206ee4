import { describe, expect, it } from 'vitest';
import { foreignSlotsByGroup, restartPositions } from './pushLogRoutes.ts';

const snapshot = {
  clusterId: 'new-cluster',
  topicIds: new Map([['changes', 'topic-2']]),
  ends: new Map([
    ['changes/0', 10n],
    ['changes/1', 10n],
  ]),
};
const checkpoint = (consumerGroup: string, partition: number, clusterId: string) => ({
  consumerGroup,
  topic: 'changes',
  partition,
  nextOffset: '3',
  clusterId,
  topicId: 'topic-2',
});

describe('foreignSlotsByGroup: the push checkpoints of another log, by consumer group', () => {
  it('given checkpoints of the current log, then none', () => {
    expect(foreignSlotsByGroup([checkpoint('push', 0, 'new-cluster')], snapshot).size).toBe(0);
  });

  it('given checkpoints of an old cluster in two groups, then each group names its partitions', () => {
    const groups = foreignSlotsByGroup(
      [
        checkpoint('push-a', 0, 'old'),
        checkpoint('push-a', 1, 'old'),
        checkpoint('push-b', 0, 'new-cluster'),
      ],
      snapshot,
    );
    expect([...groups]).toEqual([
      [
        'push-a',
        [
          { topic: 'changes', partition: 0, reason: 'cluster-changed' },
          { topic: 'changes', partition: 1, reason: 'cluster-changed' },
        ],
      ],
    ]);
  });

  it('given a log restored in place, as the push processor found it at its last record, then that partition', () => {
    const restored = {
      ...checkpoint('push', 0, 'new-cluster'),
      lastTimestamp: '1700000000002',
      foundTimestamp: '1700000009999',
    };
    expect([...foreignSlotsByGroup([restored, checkpoint('push', 1, 'new-cluster')], snapshot)]).toEqual([
      ['push', [{ topic: 'changes', partition: 0, reason: 'records-rewritten' }]],
    ]);
  });

  it('given records deleted from the changes topic before push sent them, then those partitions, the unstored one too', () => {
    const trimmed = {
      ...snapshot,
      starts: new Map([
        ['changes/0', 5n],
        ['changes/1', 2n],
      ]),
    };
    const groups = foreignSlotsByGroup([checkpoint('push', 0, 'new-cluster')], trimmed);
    expect(groups.get('push')).toEqual([
      { topic: 'changes', partition: 0, reason: 'records-deleted' },
      { topic: 'changes', partition: 1, reason: 'records-deleted' },
    ]);
  });
});

describe('restartPositions: where push starts a partition again', () => {
  it('at the first record the log still holds where records were deleted; at the beginning elsewhere', () => {
    const trimmed = {
      ...snapshot,
      starts: new Map([
        ['changes/0', 5n],
        ['changes/1', 0n],
      ]),
    };
    const slots = [
      { topic: 'changes', partition: 0, reason: 'records-deleted' },
      { topic: 'changes', partition: 1, reason: 'cluster-changed' },
    ];
    expect(restartPositions(slots, trimmed)).toEqual([
      { topic: 'changes', partition: 0, nextOffset: '5', recordsApplied: 0 },
    ]);
    expect(restartPositions(slots, snapshot)).toEqual([]);
  });
});
