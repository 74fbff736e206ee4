import { createLogger, TradelogError } from '@tradelog/schemas';
import type { LogBatch } from '@tradelog/schemas/kit/log/consumer';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPartitionBackoff } from './partitionBackoff.ts';
import { quietContentionRetries } from './partitionRetry.ts';

const pgError = (code: string) => {
  const error = new pg.DatabaseError('from postgres', 0, 'error');
  error.code = code;
  return error;
};
const batchOf = (topic: string, partition: number) => ({ topic, partition }) as LogBatch;
const at = new Date('2026-01-01T00:00:00Z');

function backoffWithSends() {
  const sends: { topic: string; partition: number; from: string; delayMs: number }[] = [];
  const backoff = createPartitionBackoff({
    log: createLogger({ service: 'test' }, { write: () => undefined }),
    now: () => at,
    retryBackoff: { initial: 100, max: 1000 },
    retryFrom: (topic, partition, from, delayMs) => sends.push({ topic, partition, from, delayMs }),
  });
  return { backoff, sends };
}

describe('partitionBackoff: failed partitions fetched again, and what health waits for', () => {
  it('given a dependency fault, when retried, then the partition is sent back and health waits for its code', () => {
    const { backoff, sends } = backoffWithSends();
    backoff.retryLater(batchOf('orders', 0), '12', pgError('08006'));
    expect(sends).toMatchObject([{ topic: 'orders', partition: 0, from: '12' }]);
    expect(backoff.waitingFor()).toEqual({ code: 'PG_08006', since: at.toISOString(), partitions: 1 });
  });

  it('given contention within the quiet budget, when retried, then health is not told', () => {
    const { backoff, sends } = backoffWithSends();
    for (let n = 0; n < quietContentionRetries; n++)
      backoff.retryLater(batchOf('orders', 0), '1', pgError('40P01'));
    expect(sends).toHaveLength(quietContentionRetries);
    expect(backoff.waitingFor()).toBeUndefined();
  });

  it('given two failed partitions, when one goes through, then health waits until the other does too', () => {
    const { backoff } = backoffWithSends();
    const down = new TradelogError('KAFKA_UNAVAILABLE', 'down', { status: 503, retriable: true });
    backoff.retryLater(batchOf('orders', 0), '1', down);
    backoff.retryLater(batchOf('orders', 1), '1', down);
    expect(backoff.waitingFor()?.partitions).toBe(2);
    backoff.succeeded('orders/0');
    expect(backoff.waitingFor()).toBeDefined();
    backoff.succeeded('orders/1');
    expect(backoff.waitingFor()).toBeUndefined();
  });
});
