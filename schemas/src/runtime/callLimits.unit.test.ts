import { describe, expect, it } from 'vitest';
import { createCallLimits, limitHeaders } from './callLimits.ts';

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
