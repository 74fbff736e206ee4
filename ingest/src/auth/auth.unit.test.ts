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

  it('answers known keys from the cache for half the ttl, then checks them again', async () => {
    const { cache, calls, advance } = setup([partner, { status: 'revoked' }]);
    expect(await cache.resolve('h')).toEqual(partner);
    advance(499);
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

  it('rides out a database failure with the last answer only within the ttl of its check, then fails closed', async () => {
    const { cache, calls, advance } = setup([
      partner,
      new Error('db down'),
      new Error('db down'),
      new Error('db down'),
      new Error('db down'),
      partner,
    ]);
    await cache.resolve('h');
    advance(500);
    // Checked 500 ms ago, the lookup fails: kept, and retried after the negative ttl.
    expect(await cache.resolve('h')).toEqual(partner);
    advance(50);
    expect(await cache.resolve('h')).toEqual(partner);
    expect(calls).toHaveLength(2);
    advance(50);
    expect(await cache.resolve('h')).toEqual(partner);
    advance(399);
    expect(await cache.resolve('h')).toEqual(partner);
    expect(calls).toHaveLength(4);
    // 1,000 ms since its last check: the key fails closed, as a never-seen one does.
    advance(1);
    await expect(cache.resolve('h')).rejects.toMatchObject({ code: 'AUTH_UNAVAILABLE', status: 503 });
    expect(await cache.resolve('h')).toEqual(partner);
    expect(calls).toHaveLength(6);
  });

  it('forgets every answer at once when told keys changed, and keeps no answer read before', async () => {
    let release: (value: KeyLookup) => void = () => undefined;
    const answers: (KeyLookup | Promise<KeyLookup>)[] = [
      partner,
      new Promise<KeyLookup>((resolve) => {
        release = resolve;
      }),
      { status: 'revoked' },
    ];
    const cache = createKeyCache({
      lookup: async () => answers.shift()!,
      now: () => 0,
      ttlMs: 60_000,
      negativeTtlMs: 1_000,
      logger: silent,
    });
    expect(await cache.resolve('h')).toEqual(partner);
    cache.forgetAll();
    expect(cache.size()).toBe(0);
    // A lookup under way when the change is announced answers its request, and is not kept.
    const during = cache.resolve('h');
    cache.forgetAll();
    release(partner);
    expect(await during).toEqual(partner);
    expect(await cache.resolve('h')).toEqual({ status: 'revoked' });
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
