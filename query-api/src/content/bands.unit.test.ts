import { describe, expect, it } from 'vitest';
import { homeData, recommended } from './catalogue.ts';
import {
  channelDetail,
  channelList,
  helpQuery,
  legalLinks,
  navigation,
  newsBand,
  newsInfo,
} from './channels.ts';
import {
  financeBand,
  financeDemand,
  financeSchemes,
  linkBand,
  marketBand,
  roleOptions,
  warrantOf,
} from './homeBands.ts';
import { loadPortalContent } from './operatorContent.ts';
import { apps } from './seed/apps.ts';

const content = loadPortalContent();

describe('channels (README "Channels")', () => {
  it('lists every channel once with its parent, by kind', () => {
    const all = channelList(undefined, 'en');
    expect(new Set(all.map((channel) => channel.columnId)).size).toBe(all.length);
    expect(channelList('news', 'en').map((channel) => channel.name)).toEqual([
      'Industry news',
      'Platform announcements',
    ]);
    expect(all.find((channel) => channel.columnId === 4231)).toMatchObject({ kind: 'help', parentId: 4230 });
    expect(all.find((channel) => channel.columnId === 4218)).toMatchObject({ kind: 'help', parentId: null });
  });

  it('gets a channel with its path, children and count; nothing for an unknown one', () => {
    expect(channelDetail(content, 4231, 'en')).toMatchObject({
      name: 'First steps',
      path: [
        { columnId: 4218, name: 'Help centre' },
        { columnId: 4230, name: 'Getting started' },
        { columnId: 4231, name: 'First steps' },
      ],
      columnList: [],
      total: 1,
    });
    expect(channelDetail(content, 4230, 'cn')!.columnList.map((column) => column.columnId)).toEqual([
      4231, 4232,
    ]);
    expect(channelDetail(content, 1, 'cn')).toBeUndefined();
  });

  it('navigates the news or blog columns with counts and the newest article of each', () => {
    const news = navigation(content, 'news', 'cn');
    expect(news.map((column) => column.columnId)).toEqual([1001, 1002]);
    const total = news.reduce((sum, column) => sum + column.total, 0);
    // The courses and exhibits are the operator's articles too, but not news (README "Courses and showroom").
    expect(total).toBe(content.news.filter((article) => article.columnId <= 1002).length);
    const blog = navigation(content, 'blog', 'en');
    expect(blog.map((column) => [column.columnId, column.total, column.newest?.id])).toEqual([
      [2001, 2, 201],
      [2002, 2, 203],
    ]);
  });

  it('keeps courses and exhibits out of the news: lists, home band and recommendations', () => {
    const courses = content.news.filter((article) => article.columnId === 1003).map((article) => article.id);
    expect(courses.length).toBeGreaterThan(0);
    const home = newsBand(content, 'en').columns.flatMap((column) =>
      column.list.map((article) => article.id),
    );
    expect(home.some((id) => courses.includes(id))).toBe(false);
    expect(recommended(content, courses[0]!, 'en').every((article) => article.columnId === 1003)).toBe(true);
    expect(recommended(content, 101, 'en').some((article) => article.columnId > 1002)).toBe(false);
    expect(homeData(content, 'en').news.some((article) => article.columnId > 1002)).toBe(false);
    expect(channelList('course', 'en')).toEqual([
      { columnId: 1003, name: 'Live courses', kind: 'course', parentId: null },
    ]);
  });

  it('gives an article head without its body, and the home news band newest first per column', () => {
    const info = newsInfo(content, 4242, 'en')!;
    expect(info).toMatchObject({ id: 4242, kind: 'help', title: 'What a successful submission means' });
    expect(info).not.toHaveProperty('body');
    expect(info.path.map((step) => step.columnId)).toEqual([4218, 4233, 4234]);
    expect(newsInfo(content, 999_999, 'en')).toBeUndefined();
    const band = newsBand(content, 'cn');
    expect(band.sample).toBe(true);
    for (const column of band.columns) {
      expect(column.list.length).toBeLessThanOrEqual(3);
      expect(column.list.every((article) => article.columnId === column.columnId)).toBe(true);
    }
  });

  it('queries help articles only, by keyword in either language or under a help column', () => {
    const byKeyword = helpQuery(
      content,
      { keyword: 'Idempotency-Key', columnId: 4218, page: 1, rows: 10 },
      'cn',
    );
    expect(byKeyword.list.map((article) => article.id).sort()).toEqual([4242, 4243]);
    // "隐私" is in the rule centre's privacy policy, not in any help article.
    expect(helpQuery(content, { keyword: '隐私政策', columnId: 4218, page: 1, rows: 10 }, 'cn').total).toBe(
      0,
    );
    const financing = helpQuery(content, { keyword: '', columnId: 4236, page: 1, rows: 10 }, 'en');
    expect(financing.list.map((article) => article.id).sort()).toEqual([4244, 4245]);
    // A rule column is not the help centre's: the whole help centre is listed instead.
    expect(helpQuery(content, { keyword: '', columnId: 4222, page: 1, rows: 50 }, 'en').total).toBe(7);
    expect(helpQuery(content, { keyword: '', columnId: 4218, page: 2, rows: 5 }, 'en').list).toHaveLength(2);
  });

  it('points the footer legal links at the rule centre articles, marked as sample', () => {
    expect(legalLinks(content, 'en')).toEqual([
      { key: 'privacy', id: 5101, title: 'Privacy policy', sample: true },
      { key: 'legalStatement', id: 5102, title: 'Legal statement', sample: true },
      { key: 'dataSecurity', id: 5103, title: 'Data security policy', sample: true },
      { key: 'intellectualProperty', id: 5104, title: 'Intellectual property statement', sample: true },
    ]);
  });
});

