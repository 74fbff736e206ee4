import { createPortalValidators } from '@tradelog/schemas/portal/forms';
import { describe, expect, it } from 'vitest';
import { judgeCode, leadFields } from './accounts.ts';
import {
  articleDetail,
  articlePage,
  centreMenu,
  filterFinance,
  financeCategories,
  homeData,
  joinPage,
  keywordsOf,
  recommended,
  searchCentres,
  settlePlatform,
  siteData,
} from './catalogue.ts';
import { cityFromTable, cityOf, createIpLocator, parseCityTable } from './ipLocation.ts';
import { appDetail, appList } from './marketCatalogue.ts';
import { contentReferenceIssues, loadPortalContent, parsePortalContent } from './operatorContent.ts';
import { apps } from './seed/apps.ts';
import { articles } from './seed/articles.ts';
import { marketTools, toolDetail, toolSelection } from './toolMarket.ts';

const content = loadPortalContent();
const financeProducts = content.finance.products;

describe('seed content', () => {
  it('has both languages for every article text', () => {
    for (const article of articles) {
      for (const value of [article.title, article.summary]) {
        expect(value.cn, `${article.id}`).not.toBe('');
        expect(value.en, `${article.id}`).not.toBe('');
      }
    }
  });

  it('keeps §9 rates within 2.9–6% and limits within 1,000万–1亿, one product per detail page', () => {
    expect(financeProducts).toHaveLength(24);
    expect(new Set(financeProducts.map((product) => product.slug)).size).toBe(24);
    for (const product of financeProducts) {
      expect(product.rateMin).toBeGreaterThanOrEqual(2.9);
      expect(product.rateMax).toBeLessThanOrEqual(6);
      expect(product.limitWan).toBeGreaterThanOrEqual(1000);
      expect(product.limitWan).toBeLessThanOrEqual(10000);
    }
    expect(Math.min(...financeProducts.map((product) => product.rateMin))).toBe(2.9);
    expect(Math.max(...financeProducts.map((product) => product.limitWan))).toBe(10000);
  });

  it('prices the software products as §9 says', () => {
    const byName = (cn: string) => apps.find((app) => app.appName.cn === cn)!;
    expect(byName('金融风控系统').prices[0]).toMatchObject({
      saas: { cn: '300,000 元/年' },
      onPremise: { cn: '1,500,000 元 + 180,000 元/年' },
    });
    expect(byName('关务系统').prices.map((row) => [row.edition.en, row.saas.en])).toEqual([
      ['36,000 orders/year', '36,000 yuan/year'],
      ['110,000 orders/year', '89,000 yuan/year'],
      ['180,000 orders/year', '139,000 yuan/year'],
    ]);
    expect(byName('商城系统').support).toEqual({ cn: '5×8 小时', en: '5×8' });
    expect(byName('商城系统').prices.map((row) => row.saas.cn)).toEqual(['150,000–200,000 元/年']);
    expect(byName('ERP 套件').prices.map((row) => row.saas.cn)).toEqual(['10,000–300,000 元/年']);
    // §9 gives the bank's risk-information service no price: none is stated.
    expect(byName('银行风险信息服务')).toMatchObject({ lowestPrice: null, prices: [], details: [] });
    expect(apps).toHaveLength(9);
  });

  it('states no figure, hour or deadline the spec does not give (sample sheets, sample rules)', () => {
    const seedText = JSON.stringify([apps, articles]);
    for (const invented of [
      '9:00',
      '99.9%',
      '1 个工作日',
      '3 个工作日',
      '90 天',
      '4–8 周',
      '9 折',
      '30 家',
      '企业版',
      '1 秒',
      '10 万次',
    ]) {
      expect(seedText.includes(invented), invented).toBe(false);
    }
    expect(articles.filter((article) => article.kind === 'rule').every((article) => article.sample)).toBe(
      true,
    );
  });

  it('answers §3 item fields: review fields of shelved items, the operator pictures as mainPics', () => {
    const item = appList(1, 10, 'en').list[0]!;
    expect(item).toMatchObject({ imgRequests: [], rejectReason: null, sheetSample: true });
    expect(appDetail(content, 301, 'en')!.mainPics).toEqual([
      { id: 30100, title: 'Sample picture: Finance risk-control system', url: '/sample/product.svg' },
    ]);
    const elsewhere = { ...content, appPictures: [{ app: 999, title: { cn: 'x', en: 'x' }, url: '/x.png' }] };
    expect(contentReferenceIssues(elsewhere)).toContain('appPictures: no app 999');
    expect(() =>
      parsePortalContent(
        JSON.stringify({
          ...content,
          appPictures: [{ app: 301, title: { cn: 'x', en: 'x' }, url: '//cdn.example.net/x.png' }],
        }),
        'pictures.json',
      ),
    ).toThrow(/appPictures/);
  });

  it('tells a partner what the README says of a 503 at ingest: maybe stored, resend with the same key', () => {
    const help = articleDetail(content, 4242, 'en')!;
    const body = help.body.map((block) => ('text' in block ? block.text : block.items.join(' '))).join(' ');
    expect(body).toContain('may already be');
    expect(body).toContain('same Idempotency-Key');
    expect(body).not.toContain('nothing is stored');
  });
});

