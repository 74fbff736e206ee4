import { describe, expect, it } from 'vitest';
import type { AttemptWindow } from '../http/attemptWindows.ts';
import {
  type CheckValueKind,
  type CheckValueRules,
  checkValueSubjects,
  defaultCheckValueRules,
  judgeCheckValue,
} from './checkValueAttempts.ts';

const minute = 60_000;
const t0 = Date.parse('2026-03-01T00:00:00Z');
const rules: CheckValueRules = {
  'check-value-failures-key': { limit: 3, windowMs: 60 * minute },
  'check-value-failures-parcel': { limit: 2, windowMs: 24 * 60 * minute },
  'check-value-failures-account': { limit: 5, windowMs: 60 * minute },
};
const windows = (stored: Partial<Record<CheckValueKind, AttemptWindow>> = {}) =>
  new Map<CheckValueKind, AttemptWindow | null>(Object.entries(stored) as [CheckValueKind, AttemptWindow][]);

describe('judgeCheckValue', () => {
  it('Given no window, When a right value comes, Then it is matched and counts nothing', () => {
    expect(judgeCheckValue(windows(), rules, true, t0)).toEqual({ outcome: 'matched' });
  });

  it('Given no window, When a wrong value comes, Then it opens a window of one in each', () => {
    expect(judgeCheckValue(windows(), rules, false, t0)).toEqual({
      outcome: 'mismatch',
      save: [
        ['check-value-failures-key', { startedAt: t0, count: 1 }],
        ['check-value-failures-parcel', { startedAt: t0, count: 1 }],
        ['check-value-failures-account', { startedAt: t0, count: 1 }],
      ],
    });
  });

  it('Given a parcel one short of its limit, When a wrong value fills it, Then that value already answers the lock', () => {
    const verdict = judgeCheckValue(
      windows({ 'check-value-failures-parcel': { startedAt: t0, count: 1 } }),
      rules,
      false,
      t0 + minute,
    );
    expect(verdict).toMatchObject({
      outcome: 'locked',
      kind: 'check-value-failures-parcel',
      until: t0 + 24 * 60 * minute,
    });
    // Counted all the same, in every window.
    expect(verdict.outcome === 'locked' && verdict.save.length).toBe(3);
  });

  it('Given a full key window, When the right value comes, Then it is refused like a wrong one, and counts nothing', () => {
    const full = windows({ 'check-value-failures-key': { startedAt: t0, count: 3 } });
    expect(judgeCheckValue(full, rules, true, t0 + minute)).toEqual({
      outcome: 'locked',
      kind: 'check-value-failures-key',
      until: t0 + 60 * minute,
      save: [],
    });
    expect(judgeCheckValue(full, rules, false, t0 + minute)).toMatchObject({ outcome: 'locked', save: [] });
  });

  it('Given several full windows, When a value comes, Then the lock lasts until the last one ends', () => {
    const verdict = judgeCheckValue(
      windows({
        'check-value-failures-key': { startedAt: t0, count: 3 },
        'check-value-failures-parcel': { startedAt: t0, count: 2 },
      }),
      rules,
      true,
      t0,
    );
    expect(verdict).toMatchObject({ kind: 'check-value-failures-parcel', until: t0 + 24 * 60 * minute });
  });

  it('Given a full window that has ended, When a wrong value comes, Then a new window opens', () => {
    const verdict = judgeCheckValue(
      windows({ 'check-value-failures-key': { startedAt: t0, count: 3 } }),
      rules,
      false,
      t0 + 60 * minute,
    );
    expect(verdict).toMatchObject({ outcome: 'mismatch' });
    expect(verdict.outcome === 'mismatch' && verdict.save[0]).toEqual([
      'check-value-failures-key',
      { startedAt: t0 + 60 * minute, count: 1 },
    ]);
  });

  it('allows a guesser a handful of the 10,000 phone tails a day, never a sweep', () => {
    // Per parcel, whatever the number of keys and accounts.
    expect(defaultCheckValueRules['check-value-failures-parcel'].limit).toBeLessThanOrEqual(10);
    expect(defaultCheckValueRules['check-value-failures-parcel'].windowMs).toBeGreaterThanOrEqual(
      24 * 60 * minute,
    );
  });

  it('locks its windows in one order: kind, then subject', () => {
    const kinds = checkValueSubjects({ keyId: 'k', accountId: 'a', parcel: 'express/SF/1' }).map(
      ([kind]) => kind,
    );
    expect(kinds).toEqual([...kinds].sort());
  });
});
