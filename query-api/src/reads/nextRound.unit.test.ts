import { describe, expect, it } from 'vitest';
import { createNextRound } from './nextRound.ts';

describe('next-round sharing', () => {
  it('gives every caller a run that started after it called, one run per round', async () => {
    const started: number[] = [];
    const releases: (() => void)[] = [];
    let clock = 0;
    const next = createNextRound(async (_key: string) => {
      const at = ++clock;
      started.push(at);
      await new Promise<void>((resolve) => releases.push(resolve));
      return at;
    });
    const first = next('p'); // run 1 starts now
    clock = 10;
    const second = next('p'); // arrives during run 1: shares run 2
    const third = next('p'); // same
    expect(started).toEqual([1]);
    releases.shift()!();
    expect(await first).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 11]);
    const fourth = next('p'); // arrives during run 2: shares run 3, not run 2
    releases.shift()!();
    expect([await second, await third]).toEqual([11, 11]);
    await new Promise((resolve) => setImmediate(resolve));
    releases.shift()!();
    expect(await fourth).toBe(12);
  });

  it('keeps keys apart and passes a failure to the callers of that round only', async () => {
    let fail = true;
    const next = createNextRound(async (key: string) => {
      if (fail && key === 'bad') throw new Error('down');
      return key;
    });
    await expect(next('bad')).rejects.toThrow('down');
    expect(await next('good')).toBe('good');
    fail = false;
    expect(await next('bad')).toBe('bad');
  });
});
