import { randomBytes, randomInt } from 'node:crypto';
import { type Logger, localizedError } from '@tradelog/schemas';
import type { PortalContent } from '@tradelog/schemas/portal/content';
import { createPortalValidators, portalRoles } from '@tradelog/schemas/portal/forms';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type pg from 'pg';
import { answerAs } from '../http/answers.ts';
import { boundedBody, defaultBodyBounds } from '../http/body.ts';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { requireKey } from '../reads/auth.ts';
import {
  type Clock,
  createAccounts,
  type IssuedSession,
  type Refusal,
  refusalOf,
  type SmsSender,
  serverFlagOf,
} from './accounts.ts';
import { type AttemptRules, defaultAttemptRules } from './attemptLimits.ts';
import {
  appDetail,
  appList,
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
  warrantOf,
} from './homeBands.ts';
import { loadPortalContent } from './operatorContent.ts';
import { createPageCache, type PageCacheOptions, pageCacheDefaults, pageKey } from './pageCache.ts';
import { judgeRedirect, redirectOrigins } from './redirect.ts';
import { privacyPolicy, registrationTerms } from './seed/legal.ts';
import type { Lang } from './seed/types.ts';
import { endedSessionCookie, sessionCookie, sessionFromCookies } from './sessionCookie.ts';
import { toolDetail, toolSelection } from './toolMarket.ts';
import { portalWriteGuard } from './writeGuard.ts';

/**
 * The portal's content calls (portal spec §7), relative to the site's API root: mount this
 * router under a prefix such as `/portal-api`. Answers are `{result, msg, data}` (§7: "result
 * equal to 1"); failures carry `msg` in the payload's language with a 4xx status, which the
 * portal's request helper turns into the §8 text.
 */
export interface ContentDependencies {
  /** The portal's own pool (README "Pools"): visitors cannot drain the lenders' connections. */
  pool: pg.Pool;
  clock: Clock;
  logger: Logger;
  /** `{product}` of the spec's paths (e.g. /{product}-srv/official/app/list). */
  product: string;
  sendSms: SmsSender;
  /** The operator's content and site settings (operatorContent.ts, README "Operator content"); default the shipped sample. */
  content?: PortalContent;
  /** IP → city (§4 location dialog, ipLocation.ts); undefined when the city is unknown. */
  locateIp?: (ip: string) => string | undefined;
  newCode?: () => string;
  newSession?: () => string;
  /** Per-address call limits (config: portal, portal-write); none when absent. */
  callLimit?: CallLimit;
  /** Wrong guesses after which a verification code is burned (default 5). */
  smsMaxAttempts?: number;
  /** Codes sent, wrong codes and wrong passwords per window (README "Attempt limits"; default `defaultAttemptRules`). */
  attemptRules?: AttemptRules;
  sessionDays?: number;
  /** Origins besides the request's own the portal is served from (PORTAL_ORIGINS; README "Writes"). */
  allowedOrigins?: readonly string[];
  /**
   * Reads the operator's content file again (README "Page cache"): `/cleancache` publishes an
   * edited file without a restart. Absent: the content is fixed and `/cleancache` only empties.
   */
  reloadContent?: () => PortalContent;
  /** §9 page cache bounds (README "Page cache"); the clock is `clock`. */
  pageCache?: Partial<Omit<PageCacheOptions, 'now'>>;
}

type Payload = Record<string, unknown>;

const langOf = (payload: Payload): Lang => (payload.lang === 'en' ? 'en' : 'cn');
const payloadOf = (req: Request): Payload => ({
  ...(req.query as Payload),
  ...((req.body as Payload | undefined) ?? {}),
});
const numberOf = (value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? Math.min(parsed, max) : fallback;
};

// Refusals are thrown: the one error middleware answers them {result: 0, msg} in the payload's
// language (http/answers.ts, convention `portal`, set for this router and its paths).
const notFound = () =>
  localizedError('PAGE_NOT_FOUND', 404, {
    cn: 'This page could not be found',
    en: 'This page could not be found',
  });
