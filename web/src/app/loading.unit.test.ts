import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../stores/storage.ts';
import {
  loaderFor,
  maxOfflinePageViews,
  mayPrefetch,
  offlinePageViewsKey,
  pageViewsToReport,
  registerPageLoader,
} from './loading.ts';

describe('prefetch (§4: skipped on 2g or data saver)', () => {
  it('prefetches unless data saver is on or the connection is 2g', () => {
    expect(mayPrefetch(undefined)).toBe(true);
    expect(mayPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(mayPrefetch({ effectiveType: '3g', saveData: false })).toBe(true);
    expect(mayPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(mayPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(mayPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('finds the loader of a link to a page loaded on demand, and none for other pages', () => {
    const load = async () => 'docs';
    registerPageLoader(['docsCenter'], load);
    expect(loaderFor('/en/docsCenter-logistics?x=1')).toBe(load);
    expect(loaderFor('/en/about.html')).toBeUndefined();
  });
});

describe('offline tracking (§4)', () => {
  it('keeps page views while offline and reports them, in order, when back online', () => {
    const storage = memoryStorage();
    expect(pageViewsToReport(storage, { path: '/en', at: 1 }, true)).toEqual([{ path: '/en', at: 1 }]);
    expect(pageViewsToReport(storage, { path: '/en/about.html', at: 2 }, false)).toEqual([]);
    expect(pageViewsToReport(storage, { path: '/en/sitemap.html', at: 3 }, false)).toEqual([]);
    expect(pageViewsToReport(storage, undefined, true)).toEqual([
      { path: '/en/about.html', at: 2 },
      { path: '/en/sitemap.html', at: 3 },
    ]);
    expect(storage.getItem(offlinePageViewsKey)).toBeNull();
    expect(pageViewsToReport(storage, undefined, true)).toEqual([]);
  });

  it('keeps only the newest views, and survives a damaged store', () => {
    const storage = memoryStorage({ [offlinePageViewsKey]: 'not json' });
    for (let at = 0; at < maxOfflinePageViews + 5; at++)
      pageViewsToReport(storage, { path: `/p${at}`, at }, false);
    const reported = pageViewsToReport(storage, undefined, true);
    expect(reported).toHaveLength(maxOfflinePageViews);
    expect(reported[0]!.at).toBe(5);
  });
});
