import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

describe('createBatcher', () => {
  it('sends the first call at once and coalesces the calls that arrive while it is in flight', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const call = createBatcher<number, number>(async (items) => {
      batches.push([...items]);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((item) => item * 10);
    });
    const first = call(1);
    const rest = [call(2), call(3), call(4)];
    release();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('fails every call of a failed batch, and carries on with the next', async () => {
    let fail = true;
    const call = createBatcher<number, number>(async (items) => {
      if (fail) {
        fail = false;
        throw new Error('database away');
      }
      return items.map((item) => item);
    });
    await expect(call(1)).rejects.toThrow('database away');
    expect(await call(2)).toBe(2);
  });

  it('runs at most maxInFlight batches at once', async () => {
    let running = 0;
    let most = 0;
    const call = createBatcher<number, number>(
      async (items) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return [...items];
      },
      { maxInFlight: 2 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5, 6].map(call))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
  });

  it('keeps batches within the bound', async () => {
    const sizes: number[] = [];
    const call = createBatcher<number, number>(
      async (items) => {
        sizes.push(items.length);
        return [...items];
      },
      { maxBatch: 2 },
    );
    await Promise.all([1, 2, 3, 4, 5].map(call));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2);
  });
});
