import { describe, expect, it } from 'vitest';
import { createCallLimits, leaseBlock, limitHeaders } from './callLimits.ts';

describe('call limits (in memory: the shape, not the store)', () => {
  it('admits the points of a window per subject, then refuses with the time to wait', async () => {
    const limits = createCallLimits({
      table: { q: { points: 2, windowSeconds: 10, per: 'caller' } },
      prefix: 't',
    });
    const first = await limits.consume('q', 'a');
    expect(first).toMatchObject({ allowed: true, limit: 2, remaining: 1, windowSeconds: 10 });
    expect((await limits.consume('q', 'a')).remaining).toBe(0);
    const refused = await limits.consume('q', 'a');
    expect(refused.allowed).toBe(false);
    expect(refused.resetSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.resetSeconds).toBeLessThanOrEqual(10);
    expect((await limits.consume('q', 'b')).allowed).toBe(true);
    await expect(limits.consume('nope' as 'q', 'a')).rejects.toThrow(/no call limit named nope/);
  });

  it('writes the standard headers (RateLimit, RateLimit-Policy, Retry-After when refused)', () => {
    const verdict = { allowed: false, limit: 60, remaining: 0, resetSeconds: 7, windowSeconds: 10 };
    expect(limitHeaders('flight', verdict)).toEqual({
      'RateLimit-Policy': '"flight";q=60;w=10',
      RateLimit: '"flight";r=0;t=7',
      'Retry-After': '7',
    });
    expect(limitHeaders('flight', { ...verdict, allowed: true, remaining: 3 })).not.toHaveProperty(
      'Retry-After',
    );
  });
});

describe('call limits taken in blocks', () => {
  const rule = { points: 23, windowSeconds: 60, per: 'caller' as const };

  it('never admits more than the rule within one window, whatever the block size', async () => {
    for (const block of [1, 2, 5, 7, 23, 50]) {
      const limits = createCallLimits({ table: { a: rule }, prefix: `b${block}`, block: () => block });
      let admitted = 0;
      for (let i = 0; i < 60; i++) if ((await limits.consume('a', 'acct')).allowed) admitted++;
      expect([block, admitted]).toEqual([block, rule.points]);
      const refused = await limits.consume('a', 'acct');
      expect(refused).toMatchObject({ allowed: false, remaining: 0, limit: 23 });
    }
  });

  it('lets concurrent callers share a block being taken instead of each taking one', async () => {
    for (const block of [2, 5, 23]) {
      const limits = createCallLimits({ table: { a: rule }, prefix: `c${block}`, block: () => block });
      const verdicts = await Promise.all(Array.from({ length: 60 }, () => limits.consume('a', 'acct')));
      expect([block, verdicts.filter((verdict) => verdict.allowed).length]).toEqual([block, rule.points]);
    }
  });

  it('admits the whole rule to concurrent callers: one block is taken at a time per subject', async () => {
    const limits = createCallLimits({
      table: { a: { points: 100, windowSeconds: 60, per: 'caller' } },
      prefix: 'concurrent',
      block: () => 10,
    });
    let admitted = 0;
    for (let round = 0; round < 6; round++) {
      const verdicts = await Promise.all(Array.from({ length: 30 }, () => limits.consume('a', 'acct')));
      admitted += verdicts.filter((verdict) => verdict.allowed).length;
    }
    expect(admitted).toBe(100);
  });

  it('answers from the block held without the store, taking the next one before this one runs out', async () => {
    const limits = createCallLimits({
      table: { a: { points: 100, windowSeconds: 60, per: 'caller' } },
      prefix: 'held',
      block: () => 10,
    });
    expect(limits.consumeHeld('a', 'acct')).toBeUndefined(); // nothing held: only the store can say
    expect((await limits.consume('a', 'acct')).allowed).toBe(true); // takes a block, spends one
    let admitted = 1;
    // Spent synchronously; the next block comes in the background, so a caller that waits a turn
    // now and then is never sent to the store.
    for (let round = 0; round < 20; round++) {
      for (let call = 0; call < 4; call++) {
        const verdict = limits.consumeHeld('a', 'acct');
        if (verdict?.allowed) admitted++;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(admitted).toBe(81);
    while (admitted < 100) {
      const verdict = limits.consumeHeld('a', 'acct') ?? (await limits.consume('a', 'acct'));
      expect(verdict.allowed).toBe(true);
      admitted++;
    }
    expect((await limits.consume('a', 'acct')).allowed).toBe(false);
    // The store's refusal is held until the window ends: a flood costs no store call.
    expect(limits.consumeHeld('a', 'acct')).toMatchObject({ allowed: false, remaining: 0, limit: 100 });
  });

  it('grows a block with the demand, up to a twentieth of the window, and never past the rule', async () => {
    const points = 20_000;
    const limits = createCallLimits({
      table: { a: { points, windowSeconds: 60, per: 'caller' } },
      prefix: 'grows',
      block: () => 50,
    });
    expect((await limits.consume('a', 'acct')).allowed).toBe(true); // the first block: 50
    let admitted = 1;
    // Spent as fast as the caller can: the block taken at half of the first one is sized by
    // that rate (well past 50), and held once it came back.
    const spendHeld = () => {
      let spent = 0;
      while (limits.consumeHeld('a', 'acct')?.allowed) spent++;
      return spent;
    };
    admitted += spendHeld();
    expect(admitted).toBe(50);
    await new Promise((resolve) => setImmediate(resolve));
    const second = spendHeld();
    admitted += second;
    expect(second).toBeGreaterThan(100);
    expect(second).toBeLessThanOrEqual(points / 20);
    while (admitted < points + 10) {
      const verdict = limits.consumeHeld('a', 'acct') ?? (await limits.consume('a', 'acct'));
      if (!verdict.allowed) break;
      admitted++;
      if (admitted % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(admitted).toBe(points);
  });

  it('holds nothing for limits counted call by call', async () => {
    const limits = createCallLimits({ table: { a: rule }, prefix: 'single' });
    await limits.consume('a', 'acct');
    expect(limits.consumeHeld('a', 'acct')).toBeUndefined();
  });

  it('takes blocks of a twentieth of the window, at most 50, exact for per-second limits', () => {
    expect(leaseBlock({ points: 10, windowSeconds: 1, per: 'caller' })).toBe(1);
    expect(leaseBlock({ points: 30, windowSeconds: 1, per: 'caller' })).toBe(1);
    expect(leaseBlock({ points: 60, windowSeconds: 10, per: 'caller' })).toBe(3);
    expect(leaseBlock({ points: 1200, windowSeconds: 60, per: 'caller' })).toBe(50);
  });
});
