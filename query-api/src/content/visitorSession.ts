import type { Request, Response } from 'express';
import type { Accounts, Clock, IssuedSession } from './accounts.ts';
import { endedSessionCookie, sessionCookie, sessionFromCookies } from './sessionCookie.ts';

/**
 * A visitor's session on the portal: the server's HttpOnly cookie (README "Sessions");
 * `req.secure` honours the trusted proxy.
 */
export interface VisitorSession {
  tokenOf(req: Request): string | undefined;
  accountOf(req: Request): ReturnType<Accounts['userInfo']> | Promise<null>;
  keepSession(req: Request, res: Response, issued: IssuedSession): void;
  forgetSession(req: Request, res: Response): void;
}

export function createVisitorSession(deps: { accounts: Accounts; clock: Clock }): VisitorSession {
  const tokenOf = (req: Request) => sessionFromCookies(req.get('cookie'));
  return {
    tokenOf,
    accountOf: async (req) => {
      const token = tokenOf(req);
      return token ? deps.accounts.userInfo(token) : null;
    },
    keepSession: (req, res, issued) =>
      void res.append(
        'Set-Cookie',
        sessionCookie(issued.session, {
          expiresAt: issued.expiresAt,
          now: new Date(deps.clock.now()),
          secure: req.secure,
        }),
      ),
    forgetSession: (req, res) => void res.append('Set-Cookie', endedSessionCookie(req.secure)),
  };
}
