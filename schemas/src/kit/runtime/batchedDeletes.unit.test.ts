import { describe, expect, it } from 'vitest';
import { deleteInBatches } from './batchedDeletes.ts';

describe('deleteInBatches', () => {
  /** A table of `rows` rows a statement deletes at most `limit` of. */
  const table = (rows: number) => {
    const calls: number[] = [];
    return {
      calls,
      deleteBatch: async (limit: number) => {
        const deleted = Math.min(rows, limit);
        rows -= deleted;
        calls.push(deleted);
        return deleted;
      },
    };
  };

  it('goes on while statements come back full, and stops at the first that is not', async () => {
    const { calls, deleteBatch } = table(25);
    expect(await deleteInBatches(deleteBatch, 10)).toBe(25);
    expect(calls).toEqual([10, 10, 5]);
  });

  it('asks once more after an exact multiple, and never past maxBatches', async () => {
    const exact = table(20);
    expect(await deleteInBatches(exact.deleteBatch, 10)).toBe(20);
    expect(exact.calls).toEqual([10, 10, 0]);
    const capped = table(100);
    expect(await deleteInBatches(capped.deleteBatch, 10, 3)).toBe(30);
  });
});
