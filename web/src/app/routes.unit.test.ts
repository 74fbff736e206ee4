import { describe, expect, it } from 'vitest';
import {
  matchLocalPath,
  notFoundText,
  pathOf,
  redirectTarget,
  resolvePath,
  switchLocale,
  unsupportedLocaleText,
} from './routes.ts';

describe('resolvePath', () => {
  it('redirects / to the preferred locale, cn by default', () => {
    expect(resolvePath('/')).toEqual({ kind: 'redirect', to: '/cn' });
    expect(resolvePath('/', 'en')).toEqual({ kind: 'redirect', to: '/en' });
  });

  it('resolves home, general, detail and cloud-finance pages', () => {
    expect(resolvePath('/cn')).toEqual({ kind: 'page', locale: 'cn', match: { page: 'home' } });
    expect(resolvePath('/en/index')).toMatchObject({ kind: 'page', match: { page: 'home' } });
    expect(resolvePath('/en/about.html')).toMatchObject({ locale: 'en', match: { page: 'about' } });
    expect(resolvePath('/cn/PartnerIn/centralize')).toMatchObject({ match: { page: 'joinCentralize' } });
    expect(resolvePath('/cn/newVersion/centralize')).toMatchObject({
      match: { page: 'form', param: 'centralize' },
    });
    expect(resolvePath('/cn/docsDetail-pod_api.html')).toMatchObject({
      match: { page: 'docsDetail', param: 'pod_api' },
    });
    expect(resolvePath('/cn/helpCenter-4239.html')).toMatchObject({
      match: { page: 'helpCenter', param: '4239' },
    });
    expect(resolvePath('/cn/cloudFinanceZsyh-xwsdd.html')).toMatchObject({
      match: { page: 'cloudFinanceDetail', param: 'Zsyh-xwsdd' },
    });
    expect(resolvePath('/cn/cloudFinance.html')).toMatchObject({ match: { page: 'cloudFinance' } });
    expect(resolvePath('/cn/newVersion/register')).toMatchObject({
      match: { page: 'form', param: 'register' },
    });
    expect(resolvePath('/cn/newVersion/about')).toMatchObject({ match: { page: 'about' } });
    expect(resolvePath('/en/console/lender')).toMatchObject({ match: { page: 'consoleLender' } });
  });

  it('gives the unsupported-locale 404 for locale-shaped first segments', () => {
    expect(resolvePath('/fr/about.html')).toEqual({ kind: 'notFound', message: unsupportedLocaleText });
    expect(resolvePath('/zh-TW')).toEqual({ kind: 'notFound', message: unsupportedLocaleText });
  });

  it('gives the route 404 for malformed parameters of known patterns', () => {
    expect(resolvePath('/cn/newsDetails-abc')).toEqual({ kind: 'notFound', message: notFoundText });
    expect(resolvePath('/cn/cloudFinanceNope.html')).toEqual({ kind: 'notFound', message: notFoundText });
    expect(resolvePath('/cn/newVersion/unknownForm')).toEqual({ kind: 'notFound', message: notFoundText });
  });

  it('redirects unknown paths to / of their locale, and old links into a locale', () => {
    expect(resolvePath('/cn/no/such/page')).toEqual({ kind: 'redirect', to: '/cn' });
    expect(resolvePath('/whatever/else')).toEqual({ kind: 'redirect', to: '/' });
    expect(resolvePath('/about.html', 'en')).toEqual({ kind: 'redirect', to: '/en/about.html' });
  });
});

describe('paths', () => {
  it('builds canonical paths that resolve back to the same page', () => {
    for (const [page, param] of [
      ['about', undefined],
      ['newsDetails', '101'],
      ['cloudFinanceDetail', 'Kjdsddrz'],
      ['docsDetail', 'pod_api'],
      ['form', 'inquiry'],
      ['home', undefined],
    ] as const) {
      const path = pathOf('en', page, param);
      const resolved = resolvePath(path);
      expect(resolved).toMatchObject({ kind: 'page', match: { page } });
    }
    expect(matchLocalPath('blog-7')).toEqual({ page: 'blog', param: '7' });
  });

  it('switches the locale segment and keeps the page', () => {
    expect(switchLocale('/cn/about.html', 'en')).toBe('/en/about.html');
    expect(switchLocale('/en', 'cn')).toBe('/cn');
    expect(switchLocale('/', 'en')).toBe('/en');
  });

  it('keeps the query string that names a detail page', () => {
    expect(switchLocale('/cn/toolCloudDetail.html', 'en', 'code=vesselArchive')).toBe(
      '/en/toolCloudDetail.html?code=vesselArchive',
    );
    expect(switchLocale('/en/courseLiveDetail', 'cn', '?id=109')).toBe('/cn/courseLiveDetail?id=109');
    expect(switchLocale('/en/about.html', 'cn', '')).toBe('/cn/about.html');
  });
});

describe('redirectTarget', () => {
  it('keeps the query string across the redirect to the locale path (a login lands on /?SESSION=…)', () => {
    expect(redirectTarget('/cn', '?SESSION=YWJj&x=1')).toBe('/cn?SESSION=YWJj&x=1');
    expect(redirectTarget('/cn', 'SESSION=YWJj')).toBe('/cn?SESSION=YWJj');
    expect(redirectTarget('/cn', '')).toBe('/cn');
    expect(redirectTarget('/cn?a=1', '?b=2')).toBe('/cn?a=1');
  });
});
