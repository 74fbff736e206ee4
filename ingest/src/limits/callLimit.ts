import { localizedError } from '@tradelog/schemas';
import { apiKeyFromHeaders } from '@tradelog/schemas/access/apiKey';
import {
  type CallLimits,
  createCallLimits,
  type LimitStoreClient,
  leaseBlock,
  limitHeaders,
} from '@tradelog/schemas/kit/runtime/callLimits';
import type { LimitRule, LimitVerdict } from '@tradelog/schemas/kit/runtime/limitRule';
import type { NextFunction, Request, Response } from 'express';
import { hashPresentedKeyOn } from '../auth/keyLookup.ts';

/**
 * The default per-key call limit of ingest (README "Call limits"), the same module shape as
 * query-api's (query-api/src/http/callLimit.ts) over the same core and table
 * (schemas/src/kit/runtime/callLimits.ts): counted per presented key, in Postgres, so it holds
 * across ingest instances; mounted with one `app.use`. A call without a key passes on (the
 * interface answers 401). The counters are ingest's only database write; while Postgres is
 * away each instance counts on its own, so intake goes on (ARCHITECTURE: a database hiccup
 * does not stop intake).
 */
export type IngestLimitName = 'partner-default';

/**
 * The limit's counters: taken from Postgres in blocks (`leaseBlock`, as query-api takes its keyed
 * limits: 50 calls at a time for the default 6000 a minute, more for a key calling faster, exact for
 * limits under 40), spent in
 * memory, the next block taken in the background while half of the current one is left: no
 * submission waits for the database but the first of a key's window on each instance. Counting
 * every call in the store made each submission wait for an upsert on one hot row per key, and
 * that was intake's ceiling (README "Call limit"). Never more calls are admitted than the limit
 * across all instances; an instance's unspent calls (at most a block and a half) lapse with the
 * window, so N instances may admit up to 1.5 × 50 × N fewer than the limit in a window (more for a
 * key calling faster than its limit's average rate: blocks grow with demand, createCallLimits).
 */
export function createIngestLimits(rule: LimitRule, store: LimitStoreClient): CallLimits<IngestLimitName> {
  return createCallLimits({ table: { 'partner-default': rule }, store, prefix: 'ingest', block: leaseBlock });
}

export function createIngestCallLimit(limits: CallLimits<IngestLimitName>) {
  const answer = (verdict: LimitVerdict | undefined, res: Response, next: NextFunction) => {
    if (!verdict) return next();
    res.set(limitHeaders('partner-default', verdict));
    if (verdict.allowed) return next();
    // Answered by the app's one error middleware, like every other refusal.
    next(
      localizedError(
        'CALL_LIMIT_EXCEEDED',
        429,
        {
          cn: `调用次数超限：每 ${verdict.windowSeconds} 秒最多 ${verdict.limit} 次，请 ${verdict.resetSeconds} 秒后重试`,
          en: `Call limit exceeded: at most ${verdict.limit} calls per ${verdict.windowSeconds} s; retry in ${verdict.resetSeconds} s`,
        },
        {},
        { retriable: true },
      ),
    );
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST') return next();
    let key: string;
    try {
      key = apiKeyFromHeaders(req.get('authorization'), req.get('x-api-key'));
    } catch {
      return next();
    }
    const subject = `k:${hashPresentedKeyOn(req.socket, key)}`;
    // Nearly every call is answered from the block this instance holds, synchronously; only the
    // first call of a window waits for the store. The store's faults are covered by the
    // in-memory insurance; anything else lets the call pass.
    const held = limits.consumeHeld('partner-default', subject);
    if (held !== undefined) return answer(held, res, next);
    return limits.consume('partner-default', subject).then(
      (verdict) => answer(verdict, res, next),
      () => next(),
    );
  };
}
