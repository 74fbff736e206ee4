import type { Logger } from '@tradelog/schemas';
import { apiKeyErrors } from '@tradelog/schemas/access/apiKey';
import type { KeyLookup } from './keyLookup.ts';

/**
 * Remembers key lookups so that intake neither queries Postgres per request nor stops when
 * Postgres hiccups (ARCHITECTURE: "cached so that a database hiccup does not stop intake"), and
 * never lets a revoked key write for long (README "Key cache"):
 *
 * - Every cached key is dropped the moment Postgres announces a change to keys or accounts
 *   (`forgetAll`, called by `listenForKeyChanges` on `tradelog_api_keys`, and again on every
 *   reconnect of the listening connection): a revocation holds within the notification's way, well
 *   under a second.
 * - An answer is used as it is for half of `ttlMs`, then looked up again. While the lookup fails
 *   (Postgres unreachable) the last answer is kept, retried every `negativeTtlMs`, but only until
 *   `ttlMs` after it was last checked: past that the key fails closed with a retriable 503, as a
 *   key never seen does. So no key is trusted for longer than `ttlMs` without a check.
 * - Unknown keys are remembered for the shorter `negativeTtlMs` (a key just created works within
 *   seconds, and at once when the notification comes).
 */
export interface KeyCache {
  resolve(keyHash: string): Promise<KeyLookup>;
  /** Drops every cached answer: keys or grants changed, or changes may have been missed. */
  forgetAll(): void;
  size(): number;
}

interface Entry {
  value: KeyLookup;
  /** When Postgres last gave this answer. */
  checkedAt: number;
  /** When to look it up again. */
  refreshAt: number;
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
  // Bumped by forgetAll: a lookup that started before it may have read the old row, so its
  // answer is returned to its own request but not remembered.
  let generation = 0;

  const remember = (keyHash: string, entry: Entry) => {
    entries.delete(keyHash);
    entries.set(keyHash, entry);
    // Map iteration is insertion order, so the first entry is the least recently refreshed.
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  };

  const refresh = async (keyHash: string): Promise<KeyLookup> => {
    const stale = entries.get(keyHash);
    const started = generation;
    try {
      const value = await options.lookup(keyHash);
      const now = options.now();
      const fresh = value.status === 'unknown' ? options.negativeTtlMs : options.ttlMs / 2;
      if (started === generation) remember(keyHash, { value, checkedAt: now, refreshAt: now + fresh });
      return value;
    } catch (error) {
      const now = options.now();
      const trustedUntil = stale ? stale.checkedAt + options.ttlMs : 0;
      if (stale && now < trustedUntil) {
        options.logger.warn('key lookup failed; using the answer checked within the ttl', {
          error: error as Error,
        });
        remember(keyHash, { ...stale, refreshAt: Math.min(now + options.negativeTtlMs, trustedUntil) });
        return stale.value;
      }
      // Fail closed: never checked, or not checked for longer than the ttl.
      if (stale) entries.delete(keyHash);
      options.logger.error('key lookup failed; no answer checked within the ttl', { error: error as Error });
      throw apiKeyErrors.unavailable(error);
    }
  };

  return {
    resolve(keyHash) {
      const entry = entries.get(keyHash);
      if (entry && entry.refreshAt > options.now()) return Promise.resolve(entry.value);
      const pending = inFlight.get(keyHash);
      if (pending) return pending;
      const started = refresh(keyHash).finally(() => inFlight.delete(keyHash));
      inFlight.set(keyHash, started);
      return started;
    },
    forgetAll() {
      generation++;
      entries.clear();
    },
    size: () => entries.size,
  };
}
