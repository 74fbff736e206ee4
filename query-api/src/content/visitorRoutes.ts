import type { Logger } from '@tradelog/schemas';
import type { Request, RequestHandler, Response, Router } from 'express';
import { type Accounts, serverFlagOf } from './accounts.ts';
import { warrantOf } from './homeBands.ts';
import { type FormId, langOf, ok, type Payload, payloadOf, refuse, smsUnavailable } from './portalCalls.ts';
import type { VisitorSession } from './visitorSession.ts';

/** What the visitor calls need: the accounts, the session cookie, the write guards and the form checks. */
export interface VisitorCalls {
  accounts: Accounts;
  session: VisitorSession;
  logger: Logger;
  /** `{product}` of the spec's paths. */
  product: string;
  /** Every write: the address's write budget, then JSON from the portal's own origin only (README "Writes"). */
  write: readonly RequestHandler[];
  checked: (id: FormId, form?: string) => RequestHandler;
}

/**
 * The session's account, or null once the visitor was answered "not logged in" (§3: result 1
 * means success; anything else leaves the visitor anonymous), a stale cookie ended with it.
 */
async function loggedIn(session: VisitorSession, req: Request, res: Response) {
  const account = await session.accountOf(req);
  if (!account) {
    if (session.tokenOf(req)) session.forgetSession(req, res);
    res.json({ result: 0, msg: langOf(payloadOf(req)) === 'en' ? 'Not logged in' : '未登录' });
  }
  return account;
}

/**
 * The visitor's own calls (portal spec §4, §7): verification codes, registration, login, logout,
 * the management platform's hand-over, who is logged in and what they are granted. Per visitor,
 * never kept in the page cache.
 */
export function addSessionRoutes(router: Router, calls: VisitorCalls): void {
  const { accounts, logger, write, checked } = calls;
  const { tokenOf, keepSession, forgetSession } = calls.session;
  // What the session's account is granted: per visitor, never kept in the page cache.
  router.get('/api/front/home/warrant.do', async (req, res) => {
    const account = await loggedIn(calls.session, req, res);
    if (!account) return;
    ok(res, warrantOf(account, langOf(payloadOf(req)), serverFlagOf(account.grantedRole)));
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
    const account = await loggedIn(calls.session, req, res);
    if (!account) return;
    ok(res, {
      name: account.name,
      companyName: account.companyName,
      clientFlag: 1,
      serverFlag: serverFlagOf(account.grantedRole),
    });
  });
}

/** Every saved form is a lead with its sender (README "Leads"); `form` names which. */
export function addLeadFormRoutes(router: Router, calls: VisitorCalls): void {
  const { accounts, logger, write, checked, product } = calls;
  const { accountOf } = calls.session;
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
    `/${product}-order/customerDemand/save`,
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
}
