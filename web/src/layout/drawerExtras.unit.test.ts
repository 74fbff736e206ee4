import { describe, expect, it } from 'vitest';
import { resolvePath } from '../app/routes.ts';
import { cn } from '../i18n/cn.ts';
import { en } from '../i18n/en.ts';
import { drawerExtras } from './drawerExtras.ts';

/** Each area's title and links as [path after the locale, cn text, en text]. */
const areas = {
  openPlatform: {
    title: ['开放平台', 'Open platform'],
    links: [
      ['TechnologyPlatform.html', '接入概览', 'Overview'],
      ['docsCenter-logistics', '物流接口', 'Logistics interfaces'],
      ['docsCenter-business', '商务接口', 'Business interfaces'],
      ['docsCenter-logistics2', '数字服务输出', 'Digital service output'],
      ['console', '控制台', 'Console'],
    ],
  },
  finance: {
    title: ['融资产品', 'Financing products'],
    links: [
      ['cloudFinance.html', '云融资', 'Cloud finance'],
      ['cloudFinanceKjdsddrz.html', '订单融资', 'Order financing'],
      ['cloudFinanceXsxed.html', '存货质押', 'Inventory pledge'],
      ['cloudFinanceHmcgwy.html', '贸易采购代理', 'Trade purchasing agency'],
      ['cloudFinanceLklblrz.html', '保理融资', 'Factoring'],
    ],
  },
  help: {
    title: ['帮助中心', 'Help centre'],
    links: [
      ['helpCenterIndex.html', '帮助中心', 'Help centre'],
      ['ruleCenter-5101', '规则中心', 'Rules centre'],
      ['contactUs.html', '联系我们', 'Contact us'],
    ],
  },
  rules: {
    title: ['规则中心', 'Rules centre'],
    links: [
      ['helpCenterIndex.html', '帮助中心', 'Help centre'],
      ['ruleCenter-5101', '规则中心', 'Rules centre'],
      ['contactUs.html', '联系我们', 'Contact us'],
    ],
  },
} as const;

const variants = ['openPlatform', 'finance', 'help', 'rules'] as const;
const readers = [
  ['cn', cn, 0],
  ['en', en, 1],
] as const;

describe('mobile drawer extras', () => {
  it('gives each area its title and links, in both locales', () => {
    for (const variant of variants) {
      const area = areas[variant];
      for (const [locale, dict, column] of readers)
        expect(drawerExtras(variant, locale, dict), `${variant} ${locale}`).toEqual({
          title: area.title[column],
          links: area.links.map(([path, cnText, enText]) => ({
            text: column === 0 ? cnText : enText,
            path: `/${locale}/${path}`,
          })),
        });
    }
  });

  it('links only to resolvable pages', () => {
    for (const variant of variants)
      for (const [locale, dict] of readers)
        for (const link of drawerExtras(variant, locale, dict)?.links ?? [])
          expect(resolvePath(link.path).kind, link.path).toBe('page');
  });

  it('adds nothing on the other pages', () => {
    for (const [locale, dict] of readers) expect(drawerExtras('default', locale, dict)).toBeUndefined();
  });
});
