import { describe, expect, it } from 'vitest';
import { attemptsPerRound, nextRetryDelayMs } from './retrySchedule.ts';

describe('retry schedule', () => {
  it('gives express exactly two retries, after 15 and then 30 minutes, then stops', () => {
    expect(nextRetryDelayMs('express', 1)).toBe(15 * 60_000);
    expect(nextRetryDelayMs('express', 2)).toBe(30 * 60_000);
    expect(nextRetryDelayMs('express', 3)).toBeUndefined();
    expect(nextRetryDelayMs('express-map', 3)).toBeUndefined();
    expect(attemptsPerRound('express')).toBe(3);
  });

  it('grows the delays of the other families and caps them at eight retries', () => {
    for (const family of ['ocean', 'terminal', 'changes'] as const) {
      const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => nextRetryDelayMs(family, n)!);
      expect(delays[0]).toBe(60_000);
      expect(delays.at(-1)).toBe(8 * 3_600_000);
      for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThan(delays[i - 1]!);
      expect(nextRetryDelayMs(family, 9)).toBeUndefined();
      expect(attemptsPerRound(family)).toBe(9);
    }
  });

  it('scales every delay for tests, never below a millisecond', () => {
    expect(nextRetryDelayMs('express', 1, 1 / 900)).toBe(1000);
    expect(nextRetryDelayMs('express', 2, 1 / 900)).toBe(2000);
    expect(nextRetryDelayMs('ocean', 1, 0)).toBe(1);
  });

  it('refuses a failure count below one', () => {
    expect(() => nextRetryDelayMs('ocean', 0)).toThrow(RangeError);
  });
});
