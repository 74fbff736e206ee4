import type { Consumer } from 'kafkajs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../runtime/log.ts';
import { type LogConsumerStatus, nextStatus } from './consumer.ts';
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
