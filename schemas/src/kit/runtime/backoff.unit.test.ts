import { describe, expect, it } from 'vitest';
import { retryDelayMs, retryForever } from './backoff.ts';

describe('retry delay', () => {
  it('doubles from the initial delay up to the cap, half of each step random', () => {
    const low = { initial: 500, max: 10_000, random: () => 0 };
    const high = { initial: 500, max: 10_000, random: () => 1 };
    expect([1, 2, 3, 6, 20].map((attempt) => retryDelayMs(attempt, low))).toEqual([
      250, 500, 1000, 5000, 5000,
    ]);
    expect([1, 2, 3, 6, 20].map((attempt) => retryDelayMs(attempt, high))).toEqual([
      500, 1000, 2000, 10_000, 10_000,
    ]);
  });

  it('spreads instances that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(4, { initial: 250 })));
    expect(delays.size).toBeGreaterThan(10);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(1000);
  });
});

describe('retry forever', () => {
  it('tries again after each failure, with the backoff delay, until the step succeeds', async () => {
    const retries: { attempt: number; delayMs: number; error: unknown }[] = [];
    const tried: number[] = [];
    const result = await retryForever(
      async (attempt) => {
        tried.push(attempt);
        if (attempt < 4) throw new Error(`down ${attempt}`);
        return 'up';
      },
      { initial: 2, max: 4, random: () => 1, onRetry: (retry) => retries.push(retry) },
    );
    expect(result).toBe('up');
    expect(tried).toEqual([1, 2, 3, 4]);
    expect(retries.map(({ attempt, delayMs }) => [attempt, delayMs])).toEqual([
      [1, 2],
      [2, 4],
      [3, 4],
    ]);
    expect(retries[0]?.error).toMatchObject({ message: 'down 1' });
  });

  it('ends with the failure, without waiting, once stopped', async () => {
    let stopped = false;
    const retried: number[] = [];
    const failing = retryForever(
      async (attempt) => {
        if (attempt === 2) stopped = true;
        throw new Error(`down ${attempt}`);
      },
      { initial: 1, stopped: () => stopped, onRetry: ({ attempt }) => retried.push(attempt) },
    );
    await expect(failing).rejects.toThrow('down 2');
    expect(retried).toEqual([1]);
  });
});