describe('catalogue', () => {
  it('narrows cloud-finance products by data type, then institution (§9)', () => {
    const all = filterFinance(content, {}, 'cn');
    const customs = filterFinance(content, { dataType: 'customs' }, 'cn');
    const customsStateBankA = filterFinance(
      content,
      { dataType: 'customs', institution: 'sample-state-bank-a' },
      'cn',
    );
    expect(all.length).toBe(24);
    expect(customs.length).toBeLessThan(all.length);
    expect(customsStateBankA.length).toBeLessThan(customs.length);
    expect(customsStateBankA.length).toBeGreaterThan(0);
    expect(
      customsStateBankA.every(
        (product) => product.dataTypes.includes('customs') && product.institution === 'sample-state-bank-a',
      ),
    ).toBe(true);
    // Every filter option leads somewhere.
    const { dataTypes, institutions } = financeCategories(content, 'en');
    expect(dataTypes).toHaveLength(13);
    expect(institutions).toHaveLength(11);
    for (const option of [...dataTypes, ...institutions]) {
      const found = filterFinance(
        content,
        dataTypes.includes(option) ? { dataType: option.value } : { institution: option.value },
        'en',
      );
      expect(found.length, option.value).toBeGreaterThan(0);
    }
  });

  it('serves the help (4218) and rule (4222) menus three levels deep, and nothing else', () => {
    const help = centreMenu(4218, 'en')!;
    expect(help.map((column) => column.name)).toEqual(['Getting started', 'Open interfaces', 'Financing']);
    expect(
      centreMenu(4222, 'cn')!
        .flatMap((column) => (column.columnList ?? []) as { columnId: number }[])
        .map((c) => c.columnId),
    ).toEqual([5105, 5106, 5101, 5103, 5102, 5104]);
    expect(centreMenu(1, 'cn')).toBeUndefined();
  });

  it('pages news lists and relates an article to its column first', () => {
    const first = articlePage(content, 1001, 1, 2, 'cn');
    const second = articlePage(content, 1001, 2, 2, 'cn');
    expect(first.total).toBe(3);
    expect([...first.list, ...second.list].map((item) => item.id).sort()).toEqual([101, 102, 103]);
    expect(articlePage(content, 1001, 3, 2, 'cn').list).toEqual([]);
    const related = recommended(content, 104, 'en');
    expect(related).toHaveLength(3);
    expect(related[0]!.columnId).toBe(1002);
    expect(related.map((item) => item.id)).not.toContain(104);
  });

  it("serves the operator's news marked sample, the site's own articles unmarked", () => {
    expect(articleDetail(content, 101, 'en')).toMatchObject({
      sample: true,
      title: content.news[0]!.title.en,
    });
    expect(homeData(content, 'cn').news.every((item) => 'sample' in item && item.sample)).toBe(true);
    expect(articleDetail(content, 4239, 'en')).not.toHaveProperty('sample');
    const issues = contentReferenceIssues({
      ...content,
      news: [{ ...content.news[0]!, id: 4239, columnId: 4231 }],
    });
    expect(issues).toEqual(['news: id 4239 appears twice', 'news 4239: no news column 4231']);
  });

  it('lists articles of a column family, finds details in each language, and searches', () => {
    expect(
      articlePage(content, 4230, 1, 10, 'cn')
        .list.map((item) => item.id)
        .sort(),
    ).toEqual([4239, 4240]);
    expect(articleDetail(content, 4239, 'en')?.title).toBe('Getting started guide');
    expect(articleDetail(content, 999, 'cn')).toBeUndefined();
    expect(searchCentres('API Key', 'cn').map((item) => item.id)).toContain(4241);
    expect(searchCentres('隐私', 'en').map((item) => item.id)).toContain(5101);
  });
});

