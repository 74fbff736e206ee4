import { describe, expect, it } from 'vitest';
import { outcomeOf } from './groupTransaction.ts';

describe('outcomeOf: what a partition’s plan did in a committed group transaction', () => {
  it('given an applied plan, then its counts, position and limit stop', () => {
    const plan = {
      kind: 'apply' as const,
      pending: [{}, {}] as never[],
      nextOffset: 7n,
      through: '6',
      stoppedAtLimit: true,
    };
    expect(outcomeOf(plan, 1)).toEqual({
      kind: 'applied',
      applied: 2,
      deadLettered: 1,
      nextOffset: 7n,
      through: '6',
      stoppedAtLimit: true,
    });
  });

  it('given a partition that went back or is inactive, then only its kind', () => {
    expect(outcomeOf({ kind: 'went-back', checkpoint: 3n, first: '9' }, 0)).toEqual({ kind: 'went-back' });
    expect(outcomeOf({ kind: 'inactive' }, 0)).toEqual({ kind: 'inactive' });
  });
});
