import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttlCache.ts';

describe('the read caches’ TTL cache', () => {
  const setup = (trusted = () => true) => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache<string, number>({ ttlMs: 100, now: () => clock, maxEntries: 2, trusted });
    const load = async () => ++loads;
    return { cache, load, tick: (ms: number) => (clock += ms), loads: () => loads };
  };

  it('answers from memory within the TTL and loads again after it', async () => {
    const { cache, load, tick } = setup();
    expect(await cache.get('k', load)).toBe(1);
    tick(99);
    expect(await cache.get('k', load)).toBe(1);
    tick(1);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('forgets everything on clear, and never keeps a load that began before the clear', async () => {
    const { cache, load } = setup();
    await cache.get('k', load);
    let release = () => {};
    const slow = cache.get('s', () => new Promise<number>((resolve) => (release = () => resolve(42))));
    cache.clear();
    release();
    expect(await slow).toBe(42);
    expect(cache.size).toBe(0);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('holds nothing while untrusted (the invalidation channel is down)', async () => {
    let trusted = false;
    const { cache, load, loads } = setup(() => trusted);
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads()).toBe(2);
    trusted = true;
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads()).toBe(3);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const { cache, load } = setup();
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', load)).toBe(4);
  });
});
