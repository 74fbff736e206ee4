import { describe, expect, it } from 'vitest';
import { resolvePath } from '../app/routes.ts';
import { cn } from '../i18n/cn.ts';
import { en } from '../i18n/en.ts';
import {
  analyticsScripts,
  chatUrl,
  drawerVariant,
  embeddedByProduct,
  headerMenu,
  mayReloadAfterChunkError,
  platformLinks,
} from './menu.ts';

describe('header menu', () => {
  it('links only to resolvable pages, in both locales', () => {
    for (const [locale, dict] of [
      ['cn', cn],
      ['en', en],
    ] as const) {
      const paths = headerMenu(locale, dict).flatMap((entry) => [
        ...(entry.path ? [entry.path] : []),
        ...(entry.groups ?? []).flatMap((group) => group.children.map((child) => child.path)),
      ]);
      expect(paths.length).toBeGreaterThan(15);
      for (const path of paths) expect(resolvePath(path).kind, path).toBe('page');
    }
  });

  it('gives every entry its icon, tips and index, and every child its index in its entry (§3)', () => {
    for (const dict of [cn, en]) {
      const menu = headerMenu('cn', dict);
      expect(menu.map((entry) => entry.index)).toEqual(menu.map((_, index) => index));
      for (const entry of menu) {
        expect(entry.icon).toBe(entry.id);
        expect(entry.tips.length, entry.id).toBeGreaterThan(3);
        const children = (entry.groups ?? []).flatMap((group) => group.children);
        expect(children.map((child) => child.index)).toEqual(children.map((_, index) => index));
      }
    }
  });

  it('marks order financing hot', () => {
    const market = headerMenu('cn', cn).find((entry) => entry.id === 'market')!;
    const hot = market.groups!.flatMap((group) => group.children).filter((child) => child.hot);
    expect(hot.map((child) => child.text)).toEqual(['订单融资']);
  });
});

describe('layout rules', () => {
  it('chooses drawer variants, chat address, embedding and management links', () => {
    expect(drawerVariant('docsDetail')).toBe('openPlatform');
    expect(drawerVariant('cloudFinanceDetail')).toBe('finance');
    expect(drawerVariant('helpCenterList')).toBe('help');
    expect(drawerVariant('ruleCenter')).toBe('rules');
    expect(drawerVariant('about')).toBe('default');
    const chat = { www: 'https://chat.example.com/www', other: 'https://chat.example.com/site' };
    expect(chatUrl('www.example.com', chat)).toBe(chat.www);
    expect(chatUrl('hs.example.com', chat)).toBe(chat.other);
    expect(chatUrl('www.example.com', undefined)).toBeUndefined();
    expect(embeddedByProduct('?isApp=1')).toBe(true);
    expect(embeddedByProduct('?issue=1&page=2')).toBe(false);
  });

  it('sends login, logout and the platform links to the configured platform, else to the portal’s own pages', () => {
    const external = platformLinks('https://platform.example/', 'cn');
    expect(external.login).toBe('https://platform.example/login');
    expect(external.management(false, '/a', '/b')).toBe('https://platform.example/login');
    expect(external.management(true, '/a', '/b')).toContain('pageUrl=%2Fa&menuUrl=%2Fb');
    expect(external.afterLogout('https://www.example/cn')).toBe(
      'https://platform.example/logout?redirect=https%3A%2F%2Fwww.example%2Fcn',
    );
    const own = platformLinks(undefined, 'en');
    expect(own).toMatchObject({ login: '/en/newVersion/login', register: '/en/newVersion/register' });
    expect(own.afterLogout('https://www.example/en')).toBe('https://www.example/en');
    for (const path of [own.login, own.register, own.client, own.server, own.management(true, '', '')])
      expect(resolvePath(path).kind, path).toBe('page');
  });

  it('reloads after a chunk error at most once per minute', () => {
    expect(mayReloadAfterChunkError(undefined, 0)).toBe(true);
    expect(mayReloadAfterChunkError(1_000, 60_999)).toBe(false);
    expect(mayReloadAfterChunkError(1_000, 61_000)).toBe(true);
  });
});

describe('analytics (§7)', () => {
  const analytics = { hosts: ['www.example.com'], scripts: ['https://stats.example.net/a.js'] };
  it('loads the scripts only on the configured hosts', () => {
    expect(analyticsScripts('www.example.com', analytics)).toEqual(analytics.scripts);
    expect(analyticsScripts('127.0.0.1:5173', analytics)).toEqual([]);
    expect(analyticsScripts('www.example.com', undefined)).toEqual([]);
  });
});
