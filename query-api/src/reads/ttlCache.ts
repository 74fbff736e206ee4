/**
 * A small in-memory cache of loaded values (the read caches, README "Read caches"): entries live
 * `ttlMs`; `clear` forgets everything at once. A load that began before a `clear` is handed to
 * its caller but not kept: a value read before an invalidation must never outlive it.
 * Pure over its clock; the loading is passed in.
 */
export interface TtlCache<K, V> {
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** The value held for the key, if any (nothing is loaded). */
  peek(key: K): V | undefined;
  set(key: K, value: V): void;
  clear(): void;
  delete(key: K): void;
  readonly size: number;
}

export function createTtlCache<K, V>(options: {
  ttlMs: number;
  now: () => number;
  /** Entries kept at most; the oldest go first. */
  maxEntries: number;
  /** False: hold nothing and load every time (the invalidation channel is down). */
  trusted?: () => boolean;
}): TtlCache<K, V> {
  const entries = new Map<K, { value: V; expiresAt: number }>();
  let generation = 0;
  return {
    async get(key, load) {
      const trusted = options.trusted?.() ?? true;
      const hit = entries.get(key);
      if (trusted && hit && hit.expiresAt > options.now()) return hit.value;
      if (hit) entries.delete(key);
      const startedIn = generation;
      const value = await load();
      if (trusted && startedIn === generation && (options.trusted?.() ?? true)) {
        if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as K);
        entries.set(key, { value, expiresAt: options.now() + options.ttlMs });
      }
      return value;
    },
    peek(key) {
      if (!(options.trusted?.() ?? true)) return undefined;
      const hit = entries.get(key);
      return hit && hit.expiresAt > options.now() ? hit.value : undefined;
    },
    set(key, value) {
      if (!(options.trusted?.() ?? true)) return;
      if (entries.size >= options.maxEntries && !entries.has(key))
        entries.delete(entries.keys().next().value as K);
      entries.set(key, { value, expiresAt: options.now() + options.ttlMs });
    },
    clear() {
      generation++;
      entries.clear();
    },
    delete(key) {
      generation++;
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