describe('operator content', () => {
  it('ships as sample content, marked so in every answer that shows it', () => {
    expect(content.sample).toBe(true);
    expect(homeData(content, 'cn')).toMatchObject({ sample: true });
    expect(homeData(content, 'en').figures.length).toBeGreaterThan(0);
    expect(siteData(content, 'en')).toMatchObject({ sample: true, contact: { hotline: '400-000-0000' } });
    expect(filterFinance(content, {}, 'cn').every((product) => product.sample)).toBe(true);
  });

  it('names no real bank beside an invented rate', () => {
    const names = [
      ...content.finance.institutions.map((item) => `${item.label.cn} ${item.label.en}`),
      ...content.finance.products.map((item) => `${item.name.cn} ${item.name.en}`),
    ].join('\n');
    for (const bank of [
      '中国银行',
      '交通银行',
      '平安',
      '拉卡拉',
      '开发银行',
      'Bank of China',
      'Ping An',
      'Lakala',
    ])
      expect(names).not.toContain(bank);
    expect(content.finance.institutions.every((item) => item.label.cn.startsWith('示例'))).toBe(true);
  });

  it('answers keywords per page in the payload language', () => {
    expect(keywordsOf(content, 'en').home).toContain('digital trade');
    expect(keywordsOf(content, 'cn').home).toContain('数字贸易');
  });

  it('refuses a file that breaks its schema or names what does not exist, naming the variable', () => {
    expect(() => parsePortalContent('{', 'x.json')).toThrow(/PORTAL_CONTENT_FILE.*not JSON/);
    expect(() => parsePortalContent(JSON.stringify({ ...content, sample: 'yes' }), 'x.json')).toThrow(
      /PORTAL_CONTENT_FILE.*sample/,
    );
    const broken = structuredClone(content) as typeof content;
    broken.finance.products[0]!.institution = 'nowhere';
    broken.testimonials.push({
      app: 9999,
      kind: 'case',
      block: { kind: 'paragraph', text: { cn: 'x', en: 'x' } },
    });
    expect(contentReferenceIssues(broken)).toEqual([
      `finance.products ${broken.finance.products[0]!.slug}: no institution "nowhere"`,
      'testimonials: no app 9999',
    ]);
    expect(() => loadPortalContent('/nonexistent/content.json')).toThrow(/PORTAL_CONTENT_FILE.*cannot read/);
  });

  it('takes a maps service whose loader has the key and callback slots (web/README.md "Maps")', () => {
    const maps = {
      script: 'https://api.maps.test/api?type=webgl&ak={key}&callback={callback}',
      key: 'AbC-123_x',
      sources: ['https://*.tiles.test'],
      office: { lng: 113.93, lat: 22.52, zoom: 17 },
    };
    const withMaps = (setting: unknown) =>
      JSON.stringify({ ...content, site: { ...content.site, maps: setting } });
    expect(parsePortalContent(withMaps(maps), 'x.json').site.maps).toEqual(maps);
    for (const broken of [
      { ...maps, script: 'https://api.maps.test/api?ak={key}' },
      { ...maps, script: 'javascript:{key}{callback}' },
      { ...maps, key: 'a"b' },
      { ...maps, sources: ['https://tiles.test/path'] },
      { ...maps, office: { lng: 200, lat: 22 } },
    ])
      expect(() => parsePortalContent(withMaps(broken), 'x.json'), JSON.stringify(broken)).toThrow(
        /PORTAL_CONTENT_FILE.*site\.maps/,
      );
  });
});

