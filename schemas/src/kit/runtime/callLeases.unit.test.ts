import { RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import {
  grantedOf,
  type Lease,
  leaseAfterTake,
  refusalAsAnswer,
  spendFromLease,
  takerVerdict,
} from './callLeases.ts';

const rule = { points: 20, windowSeconds: 60, per: 'caller' as const };

describe('grantedOf: the calls of a block within the rule', () => {
  it('grants the whole block while the window has room, the rest of the rule at its edge, nothing past it', () => {
    expect(grantedOf(rule, 5, 5)).toBe(5);
    expect(grantedOf(rule, 5, 22)).toBe(3);
    expect(grantedOf(rule, 5, 25)).toBe(0);
  });

  it('grants nothing to a subject blocked in memory (nothing counted)', () => {
    expect(grantedOf(rule, 5, 0)).toBe(0);
  });
});

describe('leaseAfterTake: what a block leaves to spend', () => {
  const asked = { size: 5, at: 1_000, spendOne: true };

  it('holds the granted calls less the one the taker spends, and what the store has left', () => {
    expect(
      leaseAfterTake(rule, undefined, asked, { consumedPoints: 5, msBeforeNext: 60_000 }, 1_000),
    ).toEqual({
      left: 4,
      size: 5,
      remaining: 15,
      endsAt: 61_000,
      refused: false,
    });
  });

  it('adds calls left from the same window', () => {
    const current: Lease = { left: 2, size: 5, remaining: 15, endsAt: 61_000, refused: false };
    const count = { consumedPoints: 10, msBeforeNext: 59_000 };
    const later = { ...asked, at: 2_000, spendOne: false };
    expect(leaseAfterTake(rule, current, later, count, 2_000)).toMatchObject({ left: 7, remaining: 10 });
  });

  it('lets what an ended window left lapse', () => {
    const current: Lease = { left: 2, size: 5, remaining: 15, endsAt: 61_000, refused: false };
    const count = { consumedPoints: 5, msBeforeNext: 60_000 };
    const next = { ...asked, at: 62_000, spendOne: false };
    expect(leaseAfterTake(rule, current, next, count, 62_000)).toMatchObject({ left: 5, endsAt: 122_000 });
  });

  it('records the refusal when nothing was granted, and holds nothing once every call is spent', () => {
    expect(
      leaseAfterTake(rule, undefined, asked, { consumedPoints: 25, msBeforeNext: 9_000 }, 1_000),
    ).toEqual({
      left: 0,
      size: 5,
      remaining: 0,
      endsAt: 10_000,
      refused: true,
    });
    const one = { ...asked, size: 1 };
    expect(
      leaseAfterTake(rule, undefined, one, { consumedPoints: 1, msBeforeNext: 9_000 }, 1_000),
    ).toBeUndefined();
  });
});

describe('spendFromLease: the verdict memory can give', () => {
  it('spends a held call and counts what is left in the window', () => {
    const lease: Lease = { left: 2, size: 5, remaining: 10, endsAt: 5_000, refused: false };
    expect(spendFromLease(rule, lease, 1_000)).toMatchObject({
      allowed: true,
      remaining: 11,
      resetSeconds: 4,
    });
    expect(lease.left).toBe(1);
  });

  it('refuses until a refusal ends, and leaves an empty or ended lease to the store', () => {
    const refused: Lease = { left: 0, size: 5, remaining: 0, endsAt: 5_000, refused: true };
    expect(spendFromLease(rule, refused, 1_000)).toMatchObject({ allowed: false, remaining: 0 });
    expect(spendFromLease(rule, refused, 5_000)).toBeUndefined();
    expect(spendFromLease(rule, { ...refused, refused: false }, 1_000)).toBeUndefined();
    expect(spendFromLease(rule, undefined, 1_000)).toBeUndefined();
  });
});

describe('the taker and the store', () => {
  it('refuses the taker granted nothing, else counts the store and the lease', () => {
    expect(takerVerdict(rule, 0, undefined, 3_000)).toMatchObject({ allowed: false, remaining: 0 });
    const lease: Lease = { left: 3, size: 5, remaining: 10, endsAt: 5_000, refused: false };
    expect(takerVerdict(rule, 5, lease, 3_000)).toMatchObject({ allowed: true, remaining: 13 });
    expect(takerVerdict(rule, 1, undefined, 3_000)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("answers with the limiter's refusal and rethrows a store fault", () => {
    const refusal = new RateLimiterRes(0, 1_000, 21);
    expect(refusalAsAnswer(refusal)).toBe(refusal);
    expect(() => refusalAsAnswer(new Error('down'))).toThrow('down');
  });
});
