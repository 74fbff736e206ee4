import { createStore } from 'zustand/vanilla';
import { defaultLocale, isLocale, type Locale } from '../app/routes.ts';
import type { KeyValueStorage } from './storage.ts';

/**
 * Locale state (portal spec §3, §4): allowed locales cn and en, current locale read from local
 * storage (default cn). The URL's locale segment wins when present; the store remembers it so
 * `/` and old links land in the visitor's language, and the request helper adds it to payloads.
 */
export const localeStorageKey = 'lang';

export interface LocaleState {
  locale: Locale;
  setLocale(locale: Locale): void;
}

export function createLocaleStore(storage: KeyValueStorage) {
  const stored = storage.getItem(localeStorageKey);
  return createStore<LocaleState>()((set) => ({
    locale: isLocale(stored) ? stored : defaultLocale,
    setLocale(locale) {
      storage.setItem(localeStorageKey, locale);
      set({ locale });
    },
  }));
}
export type LocaleStore = ReturnType<typeof createLocaleStore>;
