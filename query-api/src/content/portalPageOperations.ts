import type { ApiOperation } from '@tradelog/schemas/openapi/operation';
import {
  portalInteger as int,
  portalLang as lang,
  portalOperation,
  portalPage,
  portalText as text,
} from './portalOperation.ts';

/**
 * The portal's reading calls (portal spec §7), in the order the document lists them; the
 * accounts and forms between them are in openapi.ts.
 */

/** Home page data, footer, keywords and the join pages. */
export function homeAndJoinPages(): ApiOperation[] {
  return [
    portalPage('/api/front/home/index.do', 'home', { cn: '首页数据', en: 'Home page data' }),
    portalPage('/api/front/home/bottom.do', 'site', {
      cn: '页脚联系方式与站点设置',
      en: 'Footer contact details and site settings',
    }),
    portalPage('/api/front/meet/keyword.do', 'keywords', { cn: '各页面关键词', en: 'Keywords per page' }),
    portalPage('/api/front/joinus/settleRoles.do', 'settle_roles', {
      cn: '可申请的入驻角色',
      en: 'Roles one may apply for',
    }),
    portalPage('/api/front/joinus/index.do', 'join', { cn: '伙伴入驻页', en: 'Join page' }),
    portalPage('/api/front/joinus/centralize.do', 'join_centralize', {
      cn: '集中入驻页',
      en: 'Centralised join page',
    }),
    portalPage('/api/front/home/settlePlatform.do', 'settle_platform', {
      cn: '首页入驻平台介绍',
      en: "The home page's join band",
    }),
  ];
}

/** The tool market (toolMarket.ts), the terms and the privacy policy. */
export function toolAndTermsPages(product: string): ApiOperation[] {
  return [
    portalOperation('get', `/${product}-client/api/toolMarket/application/detail/selection`, 'tools', {
      cn: '工具市场列表',
      en: 'Tool market list',
    }),
    portalOperation(
      'get',
      `/${product}-client/api/toolMarket/application/detail`,
      'tool_by_id',
      { cn: '工具详情（按 id）', en: 'Tool detail by id' },
      undefined,
      { query: { id: { schema: int, example: 1 } }, failures: [404] },
    ),
    portalOperation(
      'get',
      `/${product}-client/api/toolMarket/application/detail/{code}`,
      'tool',
      { cn: '工具详情（按代码）', en: 'Tool detail by code' },
      undefined,
      { pathExamples: { code: 'vesselAis' }, failures: [404] },
    ),
    portalPage('/api/front/home/registrationTerms', 'registration_terms', {
      cn: '用户服务条款（注册时接受，记录版本）',
      en: 'Terms and Conditions (accepted at registration, version recorded)',
    }),
    portalPage('/api/front/home/legalSecrecy.do', 'privacy_policy', { cn: '隐私政策', en: 'Privacy policy' }),
    portalOperation(
      'post',
      '/api/front/column/list.do',
      'columns',
      { cn: '资讯栏目', en: 'News columns' },
      {
        properties: { ...lang, kind: { type: 'string', enum: ['news', 'blog'] } },
        example: { kind: 'news' },
      },
    ),
  ];
}

/** News columns and articles, the help and rule centre. */
export function newsAndHelpPages(): ApiOperation[] {
  return [
    portalOperation(
      'post',
      '/api/front/meet/newsList.do',
      'news_list',
      { cn: '资讯列表', en: 'News list' },
      {
        properties: { ...lang, columnId: int, page: int, rows: int },
        example: { columnId: 1001, page: 1, rows: 10 },
      },
    ),
    portalOperation(
      'post',
      '/api/front/meet/articleDetails.do',
      'article',
      { cn: '文章详情', en: 'Article' },
      { properties: { ...lang, id: int }, example: { id: 101 } },
      { failures: [404] },
    ),
    portalOperation(
      'post',
      '/apiNewsDetail/front/meet/articleDetails.do',
      'article_news',
      { cn: '文章详情（资讯路径）', en: 'Article (news path)' },
      { properties: { ...lang, id: int }, example: { id: 101 } },
      { failures: [404] },
    ),
    portalOperation(
      'post',
      '/api/front/meet/recommendNewsList.do',
      'recommended',
      { cn: '推荐文章', en: 'Recommended articles' },
      { properties: { ...lang, id: int }, example: { id: 101 } },
    ),
    portalOperation(
      'post',
      '/helpAndRuleCenter/index',
      'centre',
      { cn: '帮助与规则中心目录', en: 'Help and rule centre menu' },
      { properties: { ...lang, columnId: int }, example: { columnId: 4218 } },
      { failures: [404] },
    ),
    portalOperation(
      'post',
      '/helpAndRuleCenter/search',
      'centre_search',
      { cn: '帮助与规则中心搜索', en: 'Help and rule centre search' },
      { properties: { ...lang, keyword: text }, example: { keyword: '融资' } },
    ),
  ];
}

