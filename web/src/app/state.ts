/**
 * The browser's store instances and the thin hooks components select from (house style §13).
 * The stores themselves are framework-free (`../stores`); only this module touches `window`.
 */

import type { SiteData } from '@tradelog/schemas/portal/contentAnswers';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createConsoleStore, legacyApiKeyStorageKey } from '../console/consoleStore.ts';
import { calls } from '../content/calls.ts';
import { contentCall, createRequest, type RequestOptions } from '../http/request.ts';
import { type Dict, dictionaries } from '../i18n/i18n.ts';
import { platformLinks } from '../layout/menu.ts';
import { type ContentState, createContentStore, type Entry } from '../stores/content.ts';
import { createLayoutStore, type LayoutState } from '../stores/layout.ts';
import { createLocaleStore } from '../stores/locale.ts';
import { createLocationStore, type LocationState } from '../stores/location.ts';
import { createSessionStore, type SessionState, type UserInfoResponse } from '../stores/session.ts';
import { browserStorage } from '../stores/storage.ts';
import type { Locale } from './routes.ts';

const storage = browserStorage();
export const localeStore = createLocaleStore(storage);
export const layoutStore = createLayoutStore();
export const sessionStore = createSessionStore();
export const locationStore = createLocationStore(storage);
export const contentStore = createContentStore({ now: () => Date.now() });
// The console's API key lives in memory only (web/README.md "Console"); a key an earlier
// version left in this tab's session storage is removed.
export const consoleStore = createConsoleStore(() => Date.now());
try {
  globalThis.sessionStorage?.removeItem(legacyApiKeyStorageKey);
} catch {
  // Storage unavailable: nothing was kept there either.
}

/** The portal content API root (§7 "the site's API root"); served by query-api. */
export const contentApiRoot = '/portal-api';

export const request = createRequest({
  baseUrl: contentApiRoot,
  fetch: (input, init) => fetch(input, init),
  language: () => localeStore.getState().locale,
});

export const useLocale = (): Locale => useStore(localeStore, (state) => state.locale);
export const useDict = (): Dict => dictionaries[useLocale()];
export const useLayout = <T>(selector: (state: LayoutState) => T): T => useStore(layoutStore, selector);
export const useSession = <T>(selector: (state: SessionState) => T): T => useStore(sessionStore, selector);
export const useLocation2 = <T>(selector: (state: LocationState) => T): T =>
  useStore(locationStore, selector);

/**
 * Loads one content call through the cache and returns its entry. The key includes the locale,
 * because the API answers in the language of the payload (§7).
 */
export function useContent<T>(call: RequestOptions | undefined): Entry<T> | undefined {
  const locale = useLocale();
  const key = call ? `${locale}|${call.method ?? 'GET'}|${call.url}|${JSON.stringify(call.data ?? {})}` : '';
  const entry = useStore(contentStore, (state: ContentState) =>
    key ? (state.entries[key] as Entry<T> | undefined) : undefined,
  );
  // The key captures everything the call depends on; the descriptor object is new each render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the call's identity
  useEffect(() => {
    if (!call) return;
    void contentStore.getState().load(key, () => contentCall<T>(request, call));
  }, [key]);
  return entry;
}

/** The footer's contact details and the site settings (README "Operator content"); undefined until loaded. */
export function useSite(): SiteData | undefined {
  const entry = useContent<SiteData>(calls.site());
  return entry?.status === 'ready' ? entry.value : undefined;
}

/** §4: ask the content API whom the (HttpOnly) session cookie belongs to, if any. */
export function refreshSession(page: string): Promise<void> {
  sessionStore.getState().begin();
  return request<UserInfoResponse>(calls.userInfo()).then(
    (response) => sessionStore.getState().received(response, page),
    () => sessionStore.getState().failed(),
  );
}

/** §4's `?SESSION=` from the management platform: the server accepts it once and answers its own cookie. */
export async function handOverSession(session: string, page: string): Promise<void> {
  // A spent or unknown token leaves the visitor anonymous; the user-info call below says so.
  await contentCall(request, calls.handOver(session)).catch(() => undefined);
  await refreshSession(page);
}

/** Logout ends the server session; the header forgets the user whatever the network did. */
export async function endSession(): Promise<void> {
  await contentCall(request, calls.logout()).catch(() => undefined);
  sessionStore.getState().clear();
}

/** The external platform's address (build-time `VITE_PLATFORM_URL`); unset: the portal's own pages. */
const platformUrl: string | undefined = import.meta.env.VITE_PLATFORM_URL || undefined;
export const usePlatformLinks = () => platformLinks(platformUrl, useLocale());
