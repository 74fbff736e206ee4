import type { RegionalSiteSetting } from '@tradelog/schemas/portal/content';
import { describe, expect, it } from 'vitest';
import { createContentStore } from './content.ts';
import { createFormStore } from './forms.ts';
import { createLayoutStore, progressAt } from './layout.ts';
import { createLocaleStore, localeStorageKey } from './locale.ts';
import {
  createLocationStore,
  decideLocationDialog,
  locationFlagKey,
  nextLocalMidnight,
  regionalSiteUrl,
} from './location.ts';
import { createSessionStore, sessionFromQuery, userMenu, withoutSessionParam } from './session.ts';
import { memoryStorage, readExpiring, writeExpiring } from './storage.ts';

describe('locale store', () => {
  it('reads the stored locale, falls back to cn, and persists changes', () => {
    expect(createLocaleStore(memoryStorage({ [localeStorageKey]: 'fr' })).getState().locale).toBe('cn');
    const storage = memoryStorage({ [localeStorageKey]: 'en' });
    const store = createLocaleStore(storage);
    expect(store.getState().locale).toBe('en');
    store.getState().setLocale('cn');
    expect(storage.getItem(localeStorageKey)).toBe('cn');
  });
});

describe('expiring values (§4)', () => {
  it('drops values after their lifetime, default 30 minutes', () => {
    const storage = memoryStorage();
    writeExpiring(storage, 'k', { a: 1 }, 1_000);
    expect(readExpiring(storage, 'k', 1_000 + 1_799_999)).toEqual({ a: 1 });
    expect(readExpiring(storage, 'k', 1_000 + 1_800_000)).toBeUndefined();
    expect(storage.getItem('k')).toBeNull();
  });
});

describe('layout store', () => {
  it('fixes the header once scrolled, toggles popups and eases the progress bar', () => {
    const store = createLayoutStore();
    store.getState().scrolled(120);
    expect(store.getState().headerFixed).toBe(true);
    store.getState().scrolled(0);
    expect(store.getState().headerFixed).toBe(false);
    store.getState().toggleSidePopup('consult');
    expect(store.getState().sidePopup).toBe('consult');
    store.getState().toggleSidePopup('consult');
    expect(store.getState().sidePopup).toBeNull();
    store.getState().toggleSidePopup('course');
    store.getState().dismissSidePopup();
    expect(store.getState().sidePopup).toBeNull();
    store.getState().startProgress();
    store.getState().advanceProgress(2500);
    const mid = store.getState().progress!;
    expect(mid).toBeGreaterThan(progressAt(0));
    expect(progressAt(60_000)).toBeLessThan(1);
    store.getState().finishProgress();
    expect(store.getState().progress).toBeNull();
  });
});

describe('session (§4)', () => {
  it('decodes SESSION from the query string and takes it off the address', () => {
    expect(sessionFromQuery(`?SESSION=${btoa('abc-123')}&x=1`)).toBe('abc-123');
    expect(sessionFromQuery('?SESSION=%%%')).toBeUndefined();
    expect(sessionFromQuery('?other=1')).toBeUndefined();
    expect(withoutSessionParam(`https://portal.example/cn?SESSION=${btoa('a')}&x=1#top`)).toBe('/cn?x=1#top');
    expect(withoutSessionParam('https://portal.example/cn?SESSION=abc')).toBe('/cn');
  });

  it('stores the user only when result is 1 and the page is not a dashboard', () => {
    const store = createSessionStore();
    store.getState().begin();
    store.getState().received({ result: 1, data: { name: '李明', clientFlag: 1, serverFlag: 3 } }, 'index');
    expect(store.getState().userName).toBe('李明');
    store.getState().received({ result: 1, data: { name: '李明' } }, 'serviceScreen');
    expect(store.getState().userName).toBeUndefined();
    store.getState().received({ result: 0 }, 'index');
    expect(store.getState().loginUserMess).toBeUndefined();
  });

  it('applies the client and server flag rules of §2', () => {
    expect(userMenu({ name: 'a', clientFlag: 1, serverFlag: 3 })).toEqual({ client: true, server: true });
    expect(userMenu({ name: 'a', clientFlag: 0, serverFlag: 2 })).toEqual({ client: false, server: false });
  });
});