/** Cloud finance, the app market, experts and the visitor's city (ipLocation.ts). */
export function financeAndAppPages(product: string): ApiOperation[] {
  return [
    portalOperation('get', '/api/front/confront/category.do', 'finance_categories', {
      cn: '云金融分类',
      en: 'Cloud-finance categories',
    }),
    portalOperation(
      'get',
      '/api/front/confront/products.do',
      'finance_products',
      { cn: '云金融产品', en: 'Cloud-finance products' },
      undefined,
      {
        query: { dataType: { schema: text }, institution: { schema: text }, slug: { schema: text } },
        failures: [404],
      },
    ),
    portalOperation(
      'post',
      `/${product}-srv/official/app/list`,
      'apps',
      { cn: '应用市场列表', en: 'App market list' },
      { properties: { ...lang, page: int, rows: int }, example: { page: 1, rows: 10 } },
    ),
    portalOperation(
      'get',
      `/${product}-srv/official/app/{id}`,
      'app',
      { cn: '应用详情', en: 'App detail' },
      undefined,
      { pathExamples: { id: '301' }, failures: [404] },
    ),
    portalOperation(
      'post',
      '/api/front/expert/index.do',
      'experts',
      { cn: '专家库', en: 'Experts' },
      { properties: lang, example: {} },
    ),
    portalOperation('get', `/${product}-official/ip2region/search`, 'ip_location', {
      cn: '访客 IP 所在城市',
      en: "The visitor's city by IP",
    }),
  ];
}

/** §7 channels and home bands (content README "Channels", "Home bands"). */
export function channelAndBandPages(): ApiOperation[] {
  return [
    ...(
      [
        [
          '/api/front/meet/navigList.do',
          'navigation',
          '新闻与博客栏目导航',
          'News and blog column navigation',
          { kind: text },
          { kind: 'news' },
        ],
        [
          '/api/front/channels/list',
          'channels',
          '全部栏目（平铺，含上级）',
          'Every channel, flat, with its parent',
          { kind: text },
          { kind: 'help' },
        ],
        [
          '/apiNewsDetail/front/channels/get',
          'channel',
          '栏目详情与路径',
          'A channel with its path and children',
          { columnId: int },
          { columnId: 4234 },
        ],
        [
          '/api/front/meet/newsInfo',
          'news_info',
          '文章摘要（不含正文）',
          'An article head without its body',
          { id: int },
          { id: 4239 },
        ],
        ['/api/front/meet/index.do', 'news_band', '首页新闻栏', "The home page's news band", {}, {}],
        ['/api/front/meet/legalize.do', 'legal_links', '页脚法律链接', "The footer's legal links", {}, {}],
        [
          '/api/front/confront/index.do',
          'finance_band',
          '首页云融资栏',
          "The home page's finance band",
          {},
          {},
        ],
        [
          '/api/front/common/scheme.do',
          'finance_schemes',
          '按数据类型的融资方案',
          'Financing schemes by data type',
          {},
          {},
        ],
        ['/api/front/market/index.do', 'market_band', '首页云市场栏', "The home page's market band", {}, {}],
        ['/api/front/link/index.do', 'link_band', '首页链路节点栏', "The home page's link-node band", {}, {}],
        [
          '/api/front/origin/index.do',
          'origin',
          '伙伴入驻页（入驻页表单）',
          "The join page (its form's page)",
          {},
          {},
        ],
      ] as const
    ).map(([path, id, cn, en, properties, example]) =>
      portalOperation(
        'post',
        path,
        id,
        { cn, en },
        { properties: { ...lang, ...properties }, example: { lang: 'cn', ...example } },
        id === 'channel' || id === 'news_info' ? { failures: [404] } : {},
      ),
    ),
  ];
}

/** Help centre query, financing needs, roles, the session's grant, redirect, the page cache. */
export function helpFinanceAndSessionCalls(product: string): ApiOperation[] {
  return [
    portalOperation(
      'get',
      `/${product}-official/helpCenter/query`,
      'help_query',
      { cn: '帮助中心查询', en: 'Help centre query' },
      undefined,
      {
        query: { keyword: { schema: text, example: 'API Key' }, columnId: { schema: int, example: 4218 } },
      },
    ),
    portalOperation(
      'get',
      '/api/front/confront/demand.do',
      'finance_demand',
      { cn: '融资申请所需', en: 'What a financing application needs' },
      undefined,
      {
        query: { slug: { schema: text, example: 'Detail' } },
        failures: [404],
      },
    ),
    portalOperation('get', '/api/front/client/roles.do', 'client_roles', {
      cn: '角色选项及名称',
      en: 'Role options with labels',
    }),
    portalOperation('get', '/api/front/home/warrant.do', 'warrant', {
      cn: '当前账户获授的角色',
      en: 'What the session is granted',
    }),
    portalOperation(
      'post',
      '/api/transfer/redirect',
      'redirect',
      { cn: '跳转助手（仅限门户链接的地址）', en: 'Redirect helper (only to where the portal links)' },
      { properties: { ...lang, url: text }, example: { url: '/cn/about.html' } },
      { failures: [400] },
    ),
    portalOperation(
      'post',
      '/cleancache',
      'clean_cache',
      {
        cn: '清空页面缓存并重读内容文件（运营）',
        en: 'Empty the page cache and reread the content file (operators)',
      },
      undefined,
      // An operator's key (query-api content README "Page cache").
      { audience: ['operator'], failures: [400] },
    ),
  ];
}
