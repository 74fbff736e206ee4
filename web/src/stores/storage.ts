/**
 * The browser storages the stores persist to, passed in so stores run (and are tested) without
 * a DOM. `memoryStorage` is the test double and the fallback when storage is unavailable
 * (private windows, storage quota exhausted).
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

export function browserStorage(): KeyValueStorage {
  try {
    const probe = '__tradelog_probe__';
    globalThis.localStorage.setItem(probe, probe);
    globalThis.localStorage.removeItem(probe);
    return globalThis.localStorage;
  } catch {
    return memoryStorage();
  }
}

/**
 * §4: "cached local values expire after their effective time (default 30 minutes) and are then
 * removed". Values are stored with their expiry so a later visit drops stale ones.
 */
export const defaultCacheLifetimeMs = 1_800_000;

export function writeExpiring(
  storage: KeyValueStorage,
  key: string,
  value: unknown,
  now: number,
  lifetimeMs = defaultCacheLifetimeMs,
): void {
  storage.setItem(key, JSON.stringify({ value, expiresAt: now + lifetimeMs }));
}

export function readExpiring<T>(storage: KeyValueStorage, key: string, now: number): T | undefined {
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  try {
    const parsed = JSON.parse(raw) as { value: T; expiresAt: number };
    if (typeof parsed.expiresAt !== 'number' || parsed.expiresAt <= now) {
      storage.removeItem(key);
      return undefined;
    }
    return parsed.value;
  } catch {
    storage.removeItem(key);
    return undefined;
  }
}
