import { TradelogError } from '@tradelog/schemas';
import { type CallLimits, createCallLimits } from '@tradelog/schemas/kit/runtime/callLimits';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { CallLimitName } from '../config.ts';
import { createCallLimit, spendMoreCalls } from './callLimit.ts';

/** In-memory limits (no store): `default-key` allows `points` calls a minute per account. */
function limitsOf(points: number): CallLimits<CallLimitName> {
  const rule = { points, windowSeconds: 60, per: 'caller' as const };
  const table = Object.fromEntries(
    ['express-instant-query', 'subscription', 'flight', 'default-key', 'portal', 'portal-write'].map(
      (name) => [name, rule],
    ),
  ) as Record<CallLimitName, typeof rule>;
  return createCallLimits({ table, prefix: 'test' });
}

function call(limits: CallLimits<CallLimitName>) {
  const headers: Record<string, string> = {};
  const res = {
    locals: { caller: { accountId: 'acc-1' } },
    set: (values: Record<string, string>) => Object.assign(headers, values),
  } as unknown as Response;
  const req = { ip: '127.0.0.1' } as Request;
  const middleware = createCallLimit({ keyed: limits, public: limits })('default-key');
  return { res, headers, passed: new Promise<void>((resolve) => middleware(req, res, () => resolve())) };
}

describe('spendMoreCalls', () => {
  it('counts more calls of the request limit and subject', async () => {
    const limits = limitsOf(10);
    const first = call(limits);
    await first.passed;
    await spendMoreCalls(first.res, 4);
    expect(first.headers.RateLimit).toBe('"default-key";r=5;t=60');
  });

  it('refuses with 429 CALL_LIMIT_EXCEEDED and Retry-After once the limit runs out', async () => {
    const limits = limitsOf(3);
    const first = call(limits);
    await first.passed;
    const refusal = await spendMoreCalls(first.res, 5).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TradelogError);
    expect((refusal as TradelogError).code).toBe('CALL_LIMIT_EXCEEDED');
    expect((refusal as TradelogError).status).toBe(429);
    expect(first.headers['Retry-After']).toBeDefined();
  });

  it('counts nothing on a route without a limit', async () => {
    const res = { locals: {} } as unknown as Response;
    await expect(spendMoreCalls(res, 3)).resolves.toBeUndefined();
  });
});