describe('IP location (§4)', () => {
  it('answers the city, and nothing for private addresses or addresses without a city', () => {
    expect(cityOf({ country: '中国', province: '宁夏', city: '银川市', isp: '电信' })).toBe('银川市');
    expect(cityOf({ country: '', province: '', city: '内网IP', isp: '内网IP' })).toBeUndefined();
    expect(cityOf({ country: '美国', province: '', city: '', isp: 'Level3' })).toBeUndefined();
    expect(cityOf(null)).toBeUndefined();
  });

  it("answers from the operator's table before the database, the most specific range first", () => {
    const table = parseCityTable(
      '# intranet\n10.0.0.0/8,广州\n10.20.0.0/16, 银川 # the Yinchuan office\n\n2001:db8::/32,黄石\n',
      'cities.csv',
    );
    expect(cityFromTable(table, '10.1.2.3')).toBe('广州');
    expect(cityFromTable(table, '10.20.9.9')).toBe('银川');
    expect(cityFromTable(table, '2001:db8::1')).toBe('黄石');
    expect(cityFromTable(table, '192.168.1.1')).toBeUndefined();
    expect(cityFromTable(table, 'not an address')).toBeUndefined();
    const locate = createIpLocator(table);
    expect(locate('::ffff:10.20.0.1')).toBe('银川');
    // Outside the table the database answers (a private address: no city).
    expect(locate('192.168.1.1')).toBeUndefined();
  });

  it('refuses a bad table line, naming the file and line', () => {
    expect(() => parseCityTable('10.0.0.0/8,广州\n10.0.0.0,银川', 'cities.csv')).toThrow(
      /PORTAL_IP_CITIES_FILE.*cities\.csv:2: expected an IPv4 or IPv6 range/,
    );
    expect(() => parseCityTable('10.0.0.0/33,广州', 'cities.csv')).toThrow(/cities\.csv:1/);
    expect(() => parseCityTable('10.0.0.0/8', 'cities.csv')).toThrow(/expected "cidr,city"/);
  });
});

describe('verification codes (pure)', () => {
  const stored = (over: Partial<Parameters<typeof judgeCode>[0] & object> = {}) => ({
    // sha256('123456')
    codeHash: '8d969eef6ecad3c29a3a629280e686cf0c3f5d5a86aff3ca12020c923adc6c92',
    issuedAt: new Date(0),
    expiresAt: new Date(300_000),
    failedAttempts: 0,
    burnedAt: null,
    ...over,
  });
  it('accepts the right code before expiry and counts wrong ones to the burn', () => {
    expect(judgeCode(stored(), '123456', 1000, 5)).toBe('right');
    expect(judgeCode(stored(), '000000', 1000, 5)).toBe('wrong');
    expect(judgeCode(stored({ failedAttempts: 4 }), '000000', 1000, 5)).toBe('wrong-and-burned');
    expect(judgeCode(stored({ failedAttempts: 5 }), '123456', 1000, 5)).toBe('burned');
    expect(judgeCode(stored({ burnedAt: new Date(1) }), '123456', 1000, 5)).toBe('burned');
    expect(judgeCode(stored(), '123456', 300_001, 5)).toBe('expired');
    expect(judgeCode(null, '123456', 0, 5)).toBe('missing');
  });
});

