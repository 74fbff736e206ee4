import type { PortalContent } from '@tradelog/schemas/portal/content';
import { portalRoles } from '@tradelog/schemas/portal/forms';
import type { Request, Response, Router } from 'express';
import {
  articleDetail,
  articlePage,
  centreMenu,
  columnsOf,
  expertList,
  filterFinance,
  financeCategories,
  homeData,
  joinPage,
  keywordsOf,
  legalText,
  recommended,
  searchCentres,
  settlePlatform,
  siteData,
} from './catalogue.ts';
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
} from './homeBands.ts';
import { appDetail, appList } from './marketCatalogue.ts';
import { type PageCache, pageKey } from './pageCache.ts';
import { langOf, notFound, numberOf, type Payload, payloadOf } from './portalCalls.ts';
import { privacyPolicy, registrationTerms } from './seed/legal.ts';
import type { Lang } from './seed/types.ts';
import { toolDetail, toolSelection } from './toolMarket.ts';

/** A content answer in the caller's language, kept in the page cache; `undefined` data is "not found". */
export type Serve = (
  compute: (payload: Payload, lang: Lang, req: Request) => unknown,
) => (req: Request, res: Response) => void;

/**
 * §7/§9 page cache (pageCache.ts, README "Page cache"): content answers are pure functions of the
 * content, so each is kept by its request until its hour ends, `/cleancache` or a reload. A
 * content answer is in the caller's language; `undefined` data is the §2 "not found" (not kept).
 */
export const servedFrom =
  (pages: Pick<PageCache, 'get' | 'set'>): Serve =>
  (compute) =>
  (req, res) => {
    const payload = payloadOf(req);
    const key = pageKey(req.method, req.path, payload);
    let body = pages.get(key);
    if (body === undefined) {
      const data = compute(payload, langOf(payload), req);
      if (data === undefined) throw notFound();
      body = JSON.stringify({ result: 1, msg: 'success', data });
      pages.set(key, body);
    }
    res.type('application/json').send(body);
  };

/** What the content pages read: the page cache's `serve`, the operator's content (read afresh, since `/cleancache` may publish an edited file), the spec's `{product}`. */
export interface ContentPages {
  serve: Serve;
  content: () => PortalContent;
  /** `{product}` of the spec's paths. */
  product: string;
  locateIp?: (ip: string) => string | undefined;
}

/**
 * The portal's content pages (portal spec §7): each a pure function of the operator's content and
 * the payload, served through the page cache, one line of wiring per call of the spec; the
 * answers are built in catalogue.ts, channels.ts, homeBands.ts and toolMarket.ts.
 */
export function addContentPageRoutes(router: Router, pages: ContentPages): void {
  addSitePages(router, pages);
  addCataloguePages(router, pages);
  addChannelAndBandPages(router, pages);
}

/** The home page, join pages, legal texts, articles and the help and rule centres. */
function addSitePages(router: Router, { serve, content }: ContentPages): void {
  router.post(
    '/api/front/home/index.do',
    serve((_payload, lang) => homeData(content(), lang)),
  );
  // §3 footer and the site settings every page needs (README "Operator content").
  router.post(
    '/api/front/home/bottom.do',
    serve((_payload, lang) => siteData(content(), lang)),
  );
  router.post(
    '/api/front/meet/keyword.do',
    serve((_payload, lang) => keywordsOf(content(), lang)),
  );
  // §6 "settle roles for joining are fetched from the server": the §3 options a visitor may apply for.
  router.post(
    '/api/front/joinus/settleRoles.do',
    serve(() => portalRoles.map((value) => ({ value }))),
  );
  // §7 join pages, from the operator's content (README "Join pages"); their forms are leads.
  router.post(
    '/api/front/joinus/index.do',
    serve((_payload, lang) => joinPage(content(), 'index', lang)),
  );
  router.post(
    '/api/front/joinus/centralize.do',
    serve((_payload, lang) => joinPage(content(), 'centralize', lang)),
  );
  // §7 home call: the home page's join band (catalogue.ts `settlePlatform`, README "Join pages").
  router.post(
    '/api/front/home/settlePlatform.do',
    serve((_payload, lang) => settlePlatform(content(), lang)),
  );
  // §7 legal texts, accepted at registration (README "Terms").
  router.post(
    '/api/front/home/registrationTerms',
    serve((_payload, lang) => legalText(registrationTerms, lang)),
  );
  router.post(
    '/api/front/home/legalSecrecy.do',
    serve((_payload, lang) => legalText(privacyPolicy, lang)),
  );
  router.post(
    '/api/front/column/list.do',
    serve((payload, lang) => columnsOf(payload.kind === 'blog' ? 'blog' : 'news', lang)),
  );
  router.post(
    '/api/front/meet/newsList.do',
    serve((payload, lang) =>
      articlePage(
        content(),
        numberOf(payload.columnId, 1001),
        numberOf(payload.page, 1),
        numberOf(payload.rows, 10, 50),
        lang,
      ),
    ),
  );
  const detail = serve((payload, lang) => articleDetail(content(), numberOf(payload.id, 0), lang));
  router.post('/api/front/meet/articleDetails.do', detail);
  router.post('/apiNewsDetail/front/meet/articleDetails.do', detail);
  router.post(
    '/api/front/meet/recommendNewsList.do',
    serve((payload, lang) => recommended(content(), numberOf(payload.id, 0), lang)),
  );
  router.post(
    '/helpAndRuleCenter/index',
    serve((payload, lang) => centreMenu(numberOf(payload.columnId, 0), lang)),
  );
  router.post(
    '/helpAndRuleCenter/search',
    serve((payload, lang) => searchCentres(String(payload.keyword ?? ''), lang)),
  );
}

