import type { Consumer } from 'kafkajs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../runtime/log.ts';
import { createCommitHints } from './commitHints.ts';
import { type LogConsumerStatus, logBatchOf, nextStatus } from './consumer.ts';
import { earlyStartOffsets, readStartOffsets, seekAssigned } from './joinSeeks.ts';
import { createPartitionHolds } from './partitionHolds.ts';

const at = (iso: string) => () => new Date(iso);

describe('nextStatus: the log consumer’s status after a change', () => {
  const running: LogConsumerStatus = { state: 'running', since: new Date(0), restarts: 2, failedRestarts: 0 };

  it('given the same state and fault, then the same object', () => {
    expect(nextStatus(running, 'running', undefined, at('2026-01-01T00:00:00Z'))).toBe(running);
  });

  it('given a new state, then since moves, restarts stay, the fault is kept', () => {
    expect(nextStatus(running, 'reconnecting', 'broker gone', at('2026-01-01T00:00:00Z'))).toEqual({
      state: 'reconnecting',
      since: new Date('2026-01-01T00:00:00Z'),
      restarts: 2,
      failedRestarts: 0,
      lastError: 'broker gone',
    });
  });

  it('given running again, then failed restarts are 0 and the fault is gone', () => {
    const reconnecting = { ...running, state: 'reconnecting' as const, failedRestarts: 3, lastError: 'x' };
    const next = nextStatus(reconnecting, 'running', undefined, at('2026-01-01T00:00:00Z'));
    expect(next.failedRestarts).toBe(0);
    expect('lastError' in next).toBe(false);
  });
});

describe('partitionHolds: partitions held back by the log consumer', () => {
  afterEach(() => vi.useRealTimers());
  const fakeConsumer = () => {
    const calls: string[] = [];
    const consumer = {
      pause: (t: { topic: string; partitions: number[] }[]) => calls.push(`pause ${t[0]!.partitions[0]}`),
      resume: (t: { topic: string; partitions: number[] }[]) => calls.push(`resume ${t[0]!.partitions[0]}`),
      seek: (s: { partition: number; offset: string }) => calls.push(`seek ${s.partition}@${s.offset}`),
    } as unknown as Consumer;
    return { consumer, calls };
  };
  const log = createLogger({ service: 'test' }, { write: () => undefined });

  it('given a retry, when its delay passes, then the partition is fetched again from the offset', () => {
    vi.useFakeTimers();
    const { consumer, calls } = fakeConsumer();
    const holds = createPartitionHolds({ consumer: () => consumer, log });
    holds.retryFrom('t', 1, '7', 100);
    expect(holds.has('t/1')).toBe(true);
    vi.advanceTimersByTime(100);
    expect(holds.has('t/1')).toBe(false);
    expect(calls).toEqual(['pause 1', 'seek 1@7', 'resume 1']);
  });

  it('given a pause, then only resume ends it; a retry is not resumed early', () => {
    vi.useFakeTimers();
    const { consumer, calls } = fakeConsumer();
    const holds = createPartitionHolds({ consumer: () => consumer, log });
    holds.pause('t', 0, '5');
    holds.retryFrom('t', 2, '1', 1000);
    holds.resume('t', 2);
    expect(holds.has('t/2')).toBe(true);
    holds.resume('t', 0);
    expect(holds.has('t/0')).toBe(false);
    expect(calls).toEqual(['pause 0', 'seek 0@5', 'pause 2', 'resume 0']);
    holds.clear();
  });

  it('given a new assignment, then the hold ends and the partition is resumed', () => {
    const { consumer, calls } = fakeConsumer();
    const holds = createPartitionHolds({ consumer: () => consumer, log });
    holds.pause('t', 3, '9');
    holds.releaseOnJoin(consumer, 't', 3);
    expect(holds.has('t/3')).toBe(false);
    expect(calls.at(-1)).toBe('resume 3');
  });
});

describe('joinSeeks: where a join starts each partition', () => {
  it('given the early read, then the first join takes it and later joins read again', async () => {
    let reads = 0;
    const early = earlyStartOffsets(async () => new Map([['t/0', String(++reads)]]));
    expect(early.take()).toBeUndefined();
    await early.reading;
    expect(early.take()?.get('t/0')).toBe('1');
    expect(early.take()).toBeUndefined();
  });

  it('given unreadable checkpoints, then partitions start where Kafka has them, with a warning', async () => {
    const lines: string[] = [];
    const log = createLogger({ service: 'test' }, { write: (line: string) => void lines.push(line) });
    const offsets = await readStartOffsets(() => Promise.reject(new Error('db down')), log);
    expect(offsets.size).toBe(0);
    expect(lines.join('')).toContain('start offsets not readable');
  });

  it('given an assignment, then each partition ends its hold and seeks to its checkpoint, 0 without one', () => {
    const calls: string[] = [];
    const consumer = {
      seek: (s: { topic: string; partition: number; offset: string }) =>
        calls.push(`seek ${s.topic}/${s.partition}@${s.offset}`),
    } as unknown as Consumer;
    const held = {
      releaseOnJoin: (_: Consumer, topic: string, partition: number) =>
        calls.push(`release ${topic}/${partition}`),
    };
    seekAssigned(consumer, { a: [0, 1], b: [2] }, new Map([['a/1', '40']]), held);
    expect(calls).toEqual([
      'release a/0',
      'seek a/0@0',
      'release a/1',
      'seek a/1@40',
      'release b/2',
      'seek b/2@0',
    ]);
  });
});

describe('commitHints: offsets committed as a hint, at most once an interval', () => {
  afterEach(() => vi.useRealTimers());

  it('given batches within the interval, then one commit; after it, the next', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const commits: unknown[] = [];
    const payload = {
      uncommittedOffsets: () => ({ topics: [] }),
      commitOffsetsIfNecessary: async (offsets: unknown) => void commits.push(offsets),
    };
    const commitHint = createCommitHints(5_000);
    await commitHint(payload);
    await commitHint(payload);
    expect(commits).toHaveLength(1);
    vi.setSystemTime(1_005_000);
    await commitHint(payload);
    expect(commits).toHaveLength(2);
  });

  it('given a failed commit, then the batch goes on', async () => {
    const commitHint = createCommitHints();
    await expect(
      commitHint({
        uncommittedOffsets: () => ({ topics: [] }),
        commitOffsetsIfNecessary: () => Promise.reject(new Error('broker gone')),
      }),
    ).resolves.toBeUndefined();
  });
});

describe('logBatchOf: a fetched batch as onBatch gets it', () => {
  it('given messages, then records of the batch topic and partition, headers never absent', () => {
    const batch = {
      topic: 't',
      partition: 4,
      messages: [{ offset: '9', key: Buffer.from('k'), value: null, headers: undefined }],
    } as unknown as Parameters<typeof logBatchOf>[0];
    const logBatch = logBatchOf(batch, () => false);
    expect(logBatch.records).toEqual([
      { topic: 't', partition: 4, offset: '9', key: Buffer.from('k'), value: null, headers: {} },
    ]);
    expect(logBatch.isActive()).toBe(false);
  });
});
