import { describe, expect, it } from 'vitest';
import { bulkOutcome, toggled } from './deadLetterSelection.ts';

describe('dead-letter selection', () => {
  it('adds an id not selected and removes one that is, leaving the old set as it was', () => {
    const before = new Set(['a']);
    expect([...toggled(before, 'b')]).toEqual(['a', 'b']);
    expect([...toggled(before, 'a')]).toEqual([]);
    expect([...before]).toEqual(['a']);
  });

  it('counts what a bulk retry or discard changed and skipped', () => {
    expect(bulkOutcome({ retrying: ['a', 'b'], skipped: ['c'] })).toEqual({ changed: 2, skipped: 1 });
    expect(bulkOutcome({ discarded: ['a'], skipped: [] })).toEqual({ changed: 1, skipped: 0 });
    expect(bulkOutcome({ skipped: ['a'] })).toEqual({ changed: 0, skipped: 1 });
  });
});