/** The cloud-finance catalogue, the apps, the experts, the tool market and the visitor's city. */
function addCataloguePages(router: Router, { serve, content, product, locateIp }: ContentPages): void {
  router.get(
    '/api/front/confront/category.do',
    serve((_payload, lang) => financeCategories(content(), lang)),
  );
  router.get(
    '/api/front/confront/products.do',
    serve((payload, lang) => {
      const products = filterFinance(
        content(),
        {
          dataType: typeof payload.dataType === 'string' ? payload.dataType : undefined,
          institution: typeof payload.institution === 'string' ? payload.institution : undefined,
          slug: typeof payload.slug === 'string' ? payload.slug : undefined,
        },
        lang,
      );
      return typeof payload.slug === 'string' && products.length === 0 ? undefined : products;
    }),
  );
  router.post(
    `/${product}-srv/official/app/list`,
    serve((payload, lang) => appList(numberOf(payload.page, 1), numberOf(payload.rows, 10, 50), lang)),
  );
  router.get(
    `/${product}-srv/official/app/:id`,
    serve((_payload, lang, req) => appDetail(content(), numberOf(req.params.id, 0), lang)),
  );
  router.post(
    '/api/front/expert/index.do',
    serve((_payload, lang) => expertList(content(), lang)),
  );
  // §7 tool market (toolMarket.ts, README "Tool market"): `selection` before `{code}`, which it would match.
  const tools = `/${product}-client/api/toolMarket/application/detail`;
  router.get(
    `${tools}/selection`,
    serve((_payload, lang) => toolSelection(lang)),
  );
  router.get(
    tools,
    serve((payload, lang) => toolDetail({ id: numberOf(payload.id, 0) }, lang)),
  );
  router.get(
    `${tools}/:code`,
    serve((_payload, lang, req) => toolDetail({ code: String(req.params.code) }, lang)),
  );
  // §4: "the answer is a pair whose second item has cityName".
  router.get(`/${product}-official/ip2region/search`, (req, res) => {
    const ip = req.ip ?? '';
    res.json({ result: 1, msg: 'success', data: [ip, { cityName: locateIp?.(ip) ?? '' }] });
  });
}

/** The news and help channels, the home page's bands and the finance look-ups. */
function addChannelAndBandPages(router: Router, { serve, content, product }: ContentPages): void {
  // §7 news and help channels and the home page's news band (channels.ts, README "Channels").
  router.post(
    '/api/front/meet/navigList.do',
    serve((payload, lang) => navigation(content(), payload.kind, lang)),
  );
  router.post(
    '/api/front/channels/list',
    serve((payload, lang) => channelList(payload.kind, lang)),
  );
  router.post(
    '/apiNewsDetail/front/channels/get',
    serve((payload, lang) => channelDetail(content(), numberOf(payload.columnId, 0), lang)),
  );
  router.post(
    '/api/front/meet/newsInfo',
    serve((payload, lang) => newsInfo(content(), numberOf(payload.id, 0), lang)),
  );
  router.post(
    '/api/front/meet/index.do',
    serve((_payload, lang) => newsBand(content(), lang)),
  );
  router.post(
    '/api/front/meet/legalize.do',
    serve((_payload, lang) => legalLinks(content(), lang)),
  );
  router.get(
    `/${product}-official/helpCenter/query`,
    serve((payload, lang) =>
      helpQuery(
        content(),
        {
          keyword: typeof payload.keyword === 'string' ? payload.keyword.slice(0, 100) : '',
          columnId: numberOf(payload.columnId, 4218),
          page: numberOf(payload.page, 1),
          rows: numberOf(payload.rows, 10, 50),
        },
        lang,
      ),
    ),
  );
  // §7 home bands and finance look-ups (homeBands.ts, README "Home bands").
  router.post(
    '/api/front/confront/index.do',
    serve((_payload, lang) => financeBand(content(), lang)),
  );
  router.get(
    '/api/front/confront/demand.do',
    serve((payload, lang) =>
      financeDemand(content(), typeof payload.slug === 'string' ? payload.slug : undefined, lang),
    ),
  );
  router.post(
    '/api/front/common/scheme.do',
    serve((_payload, lang) => financeSchemes(content(), lang)),
  );
  router.post(
    '/api/front/market/index.do',
    serve((_payload, lang) => marketBand(lang)),
  );
  router.post(
    '/api/front/link/index.do',
    serve((_payload, lang) => linkBand(lang)),
  );
  // The "origin" calls are the individual join page's (`other/joinOrigin.do` its form,
  // `other/originSMS.do` its code): its page is the join page (README "Join pages").
  router.post(
    '/api/front/origin/index.do',
    serve((_payload, lang) => joinPage(content(), 'index', lang)),
  );
  router.get(
    '/api/front/client/roles.do',
    serve((_payload, lang) => roleOptions(lang)),
  );
}