describe('saved forms (pure)', () => {
  it("keeps trimmed text fields, requires each form's fields and checks phones", () => {
    expect(leadFields('message', { content: ' hi ', lang: 'en', flag: true })).toEqual({
      ok: true,
      value: { content: 'hi' },
    });
    expect(leadFields('contact', { name: 'x' })).toMatchObject({ ok: false, message: { en: 'Required' } });
    expect(leadFields('contact', { name: 'x', phone: '12', industry: '1', demand: 'd' })).toMatchObject({
      ok: false,
      message: { en: 'Please enter a correct telephone number' },
    });
    expect(leadFields('robot', {})).toMatchObject({ ok: false, status: 400 });
  });

  it('asks the centralised join form for the organisation, its contact and how many members', () => {
    const filled = { organisation: 'Park', name: 'Li', phone: '13800000000', members: '12', demand: 'd' };
    expect(leadFields('centralize', filled)).toEqual({ ok: true, value: filled });
    expect(leadFields('centralize', { ...filled, members: '' })).toMatchObject({
      ok: false,
      message: { en: 'Required' },
    });
  });
});

describe('join pages', () => {
  it("serve the operator's texts, marked sample, the individual page with the §3 roles", () => {
    const index = joinPage(content, 'index', 'en');
    expect(index).toMatchObject({ sample: true, lead: content.join.index.lead.en });
    expect(index.steps).toEqual(content.join.index.steps.map((step) => step.en));
    expect(index.roles?.map((role) => role.value)).toEqual([
      '100',
      '110',
      '120',
      '130',
      '140',
      '150',
      '160',
      '170',
      '180',
      '190',
    ]);
    const centralize = joinPage(content, 'centralize', 'cn');
    expect(centralize.audiences).toEqual(content.join.centralize.audiences.map((item) => item.cn));
    expect(centralize).not.toHaveProperty('roles');
  });

  it("answer the home page's join band from the same operator texts, without inventing a member count", () => {
    const band = settlePlatform(content, 'cn');
    const { audiences: _audiences, ...index } = joinPage(content, 'index', 'cn');
    expect(band).toEqual(index);
    expect(band).toMatchObject({ sample: true, lead: content.join.index.lead.cn });
    expect(Object.keys(band).sort()).toEqual(['benefits', 'lead', 'roles', 'sample', 'steps']);
  });

  it('take a join application as the sign-up form with a §6 role, and nothing more', () => {
    const join = createPortalValidators().join;
    const application = { name: '李明', phone: '13800138000', industry: '110', demand: '入驻', lang: 'cn' };
    expect(join(application)).toEqual([]);
    expect(join({ ...application, industry: '跨境电商' })).not.toEqual([]);
    expect(join({ ...application, website: 'https://example.com' })).not.toEqual([]);
    expect(join({ ...application, demand: 'x'.repeat(1001) })).not.toEqual([]);
    // Missing fields are leadFields' to refuse, in the portal's wording.
    expect(leadFields('signUp', { name: '李明', phone: '13800138000', industry: '110' })).toMatchObject({
      ok: false,
      message: { en: 'Required' },
    });
  });
});

describe('tool market', () => {
  it('lists only look-ups the query catalogue serves, with unique ids and codes', () => {
    expect(new Set(marketTools.map((tool) => tool.id)).size).toBe(marketTools.length);
    expect(new Set(marketTools.map((tool) => tool.code)).size).toBe(marketTools.length);
    const selection = toolSelection('en');
    expect(selection).toHaveLength(marketTools.length);
    expect(selection.every((tool) => tool.appName !== '' && tool.appIntroducetion !== '')).toBe(true);
  });

  it('details a tool by code or id as the API reference calls it, and nothing for an unknown one', () => {
    const byCode = toolDetail({ code: 'vesselAis' }, 'en');
    expect(byCode).toMatchObject({
      id: 2,
      code: 'vesselAis',
      appName: 'Vessel AIS position',
      method: 'GET',
      path: '/open/freightower/vessel/detail',
      parameters: [{ name: 'mmsi', required: true }],
    });
    expect(toolDetail({ id: 2 }, 'en')).toEqual(byCode);
    expect(toolDetail({ code: 'vesselArchive' }, 'cn')?.appName).toBe('船舶档案查询');
    expect(toolDetail({ code: 'linkNode' }, 'en')).toBeUndefined();
    expect(toolDetail({ id: 0 }, 'en')).toBeUndefined();
  });
});
