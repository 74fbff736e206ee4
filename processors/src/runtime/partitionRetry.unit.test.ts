import { TradelogError } from '@tradelog/schemas';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { planRetry, quietContentionRetries, waitingAfter } from './partitionRetry.ts';

const pgError = (code: string) => {
  const error = new pg.DatabaseError('from postgres', 0, 'error');
  error.code = code;
  return error;
};
const deadlock = pgError('40P01');
const connectionLost = pgError('08006');
const fixed = { initial: 100, max: 1000, random: () => 1 };

describe('planRetry: when and how loudly a failed partition is fetched again', () => {
  it('given a first failure, when planned, then the delay is the backoff’s first step', () => {
    expect(planRetry(connectionLost, 1, fixed).delayMs).toBe(100);
  });

  it('given repeated failures, when planned, then the delay grows up to its maximum', () => {
    expect(planRetry(connectionLost, 3, fixed).delayMs).toBe(400);
    expect(planRetry(connectionLost, 10, fixed).delayMs).toBe(1000);
  });

  it('given contention, when retried up to the quiet budget, then it is quiet', () => {
    expect(planRetry(deadlock, 1, fixed).quiet).toBe(true);
    expect(planRetry(deadlock, quietContentionRetries, fixed).quiet).toBe(true);
  });

  it('given contention, when it keeps happening past the budget, then it is reported', () => {
    expect(planRetry(deadlock, quietContentionRetries + 1, fixed).quiet).toBe(false);
  });

  it('given a dependency fault, when planned, then it is reported at once', () => {
    expect(planRetry(connectionLost, 1, fixed).quiet).toBe(false);
    const registryDown = new TradelogError('REGISTRY_UNAVAILABLE', 'x', { retriable: true });
    expect(planRetry(registryDown, 1, fixed).quiet).toBe(false);
  });
});

describe('waitingAfter: what the consumer reports waiting for', () => {
  const now = () => new Date('2026-03-01T10:00:00.000Z');

  it('given nothing waiting, when a fault comes, then the wait starts now with its code', () => {
    expect(waitingAfter(undefined, connectionLost, new Map([['docs/0', 1]]), now)).toEqual({
      code: 'PG_08006',
      since: '2026-03-01T10:00:00.000Z',
      partitions: 1,
    });
  });

  it('given a wait under way, when another fault comes, then the code is the latest and the wait keeps its start', () => {
    const previous = { code: 'PG_08006', since: '2026-03-01T09:00:00.000Z', partitions: 1 };
    const attempts = new Map([
      ['docs/0', 3],
      ['docs/1', 1],
    ]);
    expect(waitingAfter(previous, deadlock, attempts, now)).toEqual({
      code: 'PG_40P01',
      since: '2026-03-01T09:00:00.000Z',
      partitions: 2,
    });
  });
});
