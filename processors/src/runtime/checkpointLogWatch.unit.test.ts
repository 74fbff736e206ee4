import type { Checkpoint } from '@tradelog/projections';
import { describe, expect, it, vi } from 'vitest';
import { quietLogger } from '../../../tests/harness/index.ts';
import { CheckpointsOfAnotherLog } from './batchFaults.ts';
import { checkpointLogOf, createCheckpointLogWatch, sharedRead } from './checkpointLogWatch.ts';

const checkpoint = (clusterId: string | null, nextOffset: number): Checkpoint => ({
  topic: 'docs',
  partition: 0,
  nextOffset: String(nextOffset),
  recordsApplied: String(nextOffset),
  appliedAt: new Date(0),
  lastTimestamp: null,
  foundTimestamp: null,
  clusterId,
  topicId: clusterId === null ? null : 'topic-a',
});
const snapshot = {
  clusterId: 'cluster-a',
  topicIds: new Map([['docs', 'topic-a']]),
  ends: new Map([['docs/0', 10n]]),
};

/** The group's checkpoint row as Postgres answers it: docs/0 applied up to offset 3 on cluster-a. */
const storedRow = (over: Record<string, unknown> = {}) => ({
  topic: 'docs',
  partition: 0,
  next_offset: '4',
  records_applied: '4',
  applied_at: new Date(0),
  cluster_id: 'cluster-a',
  topic_id: 'topic-a',
  last_record_timestamp: null,
  found_record_timestamp: null,
  ...over,
});

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

describe('createCheckpointLogWatch: records deleted while the consumer runs', () => {
  it('given the starts moving past the checkpoint with nothing new to read, then the running look stops the consumer', async () => {
    // The look's timer is faked; the stop's setImmediate runs for real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let starts = new Map([['docs/0', 0n]]);
      const row = storedRow();
      const pool = { query: async () => ({ rows: [row] }) } as unknown as import('pg').Pool;
      let reads = 0;
      const snapshots = {
        read: async () => {
          reads++;
          return { ...snapshot, starts };
        },
        close: async () => undefined,
      };
      const stops: string[] = [];
      const watch = createCheckpointLogWatch({
        pool,
        groupId: 'g',
        topics: ['docs'],
        name: 'order-status',
        snapshots,
        log: quietLogger,
        now: () => new Date(0),
        runningCheckMs: 1_000,
        owesWholeLog: true,
        consumer: () => ({ start: async () => undefined, stop: async () => void stops.push('stop') }),
        stopped: () => false,
      });
      await watch.joined();
      expect(watch.replaced()).toBeUndefined();
      const batchLog = await watch.batchLog(['docs']);
      // An operator deletes records 4 and 5 before they were fetched.
      starts = new Map([['docs/0', 6n]]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(watch.replaced()?.mismatches).toEqual([
        expect.objectContaining({
          partition: 0,
          reason: 'records-deleted',
          log: expect.objectContaining({ start: '6' }),
        }),
      ]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(stops).toEqual(['stop']);
      // The batches' shared read of the assignment was not thrown away by the look.
      const before = reads;
      expect(await watch.batchLog(['docs'])).toBe(batchLog);
      expect(reads).toBe(before);
      watch.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('createCheckpointLogWatch: a log restored in place', () => {
  const stored = (found: string | null) =>
    storedRow({ last_record_timestamp: '1700000000003', found_record_timestamp: found });
  const watchOn = (pool: import('pg').Pool, recordAt3: string, stops: string[], places: unknown[] = []) =>
    createCheckpointLogWatch({
      pool,
      groupId: 'g',
      topics: ['docs'],
      name: 'order-status',
      snapshots: { read: async () => snapshot, close: async () => undefined },
      log: quietLogger,
      now: () => new Date(0),
      owesWholeLog: true,
      consumer: () => ({ start: async () => undefined, stop: async () => void stops.push('stop') }),
      stopped: () => false,
      lastRecords: async (asked) => {
        places.push(...asked);
        return new Map([['docs/0', { offset: '3', timestamp: recordAt3 }]]);
      },
    });

  it('given another record at the checkpoint’s last offset, then the join stops the consumer and keeps the finding', async () => {
    const statements: { text: string; values: unknown[] }[] = [];
    const pool = {
      query: async (text: string, values: unknown[]) => {
        statements.push({ text, values });
        return { rows: text.startsWith('SELECT') ? [stored(null)] : [] };
      },
    } as unknown as import('pg').Pool;
    const stops: string[] = [];
    const places: unknown[] = [];
    const watch = watchOn(pool, '1700000009999', stops, places);
    await watch.joined();
    expect(places).toEqual([{ topic: 'docs', partition: 0, offset: 3n }]);
    expect(watch.replaced()?.mismatches).toEqual([
      expect.objectContaining({
        reason: 'records-rewritten',
        checkpoint: expect.objectContaining({ nextOffset: '4', lastTimestamp: '1700000000003' }),
        log: expect.objectContaining({ lastTimestamp: '1700000009999' }),
      }),
    ]);
    expect(watch.replaced()?.message.en).toContain('restored in place from an older backup');
    await new Promise((resolve) => setImmediate(resolve));
    expect(stops).toEqual(['stop']);
    // Kept for the readers that read no records: docs/0 at next offset 4, the record found there.
    const kept = statements.find((s) => s.text.includes('found_record_timestamp = ('));
    expect(kept?.values).toEqual(['g', ['docs'], [0], ['4'], ['1700000009999']]);
    watch.close();
  });

  it('given the record it applied, then the consumer runs and an earlier finding is forgotten', async () => {
    const statements: { text: string; values: unknown[] }[] = [];
    const pool = {
      query: async (text: string, values: unknown[]) => {
        statements.push({ text, values });
        return { rows: text.startsWith('SELECT') ? [stored('1700000009999')] : [] };
      },
    } as unknown as import('pg').Pool;
    const stops: string[] = [];
    const watch = watchOn(pool, '1700000000003', stops);
    await watch.joined();
    expect(watch.replaced()).toBeUndefined();
    const forgotten = statements.find((s) => s.text.includes('found_record_timestamp = ('));
    expect(forgotten?.values).toEqual(['g', [], [], [], []]);
    watch.close();
  });
});
