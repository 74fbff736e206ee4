import { describe, expect, it } from 'vitest';
import { batchSize } from './readBatches.ts';

describe('the size of a shared read', () => {
  it('is a power of two, at most what waits and the most allowed', () => {
    expect([1, 2, 3, 5, 8, 13, 31, 32, 40].map((waiting) => batchSize(waiting, 32))).toEqual([
      1, 2, 2, 4, 8, 8, 16, 32, 32,
    ]);
    expect(batchSize(40, 20)).toBe(16);
    expect(batchSize(0, 32)).toBe(1);
  });
});
