import { createStore } from 'zustand/vanilla';
import { defaultCacheLifetimeMs } from './storage.ts';

/**
 * A small cache of content responses keyed by call and payload, so moving between pages does
 * not refetch what was just shown. Entries expire after the spec's default 30 minutes (§4, §9)
 * and failures are kept as errors so the page can show the §8 text.
 */
export type Entry<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T; at: number }
  | { status: 'error'; message: string; at: number };

export interface ContentState {
  entries: Record<string, Entry<unknown>>;
  load<T>(key: string, fetcher: () => Promise<T>): Promise<void>;
  peek<T>(key: string): Entry<T> | undefined;
  invalidate(key?: string): void;
}

export function createContentStore(options: { now: () => number; lifetimeMs?: number }) {
  const lifetime = options.lifetimeMs ?? defaultCacheLifetimeMs;
  const inFlight = new Map<string, Promise<void>>();
  return createStore<ContentState>()((set, get) => ({
    entries: {},
    peek<T>(key: string) {
      const entry = get().entries[key] as Entry<T> | undefined;
      if (entry && entry.status !== 'loading' && options.now() - entry.at >= lifetime) return undefined;
      return entry;
    },
    async load<T>(key: string, fetcher: () => Promise<T>) {
      const current = get().peek<T>(key);
      if (current?.status === 'ready') return;
      const running = inFlight.get(key);
      if (running) return running;
      set({ entries: { ...get().entries, [key]: { status: 'loading' } } });
      const task = fetcher().then(
        (value) =>
          set({ entries: { ...get().entries, [key]: { status: 'ready', value, at: options.now() } } }),
        (error: unknown) =>
          set({
            entries: {
              ...get().entries,
              [key]: {
                status: 'error',
                message: error instanceof Error ? error.message : String(error),
                at: options.now(),
              },
            },
          }),
      );
      inFlight.set(key, task);
      try {
        await task;
      } finally {
        inFlight.delete(key);
      }
    },
    invalidate(key) {
      if (key === undefined) set({ entries: {} });
      else {
        const { [key]: _dropped, ...rest } = get().entries;
        set({ entries: rest });
      }
    },
  }));
}
export type ContentStore = ReturnType<typeof createContentStore>;
