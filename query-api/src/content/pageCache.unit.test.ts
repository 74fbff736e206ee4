import { describe, expect, it } from 'vitest';
import { createPageCache, pageKey } from './pageCache.ts';

describe('page cache (§9: 10000 entries for 3,600,000 ms; README "Page cache")', () => {
  const cacheAt = (clock: { now: number }, bounds: { maxEntries?: number; maxChars?: number } = {}) =>
    createPageCache({
      maxEntries: bounds.maxEntries ?? 10_000,
      ttlMs: 3_600_000,
      maxChars: bounds.maxChars ?? 1_000_000,
      now: () => clock.now,
    });

  it('keeps an answer for an hour, then forgets it', () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    cache.set('a', '{"result":1}');
    clock.now = 3_599_999;
    expect(cache.get('a')).toBe('{"result":1}');
    clock.now = 3_600_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most its entries, the least recently used out first', () => {
    const cache = cacheAt({ now: 0 }, { maxEntries: 2 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
  });

  it('holds at most its characters, and never an answer larger than all of them', () => {
    const cache = cacheAt({ now: 0 }, { maxChars: 10 });
    cache.set('a', '12345');
    cache.set('b', '123456');
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, '123456']);
    cache.set('c', '12345678901');
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('b')).toBe('123456');
  });

  it('empties on clear and says how many it held', () => {
    const cache = cacheAt({ now: 0 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.clear()).toBe(2);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keys a read by method, path and payload, whatever the payload keys order', () => {
    expect(pageKey('POST', '/x', { a: 1, lang: 'en' })).toBe(pageKey('POST', '/x', { lang: 'en', a: 1 }));
    expect(pageKey('POST', '/x', { lang: 'en' })).not.toBe(pageKey('POST', '/x', { lang: 'cn' }));
    expect(pageKey('GET', '/x', {})).not.toBe(pageKey('POST', '/x', {}));
    // A long payload makes a key of fixed size.
    expect(pageKey('POST', '/x', { q: 'x'.repeat(60_000) }).length).toBeLessThan(80);
  });
});
