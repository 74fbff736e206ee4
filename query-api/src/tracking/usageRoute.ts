import { billingWindowDays, countBilledOrders } from '@tradelog/projections/tracking/usage';
import { localizedError } from '@tradelog/schemas';
import type { Router } from 'express';
import { instantParameter } from '../http/queryParameters.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import { callerOf } from './trackedReads.ts';
import type { TrackingContext } from './trackingContext.ts';

export function addUsageRoute(router: Router, ctx: TrackingContext): void {
  const { pool, now, anyKey, defaultLimit } = ctx;
  // The caller's billed express orders (§9: one order per carrier code plus number over 40 days).
  router.get(
    '/usage/tracking',
    anyKey,
    defaultLimit,
    handle(async (req, res) => {
      const to = instantParameter(req.query, 'to', now());
      const from = instantParameter(
        req.query,
        'from',
        new Date(to.getTime() - billingWindowDays * 86_400_000),
      );
      if (from > to) {
        throw localizedError('VALIDATION_FAILED', 400, {
          cn: 'from 不能晚于 to',
          en: 'from must not be later than to',
        });
      }
      sendSuccess(res, {
        from: from.toISOString(),
        to: to.toISOString(),
        billingWindowDays,
        dataList: await countBilledOrders(pool, callerOf(res), { from, to }),
      });
    }),
  );
}
