import type { KeyValueStorage } from '../stores/storage.ts';
import { type PageId, resolvePath } from './routes.ts';

/**
 * §4 "Offline tracking exists; loading prefetch is skipped on 2g or data saver". Pure rules with
 * a thin shell in App.tsx and Link.tsx (web/README.md "Loading and tracking").
 */

/** The Network Information API's fields we read (Chromium's `navigator.connection`; absent elsewhere). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetch unless the visitor asked to save data or the connection is 2g ("slow-2g" too). */
export function mayPrefetch(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/**
 * Pages loaded on demand (registry.tsx) register their loader here, so a link pointing at one can
 * fetch its code when the visitor shows the intent to follow it (hover, focus, touch).
 */
const loaders = new Map<PageId, () => Promise<unknown>>();
export function registerPageLoader(pages: readonly PageId[], load: () => Promise<unknown>): void {
  for (const page of pages) loaders.set(page, load);
}

/** The loader for a link's target, when the target is a page loaded on demand. */
export function loaderFor(href: string): (() => Promise<unknown>) | undefined {
  const path = href.split(/[?#]/)[0] ?? '';
  const resolution = resolvePath(path);
  return resolution.kind === 'page' ? loaders.get(resolution.match.page) : undefined;
}

export function prefetchFor(href: string, connection: ConnectionHints | undefined): void {
  if (!mayPrefetch(connection)) return;
  // A failed prefetch is not the visitor's problem: following the link loads it again (§4 reload guard).
  loaderFor(href)?.().catch(() => undefined);
}

/** Page views made while offline, kept (bounded) until the connection returns. */
export interface PageView {
  path: string;
  at: number;
}
export const offlinePageViewsKey = 'tradelog.offlinePageViews';
export const maxOfflinePageViews = 100;

function queued(storage: KeyValueStorage): PageView[] {
  try {
    const value = JSON.parse(storage.getItem(offlinePageViewsKey) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as PageView[]) : [];
  } catch {
    return [];
  }
}

/**
 * A page view: reported at once when online; kept in storage when offline (the newest
 * `maxOfflinePageViews`), to be reported when the connection returns. Returns what to report now:
 * the views kept from before, then this one.
 */
export function pageViewsToReport(
  storage: KeyValueStorage,
  view: PageView | undefined,
  online: boolean,
): PageView[] {
  const kept = queued(storage);
  if (!online) {
    if (view)
      storage.setItem(offlinePageViewsKey, JSON.stringify([...kept, view].slice(-maxOfflinePageViews)));
    return [];
  }
  if (kept.length > 0) storage.removeItem(offlinePageViewsKey);
  return view ? [...kept, view] : kept;
}
