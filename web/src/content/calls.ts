import type { RequestOptions } from '../http/request.ts';

/**
 * The content calls of portal spec §7, as request descriptors (paths relative to the site's API
 * root). `{product}` in the spec's paths is this deployment's product name.
 */
export const product = 'tradelog';

export const calls = {
  home: (): RequestOptions => ({ method: 'POST', url: 'api/front/home/index.do' }),
  // The footer and the site settings (regional sites, chat, scan codes, analytics hosts).
  site: (): RequestOptions => ({ method: 'POST', url: 'api/front/home/bottom.do' }),
  keywords: (): RequestOptions => ({ method: 'POST', url: 'api/front/meet/keyword.do' }),
  // §2's footer legal links, as the rule centre's ids (query-api content README "Channels").
  legalLinks: (): RequestOptions => ({ method: 'POST', url: 'api/front/meet/legalize.do' }),
  settleRoles: (): RequestOptions => ({ method: 'POST', url: 'api/front/joinus/settleRoles.do' }),
  join: (page: 'index' | 'centralize'): RequestOptions => ({
    method: 'POST',
    url: `api/front/joinus/${page}.do`,
  }),
  // The home page's join band and the two join calls (query-api content README "Join pages").
  settlePlatform: (): RequestOptions => ({ method: 'POST', url: 'api/front/home/settlePlatform.do' }),
  // The home page's link-node band (query-api content README "Home bands").
  linkBand: (): RequestOptions => ({ method: 'POST', url: 'api/front/link/index.do' }),
  settle: (values: Record<string, unknown>): RequestOptions => ({
    method: 'POST',
    url: 'api/front/other/settle.do',
    data: values,
    json: true,
  }),
  joinOrigin: (values: Record<string, unknown>): RequestOptions => ({
    method: 'POST',
    url: 'api/front/other/joinOrigin.do',
    data: values,
    json: true,
  }),
  tools: (): RequestOptions => ({
    method: 'GET',
    url: `/${product}-client/api/toolMarket/application/detail/selection`,
  }),
  tool: (code: string): RequestOptions => ({
    method: 'GET',
    url: `/${product}-client/api/toolMarket/application/detail/${encodeURIComponent(code)}`,
  }),
  legal: (text: 'terms' | 'privacy'): RequestOptions => ({
    method: 'POST',
    url: text === 'terms' ? 'api/front/home/registrationTerms' : 'api/front/home/legalSecrecy.do',
  }),
  ipCity: (): RequestOptions => ({ method: 'GET', url: `/${product}-official/ip2region/search` }),
  columns: (kind: 'news' | 'blog'): RequestOptions => ({
    method: 'POST',
    url: 'api/front/column/list.do',
    data: { kind },
  }),
  newsList: (columnId: number, page = 1, rows = 10): RequestOptions => ({
    method: 'POST',
    url: 'api/front/meet/newsList.do',
    data: { columnId, page, rows },
  }),
  article: (id: number): RequestOptions => ({
    method: 'POST',
    url: 'api/front/meet/articleDetails.do',
    data: { id },
  }),
  recommend: (id: number): RequestOptions => ({
    method: 'POST',
    url: 'api/front/meet/recommendNewsList.do',
    data: { id },
  }),
  helpMenu: (columnId: 4218 | 4222): RequestOptions => ({
    method: 'POST',
    url: 'helpAndRuleCenter/index',
    data: { columnId },
  }),
  helpSearch: (keyword: string): RequestOptions => ({
    method: 'POST',
    url: 'helpAndRuleCenter/search',
    data: { keyword },
  }),
  financeCategories: (): RequestOptions => ({ method: 'GET', url: 'api/front/confront/category.do' }),
  financeProducts: (dataType: string, institution: string): RequestOptions => ({
    method: 'GET',
    url: 'api/front/confront/products.do',
    data: { dataType, institution },
  }),
  financeProduct: (slug: string): RequestOptions => ({
    method: 'GET',
    url: 'api/front/confront/products.do',
    data: { slug },
  }),
  apps: (): RequestOptions => ({ method: 'POST', url: `/${product}-srv/official/app/list?rows=10&page=1` }),
  app: (id: string): RequestOptions => ({
    method: 'GET',
    url: `/${product}-srv/official/app/${encodeURIComponent(id)}`,
  }),
  experts: (): RequestOptions => ({ method: 'POST', url: 'api/front/expert/index.do' }),
  sms: (phone: string): RequestOptions => ({
    method: 'POST',
    url: 'api/front/other/sms.do',
    data: { phone },
    json: true,
  }),
  register: (values: Record<string, unknown>): RequestOptions => ({
    method: 'POST',
    url: 'api/front/other/registered.do',
    data: values,
    json: true,
  }),
  // Portal writes are JSON (query-api content README "Writes"); the session answers as an HttpOnly cookie.
  login: (values: Record<string, unknown>): RequestOptions => ({
    method: 'POST',
    url: 'api/front/user/login.do',
    data: values,
    json: true,
  }),
  logout: (): RequestOptions => ({ method: 'POST', url: 'api/front/user/logout.do', json: true }),
  handOver: (session: string): RequestOptions => ({
    method: 'POST',
    url: 'api/front/user/handover.do',
    data: { session },
    json: true,
  }),
  userInfo: (): RequestOptions => ({ method: 'POST', url: 'api/front/user/info.do', json: true }),
  demand: (form: string, values: Record<string, unknown>): RequestOptions => ({
    method: 'POST',
    url: `/${product}-order/customerDemand/save`,
    data: { form, ...values },
    json: true,
  }),
};
