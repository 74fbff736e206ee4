import { describe, expect, it } from 'vitest';
import {
  asBatchFault,
  CheckpointsOfAnotherLog,
  foreignCheckpoints,
  IsolateBatch,
  RetryBatch,
  retryCause,
} from './batchFaults.ts';

const bound = { clusterId: 'cluster-a', topicIds: new Map([['orders', 'topic-1']]) };

describe('asBatchFault: what a failed group transaction throws', () => {
  it('given one of its own verdicts, when mapped, then it is kept as it is', () => {
    const verdicts = [new RetryBatch('x'), new IsolateBatch('y'), new CheckpointsOfAnotherLog([])];
    for (const verdict of verdicts) expect(asBatchFault(verdict)).toBe(verdict);
  });

  it('given anything else, when mapped, then it retries the batch with that cause', () => {
    const cause = new Error('connection lost');
    const fault = asBatchFault(cause);
    expect(fault).toBeInstanceOf(RetryBatch);
    expect(fault.cause).toBe(cause);
  });
});

describe('retryCause: the fault a retry is reported for', () => {
  it('given a RetryBatch, then its cause; given anything else, then itself', () => {
    const cause = new Error('down');
    expect(retryCause(new RetryBatch(cause))).toBe(cause);
    expect(retryCause(cause)).toBe(cause);
  });
});

describe('foreignCheckpoints: locked rows of another log', () => {
  it('given rows of the bound log or not yet bound, then none is foreign', () => {
    const stored = new Map([
      ['orders/0', { nextOffset: '5', clusterId: 'cluster-a', topicId: 'topic-1' }],
      ['orders/1', { nextOffset: '0', clusterId: null, topicId: null }],
    ]);
    expect(foreignCheckpoints(stored, bound)).toEqual([]);
  });

  it('given a row stored on another cluster, then it is foreign, named by its slot', () => {
    const stored = new Map([['orders/3', { nextOffset: '5', clusterId: 'cluster-b', topicId: 'topic-1' }]]);
    expect(foreignCheckpoints(stored, bound)).toMatchObject([
      { topic: 'orders', partition: 3, reason: 'cluster-changed' },
    ]);
  });
});