describe('home bands (README "Home bands")', () => {
  it('shows the finance filters and the hot products first', () => {
    const band = financeBand(content, 'cn');
    expect(band.dataTypes).toHaveLength(13);
    expect(band.products).toHaveLength(3);
    expect(band.total).toBe(content.finance.products.length);
    const hot = content.finance.products.filter((product) => product.hot).length;
    expect(band.products.filter((product) => product.hot)).toHaveLength(Math.min(hot, 3));
  });

  it('groups products into schemes by the data a company can authorise, no empty scheme', () => {
    const schemes = financeSchemes(content, 'en');
    expect(schemes.length).toBeGreaterThan(0);
    for (const scheme of schemes) {
      expect(scheme.products.length).toBeGreaterThan(0);
      for (const product of scheme.products) {
        const listed = content.finance.products.find((item) => item.slug === product.slug)!;
        expect(listed.dataTypes).toContain(scheme.dataType);
      }
    }
  });

  it('says what an application needs, for the catalogue or one product, and nothing for an unknown one', () => {
    const product = content.finance.products[0]!;
    const one = financeDemand(content, product.slug, 'en')!;
    expect(one.dataTypes.map((type) => type.value).sort()).toEqual([...product.dataTypes].sort());
    expect(one.conditions).toHaveLength(content.finance.conditions.length);
    expect(financeDemand(content, undefined, 'cn')!.dataTypes.length).toBeGreaterThanOrEqual(
      one.dataTypes.length,
    );
    expect(financeDemand(content, 'noSuchProduct', 'cn')).toBeUndefined();
  });

  it('shows the market band and the link-node interfaces from the catalogues', () => {
    const market = marketBand('en');
    expect(market.appTotal).toBe(apps.length);
    expect(market.apps).toHaveLength(6);
    expect(market.tools.length).toBeGreaterThan(0);
    const link = linkBand('en').interfaces;
    expect(link[0]).toMatchObject({ code: 'linkNode', path: '/open/info/link/node' });
    expect(link.some((item) => market.tools.some((tool) => tool.code === item.code))).toBe(false);
  });

  it('labels the §3 roles, and answers a session what it was granted', () => {
    expect(roleOptions('en')[0]).toEqual({
      value: '100',
      label: 'Brand owner / dealer / distributor / factory',
    });
    expect(roleOptions('cn')).toHaveLength(10);
    expect(warrantOf({ grantedRole: '150' }, 'en', 3)).toEqual({
      grantedRole: '150',
      label: 'Business service provider',
      serverFlag: 3,
    });
    expect(warrantOf({ grantedRole: null }, 'cn', 0)).toEqual({
      grantedRole: null,
      label: null,
      serverFlag: 0,
    });
  });
});
