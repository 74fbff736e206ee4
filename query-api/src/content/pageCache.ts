import { createHash } from 'node:crypto';

/**
 * The page cache of portal spec §7/§9 ("Page cache: up to 10000 entries for 3,600,000 ms"; "a
 * page-cache reset happens on a server request to /cleancache"). The portal's pages are rendered
 * in the browser; what the server renders per request is the content answers, so those are what
 * it keeps (README "Page cache"): the serialised answer of a content read, by its method, path,
 * language and payload, least recently used out first.
 *
 * Beside §9's bounds, a budget of characters (default 32 Mi, about 64 MiB of memory): a key holds the payload's hash, not the
 * payload, but a visitor varying an ignored parameter would otherwise fill 10000 entries with
 * copies of the largest answer. Pure but for the clock, passed in.
 */
export interface PageCacheOptions {
  maxEntries: number;
  ttlMs: number;
  maxChars: number;
  now: () => number;
}

export const pageCacheDefaults = {
  maxEntries: 10_000,
  ttlMs: 3_600_000,
  maxChars: 32 * 1024 * 1024,
} as const;

export interface PageCache {
  get(key: string): string | undefined;
  set(key: string, body: string): void;
  /** Empties the cache; answers how many entries it held. */
  clear(): number;
  readonly size: number;
}

/** The key of a read: its method and path with the payload's canonical JSON, hashed to a fixed size. */
export function pageKey(method: string, path: string, payload: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(payload)
      .sort()
      .map((key) => [key, payload[key]]),
  );
  return `${method} ${path} ${createHash('sha256').update(canonical).digest('base64url')}`;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, { body: string; expiresAt: number }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= options.now()) {
        drop(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.body;
    },
    set(key, body) {
      drop(key);
      if (body.length > options.maxChars) return;
      entries.set(key, { body, expiresAt: options.now() + options.ttlMs });
      bytes += body.length;
      while (entries.size > options.maxEntries || bytes > options.maxChars) {
        drop(entries.keys().next().value as string);
      }
    },
    clear() {
      const held = entries.size;
      entries.clear();
      bytes = 0;
      return held;
    },
    get size() {
      return entries.size;
    },
  };
}
