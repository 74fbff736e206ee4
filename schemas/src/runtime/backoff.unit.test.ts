import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.ts';

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
