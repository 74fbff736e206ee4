import { randomBytes, randomInt } from 'node:crypto';
import { type Logger, localizedError } from '@tradelog/schemas';
import type { PortalContent } from '@tradelog/schemas/portal/content';
import { createPortalValidators } from '@tradelog/schemas/portal/forms';
import { Router } from 'express';
import type pg from 'pg';
import { answerAs } from '../http/answers.ts';
import { boundedBody, defaultBodyBounds } from '../http/body.ts';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { requireKey } from '../reads/auth.ts';
import { type Clock, createAccounts, type SmsSender } from './accounts.ts';
import { type AttemptRules, defaultAttemptRules } from './attemptLimits.ts';
import { addContentPageRoutes, servedFrom } from './contentPageRoutes.ts';
import { loadPortalContent } from './operatorContent.ts';
import { createPageCache, type PageCacheOptions, pageCacheDefaults } from './pageCache.ts';
import { formChecks, ok, payloadOf } from './portalCalls.ts';
import { judgeRedirect, redirectOrigins } from './redirect.ts';
import { addLeadFormRoutes, addSessionRoutes, type VisitorCalls } from './visitorRoutes.ts';
import { createVisitorSession } from './visitorSession.ts';
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

export function createContentRouter(deps: ContentDependencies): Router {
  const logger = deps.logger.scope({ component: 'content' });
  const accounts = portalAccounts(deps);
  const callLimit = deps.callLimit ?? noCallLimit;
  // Every write: the address's write budget, then JSON from the portal's own origin only (README "Writes").
  const write = [callLimit('portal-write'), portalWriteGuard(deps.allowedOrigins ?? [])];
  const router = Router();
  // Failures answer {result: 0, msg} (§7); the app parses bodies already, this covers a router mounted alone.
  router.use(answerAs('portal'), boundedBody(defaultBodyBounds), callLimit('portal'));

  // §7/§9 page cache (pageCache.ts, README "Page cache"), on the router's clock.
  const pages = createPageCache({ ...pageCacheDefaults, ...deps.pageCache, now: deps.clock.now });

  const served = servedContent(deps.content ?? loadPortalContent(), deps.allowedOrigins ?? []);
  addContentPageRoutes(router, {
    serve: servedFrom(pages),
    content: served.content,
    product: deps.product,
    locateIp: deps.locateIp,
  });
  const calls: VisitorCalls = {
    accounts,
    session: createVisitorSession({ accounts, clock: deps.clock }),
    logger,
    product: deps.product,
    write,
    checked: formChecks(createPortalValidators()),
  };
  addSessionRoutes(router, calls);
  // §7 redirect helper: only to where the portal itself links (redirect.ts, README "Redirect helper").
  router.post('/api/transfer/redirect', (req, res) => {
    const payload = payloadOf(req);
    const verdict = judgeRedirect(payload.url, served.redirectTargets());
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
      served.replace(reloadedContent(deps.reloadContent));
      reloaded = true;
    }
    const cleared = pages.clear();
    logger.info('page cache cleared', { cleared, reloaded });
    ok(res, { cleared, reloaded });
  });

  addLeadFormRoutes(router, calls);
  return router;
}

/** Visitors' accounts, with the defaults for whatever the dependencies leave out. */
function portalAccounts(deps: ContentDependencies) {
  return createAccounts({
    pool: deps.pool,
    clock: deps.clock,
    newCode: deps.newCode ?? (() => String(randomInt(0, 1_000_000)).padStart(6, '0')),
    newSession: deps.newSession ?? (() => randomBytes(24).toString('base64url')),
    send: deps.sendSms,
    maxAttempts: deps.smsMaxAttempts ?? 5,
    attemptRules: deps.attemptRules ?? defaultAttemptRules,
    sessionDays: deps.sessionDays ?? 30,
  });
}

/** The content the portal serves and the redirect targets it links to, replaced together. */
function servedContent(initial: PortalContent, allowedOrigins: readonly string[]) {
  let content = initial;
  let redirectTargets = redirectOrigins(content, allowedOrigins);
  return {
    content: () => content,
    redirectTargets: () => redirectTargets,
    replace(next: PortalContent): void {
      content = next;
      redirectTargets = redirectOrigins(content, allowedOrigins);
    },
  };
}

/** The operator's content file read again; one that fails its checks is refused (400), naming why. */
function reloadedContent(reload: () => PortalContent): PortalContent {
  try {
    return reload();
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
}
