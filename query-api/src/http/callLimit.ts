import { localizedError } from '@tradelog/schemas';
import { type CallLimits, limitHeaders } from '@tradelog/schemas/runtime/callLimits';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { CallLimitName } from '../config.ts';

/**
 * Attaches a call limit of the config's table to a route in one line: `callLimit('flight')`.
 * Place it after the key middleware on keyed routes (it counts per account, `res.locals.caller`)
 * and anywhere on public ones (per client address). Every answer carries `RateLimit-Policy` and
 * `RateLimit`; a refusal is 429 `CALL_LIMIT_EXCEEDED` with `Retry-After`, in the route's own
 * convention (`answerAs`: the flight convention answers business code 42900).
 */
export type CallLimit = (name: CallLimitName) => RequestHandler;

export function createCallLimit(limits: {
  /** Counts per account, in the main pool. */
  keyed: CallLimits<CallLimitName>;
  /** Counts per client address, in the portal's pool (README "Pools"). */
  public: CallLimits<CallLimitName>;
}): CallLimit {
  return (name) => async (req: Request, res: Response, next: NextFunction) => {
    const rule = limits.keyed.table[name];
    const accountId = (res.locals.caller as { accountId?: string } | undefined)?.accountId;
    const subject = rule.per === 'caller' && accountId ? `a:${accountId}` : `ip:${req.ip ?? 'unknown'}`;
    const verdict = await (rule.per === 'caller' ? limits.keyed : limits.public).consume(name, subject);
    res.set(limitHeaders(name, verdict));
    if (verdict.allowed) return next();
    throw localizedError(
      'CALL_LIMIT_EXCEEDED',
      429,
      {
        cn: `调用次数超限：每 ${verdict.windowSeconds} 秒最多 ${verdict.limit} 次，请 ${verdict.resetSeconds} 秒后重试`,
        en: `Call limit exceeded: at most ${verdict.limit} calls per ${verdict.windowSeconds} s; retry in ${verdict.resetSeconds} s`,
      },
      {},
      { retriable: true },
    );
  };
}

/** No limits: for tests that build routers without a database-backed limiter. */
export const noCallLimit: CallLimit = () => (_req, _res, next) => next();