const smsUnavailable = (cause: unknown) =>
  localizedError(
    'SMS_UNAVAILABLE',
    503,
    { cn: '短信服务暂不可用，请稍后重试', en: 'The SMS service is unavailable; please try again later' },
    {},
    { cause },
  );

function ok(res: Response, data: unknown) {
  res.json({ result: 1, msg: 'success', data });
}

export function createContentRouter(deps: ContentDependencies): Router {
  const logger = deps.logger.scope({ component: 'content' });
  const accounts = createAccounts({
    pool: deps.pool,
    clock: deps.clock,
    newCode: deps.newCode ?? (() => String(randomInt(0, 1_000_000)).padStart(6, '0')),
    newSession: deps.newSession ?? (() => randomBytes(24).toString('base64url')),
    send: deps.sendSms,
    maxAttempts: deps.smsMaxAttempts ?? 5,
    attemptRules: deps.attemptRules ?? defaultAttemptRules,
    sessionDays: deps.sessionDays ?? 30,
  });
  const validators = createPortalValidators();
  const callLimit = deps.callLimit ?? noCallLimit;
  // Every write: the address's write budget, then JSON from the portal's own origin only (README "Writes").
  const write = [callLimit('portal-write'), portalWriteGuard(deps.allowedOrigins ?? [])];
  const router = Router();
  // Failures answer {result: 0, msg} (§7); the app parses bodies already, this covers a router mounted alone.
  router.use(answerAs('portal'), boundedBody(defaultBodyBounds), callLimit('portal'));

  /**
   * The write's body against its schema (schemas/src/portal/forms.ts): sizes and field counts
   * bounded. `form` names the lead of a call whose path says which it is (§7 `other/leave.do`).
   */
  const checked =
    (id: 'sms' | 'registration' | 'login' | 'handOver' | 'lead' | 'join', form?: string): RequestHandler =>
    (req, _res, next) => {
      const issues = validators[id](form ? { ...payloadOf(req), form } : payloadOf(req));
      if (issues.length === 0) return next();
      const first = issues[0]!;
      next(localizedError('VALIDATION_FAILED', 400, first.message, { errors: issues.slice(0, 20) }));
    };

  // The session is the server's HttpOnly cookie (README "Sessions"); `req.secure` honours the trusted proxy.
  const tokenOf = (req: Request) => sessionFromCookies(req.get('cookie'));
  const accountOf = async (req: Request) => {
    const token = tokenOf(req);
    return token ? accounts.userInfo(token) : null;
  };
  const keepSession = (req: Request, res: Response, issued: IssuedSession) =>
    res.append(
      'Set-Cookie',
      sessionCookie(issued.session, {
        expiresAt: issued.expiresAt,
        now: new Date(deps.clock.now()),
        secure: req.secure,
      }),
    );
  const forgetSession = (req: Request, res: Response) =>
    res.append('Set-Cookie', endedSessionCookie(req.secure));
  // A refusal as the error to throw; a lockout also says when to retry (README "Attempt limits").
  const refuse = (res: Response, refusal: Refusal) => {
    if (refusal.retryAfterSeconds !== undefined) res.set('Retry-After', String(refusal.retryAfterSeconds));
    return refusalOf(refusal);
  };

  // §7/§9 page cache (pageCache.ts, README "Page cache"): content answers are pure functions of
  // the content, so each is kept by its request until its hour ends, `/cleancache` or a reload.
  const pages = createPageCache({ ...pageCacheDefaults, ...deps.pageCache, now: deps.clock.now });
  // A content answer in the caller's language; `undefined` data is the §2 "not found" (not kept).
  const serve =
    (compute: (payload: Payload, lang: Lang, req: Request) => unknown) => (req: Request, res: Response) => {
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

  let content = deps.content ?? loadPortalContent();
  let redirectTargets = redirectOrigins(content, deps.allowedOrigins ?? []);
  router.post(
    '/api/front/home/index.do',
    serve((_payload, lang) => homeData(content, lang)),
  );
  // §3 footer and the site settings every page needs (README "Operator content").
  router.post(
    '/api/front/home/bottom.do',
    serve((_payload, lang) => siteData(content, lang)),
  );
  router.post(
    '/api/front/meet/keyword.do',
    serve((_payload, lang) => keywordsOf(content, lang)),
  );
  // §6 "settle roles for joining are fetched from the server": the §3 options a visitor may apply for.
  router.post(
    '/api/front/joinus/settleRoles.do',
    serve(() => portalRoles.map((value) => ({ value }))),
  );
  // §7 join pages, from the operator's content (README "Join pages"); their forms are leads.
  router.post(
    '/api/front/joinus/index.do',
    serve((_payload, lang) => joinPage(content, 'index', lang)),
  );
  router.post(
    '/api/front/joinus/centralize.do',
    serve((_payload, lang) => joinPage(content, 'centralize', lang)),
  );
  // §7 home call: the home page's join band (catalogue.ts `settlePlatform`, README "Join pages").
  router.post(
    '/api/front/home/settlePlatform.do',
    serve((_payload, lang) => settlePlatform(content, lang)),
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
        content,
        numberOf(payload.columnId, 1001),
        numberOf(payload.page, 1),
        numberOf(payload.rows, 10, 50),
        lang,
      ),
    ),
  );
  const detail = serve((payload, lang) => articleDetail(content, numberOf(payload.id, 0), lang));
  router.post('/api/front/meet/articleDetails.do', detail);
  router.post('/apiNewsDetail/front/meet/articleDetails.do', detail);
  router.post(
    '/api/front/meet/recommendNewsList.do',
    serve((payload, lang) => recommended(content, numberOf(payload.id, 0), lang)),
  );
  router.post(
    '/helpAndRuleCenter/index',
    serve((payload, lang) => centreMenu(numberOf(payload.columnId, 0), lang)),
  );
  router.post(
    '/helpAndRuleCenter/search',
    serve((payload, lang) => searchCentres(String(payload.keyword ?? ''), lang)),
  );
  router.get(
    '/api/front/confront/category.do',
    serve((_payload, lang) => financeCategories(content, lang)),
  );
  router.get(
    '/api/front/confront/products.do',
    serve((payload, lang) => {
      const products = filterFinance(
        content,
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
    `/${deps.product}-srv/official/app/list`,
    serve((payload, lang) => appList(numberOf(payload.page, 1), numberOf(payload.rows, 10, 50), lang)),
  );
  router.get(
    `/${deps.product}-srv/official/app/:id`,
    serve((_payload, lang, req) => appDetail(content, numberOf(req.params.id, 0), lang)),
  );
  router.post(
    '/api/front/expert/index.do',
    serve((_payload, lang) => expertList(content, lang)),
  );
  // §7 tool market (toolMarket.ts, README "Tool market"): `selection` before `{code}`, which it would match.
  const tools = `/${deps.product}-client/api/toolMarket/application/detail`;
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
  router.get(`/${deps.product}-official/ip2region/search`, (req, res) => {
    const ip = req.ip ?? '';
    res.json({ result: 1, msg: 'success', data: [ip, { cityName: deps.locateIp?.(ip) ?? '' }] });
  });

  // §7 news and help channels and the home page's news band (channels.ts, README "Channels").
  router.post(
    '/api/front/meet/navigList.do',
    serve((payload, lang) => navigation(content, payload.kind, lang)),
  );
  router.post(
    '/api/front/channels/list',
    serve((payload, lang) => channelList(payload.kind, lang)),
  );
  router.post(
    '/apiNewsDetail/front/channels/get',
    serve((payload, lang) => channelDetail(content, numberOf(payload.columnId, 0), lang)),
  );
  router.post(
    '/api/front/meet/newsInfo',
    serve((payload, lang) => newsInfo(content, numberOf(payload.id, 0), lang)),
  );
  router.post(
    '/api/front/meet/index.do',
    serve((_payload, lang) => newsBand(content, lang)),
  );
  router.post(
    '/api/front/meet/legalize.do',
    serve((_payload, lang) => legalLinks(content, lang)),
  );
  router.get(
    `/${deps.product}-official/helpCenter/query`,
    serve((payload, lang) =>
      helpQuery(
        content,
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
    serve((_payload, lang) => financeBand(content, lang)),
  );
  router.get(
    '/api/front/confront/demand.do',
    serve((payload, lang) =>
      financeDemand(content, typeof payload.slug === 'string' ? payload.slug : undefined, lang),
    ),
  );
  router.post(
    '/api/front/common/scheme.do',
    serve((_payload, lang) => financeSchemes(content, lang)),
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
    serve((_payload, lang) => joinPage(content, 'index', lang)),
  );
  router.get(
    '/api/front/client/roles.do',
    serve((_payload, lang) => roleOptions(lang)),
  );
  // What the session's account is granted: per visitor, never kept in the page cache.
  router.get('/api/front/home/warrant.do', async (req, res) => {
    const payload = payloadOf(req);
    const account = await accountOf(req);
    if (!account) {
      if (tokenOf(req)) forgetSession(req, res);
      return res.json({ result: 0, msg: langOf(payload) === 'en' ? 'Not logged in' : '未登录' });
    }
    ok(res, warrantOf(account, langOf(payload), serverFlagOf(account.grantedRole)));
  });
  // §7 redirect helper: only to where the portal itself links (redirect.ts, README "Redirect helper").
  router.post('/api/transfer/redirect', (req, res) => {
    const payload = payloadOf(req);
    const verdict = judgeRedirect(payload.url, redirectTargets);
    if (!verdict.ok) {
      throw localizedError('REDIRECT_NOT_ALLOWED', 400, {
        cn: '不支持跳转到该地址',
        en: 'The portal does not redirect to that address',
      });
    }
    ok(res, { url: verdict.url });
  });
  // §7 "a page-cache reset happens on a server request to /cleancache": operators only (README
  // "Page cache"), and it publishes an edited content file; a file that fails its checks changes nothing.
  router.post('/cleancache', requireKey(deps.pool, ['operator']), (_req, res) => {
    let reloaded = false;
    if (deps.reloadContent) {
      let next: PortalContent;
      try {
        next = deps.reloadContent();
      } catch (error) {
        throw localizedError(
          'PORTAL_CONTENT_INVALID',
          400,
          {
            cn: `内容文件未通过检查，仍使用原内容：${(error as Error).message}`,
            en: `The content file failed its checks; the current content stays: ${(error as Error).message}`,
          },
          {},
          { cause: error },
        );
      }
      content = next;
      redirectTargets = redirectOrigins(content, deps.allowedOrigins ?? []);
      reloaded = true;
    }
    const cleared = pages.clear();
    logger.info('page cache cleared', { cleared, reloaded });
    ok(res, { cleared, reloaded });
  });

  const sendCode = async (req: Request, res: Response) => {
    const payload = payloadOf(req);
    let outcome: Awaited<ReturnType<typeof accounts.requestCode>>;
    try {
      // The address the daily cap counts is the visitor's (`trust proxy`: the forwarded one).
      outcome = await accounts.requestCode(String(payload.phone ?? '').trim(), req.ip ?? 'unknown');
    } catch (error) {
      // Whatever failed, the visitor may ask again (the slot was given back): logged with its
      // cause by the request log, as every 5xx is.
      throw smsUnavailable(error);
    }
    if (!outcome.ok) throw refuse(res, outcome);
    logger.info('verification code sent', { path: req.path });
    ok(res, null);
  };
  // `other/originSMS.do` is the join page's get-code (README "Join pages"): the same code, the same limits.
  router.post('/api/front/other/sms.do', ...write, checked('sms'), sendCode);
  router.post('/api/front/other/originSMS.do', ...write, checked('sms'), sendCode);
  router.post('/api/front/other/registered.do', ...write, checked('registration'), async (req, res) => {
    const payload = payloadOf(req);
    const outcome = await accounts.register(payload, tokenOf(req));
    if (!outcome.ok) throw refuse(res, outcome);
    logger.info('portal account registered');
    keepSession(req, res, outcome.value);
    ok(res, null);
  });
  // Login with password or, when `code` is given, with a verification code (README "Sessions").
  router.post('/api/front/user/login.do', ...write, checked('login'), async (req, res) => {
    const payload = payloadOf(req);
    const phone = String(payload.phone ?? '').trim();
    const outcome =
      typeof payload.code === 'string' && payload.code !== ''
        ? await accounts.loginWithCode(phone, payload.code.trim(), tokenOf(req))
        : await accounts.loginWithPassword(phone, String(payload.password ?? ''), tokenOf(req));
    if (!outcome.ok) throw refuse(res, outcome);
    logger.info('portal login', {
      by: typeof payload.code === 'string' && payload.code !== '' ? 'code' : 'password',
    });
    keepSession(req, res, outcome.value);
    ok(res, null);
  });
  router.post('/api/front/user/logout.do', ...write, async (req, res) => {
    await accounts.logout(tokenOf(req));
    forgetSession(req, res);
    ok(res, null);
  });
  // §4's `?SESSION=` from the management platform: accepted once, exchanged for a cookie.
  router.post('/api/front/user/handover.do', ...write, checked('handOver'), async (req, res) => {
    const payload = payloadOf(req);
    const outcome = await accounts.handOver(String(payload.session), tokenOf(req));
    if (!outcome.ok) throw refuse(res, outcome);
    keepSession(req, res, outcome.value);
    ok(res, null);
  });
  router.post('/api/front/user/info.do', async (req, res) => {
    const payload = payloadOf(req);
    const account = await accountOf(req);
    // §3: result 1 means success; anything else leaves the visitor anonymous.
    if (!account) {
      if (tokenOf(req)) forgetSession(req, res);
      return res.json({ result: 0, msg: langOf(payload) === 'en' ? 'Not logged in' : '未登录' });
    }
    ok(res, {
      name: account.name,
      companyName: account.companyName,
      clientFlag: 1,
      serverFlag: serverFlagOf(account.grantedRole),
    });
  });
  // Every saved form is a lead with its sender (README "Leads"); `form` names which.
  const saveLead = (formOf: (payload: Payload) => string) => async (req: Request, res: Response) => {
    const payload = payloadOf(req);
    const form = formOf(payload);
    const account = await accountOf(req);
    const outcome = await accounts.saveDemand(form, payload, langOf(payload), account);
    if (!outcome.ok) throw refuse(res, outcome);
    logger.info('customer demand saved', { form, path: req.path, sender: account ? 'account' : 'anonymous' });
    ok(res, null);
  };
  router.post(
    `/${deps.product}-order/customerDemand/save`,
    ...write,
    checked('lead'),
    saveLead((payload) => String(payload.form ?? '')),
  );
  // §7 `other/advisory.do`: the service consultation (§3 contact form: name, phone, industry,
  // demand), saved as the `contact` lead; `other/leave.do` (home page, §8 "Message failed"): a
  // message, which §1 keeps for logged-in visitors; `link/demand.do`: a requirement for goods or
  // services, the §3 inquiry form (README "Leads").
  router.post(
    '/api/front/other/advisory.do',
    ...write,
    checked('join'),
    saveLead(() => 'contact'),
  );
  router.post(
    '/api/front/other/leave.do',
    ...write,
    checked('lead', 'message'),
    saveLead(() => 'message'),
  );
  router.post(
    '/api/front/link/demand.do',
    ...write,
    checked('lead', 'inquiry'),
    saveLead(() => 'inquiry'),
  );
  // §7 `other/settle.do` (home page) and `other/joinOrigin.do` (join page): a join application, the
  // §3 sign-up form with a §6 role as its industry, saved as the `signUp` lead (README "Join pages").
  for (const path of ['/api/front/other/settle.do', '/api/front/other/joinOrigin.do']) {
    router.post(
      path,
      ...write,
      checked('join'),
      saveLead(() => 'signUp'),
    );
  }

  return router;
}