describe('city-location dialog (§4)', () => {
  const now = new Date(2026, 5, 1, 15, 30).getTime();
  // The operator's settings: addresses per site; Yinchuan has none configured here.
  const sites: RegionalSiteSetting[] = [
    { id: 'gba', url: 'https://www.example.com/', main: true, cities: ['广州', '深圳'] },
    { id: 'huangshi', url: 'https://hs.example.com/', main: false, cities: ['黄石', '武汉'] },
    { id: 'yinchuan', main: false, cities: ['银川'] },
  ];
  const decide = (host: string, city: string | undefined) =>
    decideLocationDialog({ sites, host, city, shownUntil: undefined, now });

  it('shows when the city belongs to another site, or on a non-main site with unknown city', () => {
    expect(decide('www.example.com', '黄石市')).toMatchObject({
      show: true,
      suggested: { id: 'huangshi' },
      target: { id: 'huangshi' },
    });
    expect(decide('www.example.com', '深圳市')).toEqual({ show: false });
    expect(decide('hs.example.com', undefined)).toMatchObject({
      show: true,
      suggested: undefined,
      target: { id: 'gba' },
    });
    expect(decide('www.example.com', undefined)).toEqual({ show: false });
    // Any other host (a preview, a bare IP) is the main site.
    expect(decide('127.0.0.1:5173', '武汉市')).toMatchObject({ show: true, target: { id: 'huangshi' } });
  });

  it('never suggests a site without an address, and runs no rule without configured sites', () => {
    expect(decide('www.example.com', '银川市')).toEqual({ show: false });
    expect(
      decideLocationDialog({
        sites: [],
        host: 'www.example.com',
        city: '黄石市',
        shownUntil: undefined,
        now,
      }),
    ).toEqual({ show: false });
  });

  it('goes to the site with hasSetLocation=true', () => {
    expect(regionalSiteUrl(sites[1]!)).toBe('https://hs.example.com/?hasSetLocation=true');
  });

  it('is shown once until the next local midnight', () => {
    const storage = memoryStorage();
    const store = createLocationStore(storage);
    store.getState().consider({ sites, host: 'www.example.com', city: '武汉市', now });
    expect(store.getState().open).toBe(true);
    expect(Number(storage.getItem(locationFlagKey))).toBe(nextLocalMidnight(now));
    expect(new Date(nextLocalMidnight(now)).getHours()).toBe(0);
    store.getState().close();
    store.getState().consider({ sites, host: 'www.example.com', city: '武汉市', now: now + 60_000 });
    expect(store.getState().open).toBe(false);
    store
      .getState()
      .consider({ sites, host: 'www.example.com', city: '武汉市', now: nextLocalMidnight(now) + 1 });
    expect(store.getState().open).toBe(true);
  });
});

describe('content store', () => {
  it('loads once, serves from cache, and expires after the lifetime', async () => {
    let clock = 0;
    let calls = 0;
    const store = createContentStore({ now: () => clock, lifetimeMs: 1000 });
    const fetcher = async () => {
      calls += 1;
      return { n: calls };
    };
    await Promise.all([store.getState().load('k', fetcher), store.getState().load('k', fetcher)]);
    expect(calls).toBe(1);
    expect(store.getState().peek('k')).toMatchObject({ status: 'ready', value: { n: 1 } });
    clock = 1000;
    expect(store.getState().peek('k')).toBeUndefined();
    await store.getState().load('k', fetcher);
    expect(store.getState().peek('k')).toMatchObject({ value: { n: 2 } });
    await store.getState().load('bad', async () => {
      throw new Error('The request failed. Please try again.');
    });
    expect(store.getState().peek('bad')).toMatchObject({
      status: 'error',
      message: 'The request failed. Please try again.',
    });
  });
});

describe('form store', () => {
  it('shows errors of touched fields, then all of them after a submit attempt', () => {
    const store = createFormStore('contact');
    store.getState().change('phone', '123');
    store.getState().blur('phone');
    expect(store.getState().visibleErrors()).toEqual({ phone: 'phoneInvalid' });
    expect(store.getState().trySubmit()).toBeUndefined();
    expect(Object.keys(store.getState().visibleErrors()).sort()).toEqual([
      'demand',
      'industry',
      'name',
      'phone',
    ]);
    store.getState().change('name', '王芳');
    store.getState().change('phone', '020-87654321');
    store.getState().change('industry', '110');
    store.getState().change('demand', '需要跨境仓储与报关一体化服务');
    expect(store.getState().trySubmit()).toMatchObject({ name: '王芳' });
  });
});
