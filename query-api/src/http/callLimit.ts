import { localizedError } from '@tradelog/schemas';
import {
  type CallLimits,
  createCallLimits,
  type LimitStoreClient,
  leaseBlock,
  limitHeaders,
} from '@tradelog/schemas/kit/runtime/callLimits';
import type { LimitTable, LimitVerdict } from '@tradelog/schemas/kit/runtime/limitRule';
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
    const counter = rule.per === 'caller' ? limits.keyed : limits.public;
    const verdict = await counter.consume(name, subject);
    res.set(limitHeaders(name, verdict));
    if (!verdict.allowed) throw callLimitExceeded(verdict);
    // An answer that stands for several calls (an export of every page, README "Exports")
    // spends the rest under the same limit and subject.
    res.locals[moreCallsKey] = async (count: number) => {
      for (let spent = 0; spent < count; spent++) {
        const more = await counter.consume(name, subject);
        res.set(limitHeaders(name, more));
        if (!more.allowed) throw callLimitExceeded(more);
      }
    };
    next();
  };
}

/**
 * The call limits query-api serves, built here once so the query bench's stack pays what main.ts
 * pays: keyed limits counted in the main pool and taken in blocks (README "Call limits": one
 * write per block), public ones in the portal's pool (deploy/README.md "Connection budget").
 */
export function queryApiCallLimit(
  table: LimitTable<CallLimitName>,
  pools: { keyed: LimitStoreClient; public: LimitStoreClient },
): CallLimit {
  return createCallLimit({
    keyed: createCallLimits({ table, store: pools.keyed, prefix: 'query', block: leaseBlock }),
    public: createCallLimits({ table, store: pools.public, prefix: 'query' }),
  });
}

const moreCallsKey = 'spendMoreCalls';

/**
 * Counts `count` more calls of the request's limit (none when its route has no limit); a limit
 * that runs out refuses the request as a call past it would be (429 with `Retry-After`).
 */
export async function spendMoreCalls(res: Response, count: number): Promise<void> {
  const spend = res.locals[moreCallsKey] as ((count: number) => Promise<void>) | undefined;
  if (spend && count > 0) await spend(count);
}

function callLimitExceeded(verdict: LimitVerdict) {
  return localizedError(
    'CALL_LIMIT_EXCEEDED',
    429,
    {
      cn: `调用次数超限：每 ${verdict.windowSeconds} 秒最多 ${verdict.limit} 次，请 ${verdict.resetSeconds} 秒后重试`,
      en: `Call limit exceeded: at most ${verdict.limit} calls per ${verdict.windowSeconds} s; retry in ${verdict.resetSeconds} s`,
    },
    {},
    { retriable: true },
  );
}

/** No limits: for tests that build routers without a database-backed limiter. */
export const noCallLimit: CallLimit = () => (_req, _res, next) => next();
