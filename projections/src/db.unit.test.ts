import { describe, expect, it } from 'vitest';
import { pagedTotal } from './db.ts';

describe('the total of a paged select', () => {
  it('is the count every row carries, as a number (Postgres bigint arrives as text)', () => {
    expect(pagedTotal([{ total: '42' }, { total: '42' }])).toBe(42);
  });

  it('is 0 for an empty page', () => {
    expect(pagedTotal([])).toBe(0);
  });
});
