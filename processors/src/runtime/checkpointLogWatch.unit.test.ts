import type { Checkpoint } from '@tradelog/projections';
import { describe, expect, it } from 'vitest';
import { CheckpointsOfAnotherLog } from './batchFaults.ts';
import { checkpointLogOf, sharedRead } from './checkpointLogWatch.ts';

const checkpoint = (clusterId: string | null, nextOffset: number): Checkpoint => ({
  topic: 'docs',
  partition: 0,
  nextOffset: String(nextOffset),
  recordsApplied: String(nextOffset),
  appliedAt: new Date(0),
  clusterId,
  topicId: clusterId === null ? null : 'topic-a',
});
const snapshot = {
  clusterId: 'cluster-a',
  topicIds: new Map([['docs', 'topic-a']]),
  ends: new Map([['docs/0', 10n]]),
};

describe('checkpointLogOf: the log checkpoints were taken on', () => {
  it('given checkpoints of the log read now, then that log’s ids', () => {
    expect(checkpointLogOf([checkpoint('cluster-a', 4)], snapshot)).toEqual({
      clusterId: 'cluster-a',
      topicIds: snapshot.topicIds,
    });
  });

  it('given checkpoints of another cluster, then CheckpointsOfAnotherLog naming why', () => {
    let thrown: unknown;
    try {
      checkpointLogOf([checkpoint('cluster-b', 4)], snapshot);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CheckpointsOfAnotherLog);
    expect((thrown as CheckpointsOfAnotherLog).mismatches[0]?.reason).toBe('cluster-changed');
  });

  it('given a checkpoint stored before ids were kept, past the partition’s end, then another log', () => {
    expect(() => checkpointLogOf([checkpoint(null, 11)], snapshot)).toThrow(CheckpointsOfAnotherLog);
  });
});

describe('checkpointLogOf: records deleted before they were applied', () => {
  const trimmed = { ...snapshot, starts: new Map([['docs/0', 6n]]) };

  it('given a checkpoint below the start, then CheckpointsOfAnotherLog naming the deleted records', () => {
    expect(() => checkpointLogOf([checkpoint('cluster-a', 4)], trimmed)).toThrow(CheckpointsOfAnotherLog);
    expect(checkpointLogOf([checkpoint('cluster-a', 6)], trimmed).clusterId).toBe('cluster-a');
  });

  it('given no checkpoint, then a live consumer owes the partition from 0 and a build from where it opened', () => {
    expect(() => checkpointLogOf([], trimmed, ['docs'])).toThrow(CheckpointsOfAnotherLog);
    expect(checkpointLogOf([], trimmed, []).clusterId).toBe('cluster-a');
  });
});

describe('sharedRead', () => {
  it('given concurrent callers, then one read until forgotten', async () => {
    let reads = 0;
    const shared = sharedRead(async () => ++reads);
    expect(await Promise.all([shared.get(), shared.get()])).toEqual([1, 1]);
    expect(await shared.get()).toBe(1);
    shared.forget();
    expect(await shared.get()).toBe(2);
  });

  it('given a failed read, then the next caller reads again', async () => {
    let reads = 0;
    const shared = sharedRead(async () => {
      reads++;
      if (reads === 1) throw new Error('broker starting');
      return reads;
    });
    await expect(shared.get()).rejects.toThrow('broker starting');
    expect(await shared.get()).toBe(2);
  });
});
