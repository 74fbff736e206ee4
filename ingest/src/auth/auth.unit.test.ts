import { createLogger } from '@tradelog/schemas';
import { describe, expect, it } from 'vitest';
import { createKeyCache } from './keyCache.ts';
import type { KeyLookup } from './keyLookup.ts';

const silent = createLogger({}, { write: () => {} });

describe('createKeyCache', () => {
  const partner: KeyLookup = {
    status: 'active',
    kind: 'partner',
    ownerId: 'acme',
    ownerName: 'Acme',
    enterprises: ['*'],
    feeds: [],
  };

  function setup(answers: (KeyLookup | Error)[]) {
    let clock = 0;
    const calls: string[] = [];
    const cache = createKeyCache({
      lookup: async (hash) => {
        calls.push(hash);
        const answer = answers.shift();
        if (answer === undefined) throw new Error('unexpected lookup');
        if (answer instanceof Error) throw answer;
        return answer;
      },
      now: () => clock,
      ttlMs: 1000,
      negativeTtlMs: 100,
      maxEntries: 2,
      logger: silent,
    });
    return { cache, calls, advance: (ms: number) => (clock += ms) };
  }

  it('answers known keys from the cache until the ttl passes', async () => {
    const { cache, calls, advance } = setup([partner, { status: 'revoked' }]);
    expect(await cache.resolve('h')).toEqual(partner);
    advance(999);
    expect(await cache.resolve('h')).toEqual(partner);
    expect(calls).toHaveLength(1);
    advance(1);
    expect(await cache.resolve('h')).toEqual({ status: 'revoked' });
    expect(calls).toHaveLength(2);
  });

  it('remembers unknown keys only for the short negative ttl', async () => {
    const { cache, calls, advance } = setup([{ status: 'unknown' }, partner]);
    expect(await cache.resolve('h')).toEqual({ status: 'unknown' });
    advance(50);
    expect(await cache.resolve('h')).toEqual({ status: 'unknown' });
    advance(50);
    expect(await cache.resolve('h')).toEqual(partner);
    expect(calls).toHaveLength(2);
  });

  it('keeps the last known answer when the database fails, and retries after the negative ttl', async () => {
    const { cache, calls, advance } = setup([
      partner,
      new Error('db down'),
      new Error('db down'),
      { status: 'revoked' },
    ]);
    await cache.resolve('h');
    advance(1000);
    expect(await cache.resolve('h')).toEqual(partner);
    advance(50);
    expect(await cache.resolve('h')).toEqual(partner);
    expect(calls).toHaveLength(2);
    advance(50);
    expect(await cache.resolve('h')).toEqual(partner);
    advance(100);
    expect(await cache.resolve('h')).toEqual({ status: 'revoked' });
    expect(calls).toHaveLength(4);
  });

  it('fails a never-seen key with a retriable 503 while the database is down', async () => {
    const { cache } = setup([new Error('db down')]);
    await expect(cache.resolve('h')).rejects.toMatchObject({
      code: 'AUTH_UNAVAILABLE',
      status: 503,
      retriable: true,
    });
  });

  it('shares one lookup between concurrent requests for the same key', async () => {
    const { cache, calls } = setup([partner]);
    const answers = await Promise.all([cache.resolve('h'), cache.resolve('h'), cache.resolve('h')]);
    expect(answers).toEqual([partner, partner, partner]);
    expect(calls).toHaveLength(1);
  });

  it('evicts the least recently refreshed entry beyond maxEntries', async () => {
    const { cache, calls } = setup([partner, partner, partner, partner]);
    await cache.resolve('a');
    await cache.resolve('b');
    await cache.resolve('c');
    expect(cache.size()).toBe(2);
    await cache.resolve('c');
    await cache.resolve('b');
    expect(calls).toEqual(['a', 'b', 'c']);
    await cache.resolve('a');
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
