import type { Logger } from '@tradelog/schemas';
import { apiKeyErrors } from '@tradelog/schemas/access/apiKey';
import type { KeyLookup } from './keyLookup.ts';

/**
 * Remembers key lookups so that intake neither queries Postgres per request nor stops when
 * Postgres hiccups (ARCHITECTURE: "cached so that a database hiccup does not stop intake").
 * Known keys are trusted for `ttlMs`, unknown ones for the shorter `negativeTtlMs` (a key just
 * created works within seconds). When a refresh fails, the last answer is kept and retried
 * after `negativeTtlMs`; only a key never seen before fails, with a retriable 503.
 * Revocation therefore takes effect within `ttlMs` while the database is up.
 */
export interface KeyCache {
  resolve(keyHash: string): Promise<KeyLookup>;
  size(): number;
}

interface Entry {
  value: KeyLookup;
  expiresAt: number;
}

export function createKeyCache(options: {
  lookup: (keyHash: string) => Promise<KeyLookup>;
  now: () => number;
  ttlMs: number;
  negativeTtlMs: number;
  maxEntries?: number;
  logger: Logger;
}): KeyCache {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<KeyLookup>>();
  const maxEntries = options.maxEntries ?? 10_000;

  const remember = (keyHash: string, value: KeyLookup, ttl: number) => {
    entries.delete(keyHash);
    entries.set(keyHash, { value, expiresAt: options.now() + ttl });
    // Map iteration is insertion order, so the first entry is the least recently refreshed.
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  };

  const refresh = async (keyHash: string): Promise<KeyLookup> => {
    const stale = entries.get(keyHash);
    try {
      const value = await options.lookup(keyHash);
      remember(keyHash, value, value.status === 'unknown' ? options.negativeTtlMs : options.ttlMs);
      return value;
    } catch (error) {
      if (stale) {
        options.logger.warn('key lookup failed; using last known answer', { error: error as Error });
        remember(keyHash, stale.value, options.negativeTtlMs);
        return stale.value;
      }
      options.logger.error('key lookup failed; no cached answer', { error: error as Error });
      throw apiKeyErrors.unavailable(error);
    }
  };

  return {
    resolve(keyHash) {
      const entry = entries.get(keyHash);
      if (entry && entry.expiresAt > options.now()) return Promise.resolve(entry.value);
      const pending = inFlight.get(keyHash);
      if (pending) return pending;
      const started = refresh(keyHash).finally(() => inFlight.delete(keyHash));
      inFlight.set(keyHash, started);
      return started;
    },
    size: () => entries.size,
  };
}
