import { describe, expect, it } from 'vitest';
import {
  checkpointRows,
  type Decoded,
  eventsOf,
  groupSize,
  mayResume,
  type PartitionPlan,
  pendingOf,
  planPartition,
  undecodableOf,
} from './batchPlan.ts';

const record = (offset: number) => ({
  topic: 'docs',
  partition: 0,
  offset: String(offset),
  timestamp: String(1_700_000_000_000 + offset),
  key: null,
  value: null,
  headers: {},
});
const good = (offset: number): Decoded<string> => ({ record: record(offset), event: `e${offset}` });
const bad = (offset: number): Decoded<string> => ({
  record: record(offset),
  fault: new Error('undecodable'),
});
const batch = (...offsets: number[]) => offsets.map(good);
const at = (checkpoint: number, limit?: number) => ({
  checkpoint: BigInt(checkpoint),
  limit: limit === undefined ? undefined : BigInt(limit),
  active: true,
});
const offsetsOf = (plan: PartitionPlan<string>) => pendingOf(plan).map((item) => item.record.offset);

describe('planPartition: which records of a fetched batch a transaction applies', () => {
  it('given a batch starting at the checkpoint, when planned, then every record is applied and the checkpoint moves past the last', () => {
    const plan = planPartition(batch(5, 6, 7), at(5));
    expect(plan).toMatchObject({ kind: 'apply', nextOffset: 8n, through: '7', stoppedAtLimit: false });
    expect(offsetsOf(plan)).toEqual(['5', '6', '7']);
  });

  it('given records below the checkpoint, when planned, then they are skipped yet counted as dealt with', () => {
    const plan = planPartition(batch(3, 4, 5, 6), at(5));
    expect(offsetsOf(plan)).toEqual(['5', '6']);
    expect(plan).toMatchObject({ nextOffset: 7n, through: '6' });
  });

  it('given a batch wholly below the checkpoint, when planned, then nothing is pending and the checkpoint stays', () => {
    const plan = planPartition(batch(1, 2), at(5));
    expect(plan).toEqual({ kind: 'apply', pending: [], nextOffset: 5n, through: '2', stoppedAtLimit: false });
  });

  it('given a batch starting past the checkpoint, when planned, then the partition goes back to the checkpoint', () => {
    expect(planPartition(batch(9, 10), at(5))).toEqual({ kind: 'went-back', checkpoint: 5n, first: '9' });
  });

  it('given an inactive batch, when planned, then it is left unfinished whatever its offsets', () => {
    expect(planPartition(batch(9), { ...at(5), active: false })).toEqual({ kind: 'inactive' });
  });

  it('given a limit inside the batch, when planned, then records from the limit on are left and the partition stops there', () => {
    const plan = planPartition(batch(5, 6, 7, 8), at(5, 7));
    expect(offsetsOf(plan)).toEqual(['5', '6']);
    expect(plan).toMatchObject({ nextOffset: 7n, through: '6', stoppedAtLimit: true });
  });

  it('given a limit at the checkpoint, when planned, then nothing is applied and the partition stops', () => {
    expect(planPartition(batch(5, 6), at(5, 5))).toEqual({
      kind: 'apply',
      pending: [],
      nextOffset: 5n,
      through: undefined,
      stoppedAtLimit: true,
    });
  });

  it('given offsets beyond 2^53, when planned, then they are compared exactly', () => {
    const big = 2n ** 60n;
    const decoded = [String(big), String(big + 1n)].map((offset) => ({
      record: { ...record(0), offset },
      event: offset,
    }));
    const plan = planPartition(decoded, { checkpoint: big + 1n, limit: undefined, active: true });
    expect(offsetsOf(plan)).toEqual([String(big + 1n)]);
    expect(plan).toMatchObject({ nextOffset: big + 2n });
  });
});

describe('pending records: what is applied and what is dead-lettered', () => {
  it('given pending records with an undecodable one, when split, then the events keep log order and the fault goes to dead letters', () => {
    const pending = [good(1), bad(2), good(3)];
    expect(eventsOf(pending)).toEqual(['e1', 'e3']);
    expect(undecodableOf(pending).map((item) => item.record.offset)).toEqual(['2']);
  });

  it('given a plan that applies nothing, when asked for its pending records, then there are none', () => {
    expect(pendingOf<string>({ kind: 'inactive' })).toEqual([]);
    expect(pendingOf<string>({ kind: 'went-back', checkpoint: 5n, first: '9' })).toEqual([]);
  });
});

describe('checkpointRows: the checkpoints a group transaction writes', () => {
  it('given partitions that applied, skipped, went back or were inactive, when rows are made, then only those with pending records get one', () => {
    const rows = checkpointRows<string>([
      { topic: 'a', partition: 0, plan: planPartition([good(5), bad(6)], at(5)) },
      { topic: 'a', partition: 1, plan: planPartition(batch(1), at(5)) },
      { topic: 'b', partition: 0, plan: planPartition(batch(9), at(5)) },
      { topic: 'b', partition: 1, plan: { kind: 'inactive' } },
    ]);
    // The row names the last record applied by its timestamp (an undecodable one is applied too: dead-lettered).
    expect(rows).toEqual([
      { topic: 'a', partition: 0, nextOffset: '7', recordsApplied: 2, lastTimestamp: '1700000000006' },
    ]);
  });
});

describe('mayResume: a partition paused at its limit', () => {
  it('given a limit at its position, when checked, then it stays paused', () => {
    expect(mayResume(7n, 7n)).toBe(false);
  });

  it('given a limit that moved past its position, or none, when checked, then it resumes', () => {
    expect(mayResume(8n, 7n)).toBe(true);
    expect(mayResume(undefined, 7n)).toBe(true);
  });
});

describe('groupSize: how many queued batches one transaction takes', () => {
  it('given batches that fit, when grouped, then all are taken', () => {
    expect(groupSize([10, 20, 30], 100)).toBe(3);
  });

  it('given batches past the bound, when grouped, then the group stops before the one that would exceed it', () => {
    expect(groupSize([40, 40, 40], 100)).toBe(2);
    expect(groupSize([40, 60, 1], 100)).toBe(2);
  });

  it('given a first batch larger than the bound, when grouped, then it is taken alone', () => {
    expect(groupSize([500, 1], 100)).toBe(1);
  });

  it('given an empty queue, when grouped, then nothing is taken', () => {
    expect(groupSize([], 100)).toBe(0);
  });
});
