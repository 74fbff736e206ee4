import { type DeliveryState, deliveryStates } from '@tradelog/projections/push/deliveries';
import { listAttempts, listDeliveries } from '@tradelog/projections/push/deliveryHistory';
import { requestRedelivery } from '@tradelog/projections/push/redelivery';
import type { Router } from 'express';
import type pg from 'pg';
import { choiceParameter, listLimit, wholeParameter } from '../http/queryParameters.ts';
import { validateManagement } from '../reads/requests.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import type { OwnSubscription } from './ownSubscription.ts';
import { isUuidShaped, subscriptionNotFound } from './subscriptionViews.ts';

/**
 * A subscription's deliveries, their attempts, and redelivery (query-api README "Subscriber
 * tools"; projections/src/push/README.md "Delivery states").
 */
export function addDeliveryRoutes(
  manage: Router,
  deps: { pool: pg.Pool; ownSubscription: OwnSubscription; now: () => Date },
): void {
  const { pool, ownSubscription } = deps;
  manage.get(
    '/subscriptions/:id/deliveries',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const state = choiceParameter(req.query, 'state', deliveryStates);
      const rows = await listDeliveries(pool, subscription.id, {
        ...(state ? { state } : {}),
        limit: wholeParameter(req.query, 'limit', listLimit),
      });
      sendSuccess(res, { dataList: rows });
    }),
  );
  manage.get(
    '/subscriptions/:id/deliveries/:deliveryId/attempts',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const deliveryId = String(req.params.deliveryId);
      if (!isUuidShaped(deliveryId)) throw subscriptionNotFound();
      sendSuccess(res, { dataList: await listAttempts(pool, subscription.id, deliveryId) });
    }),
  );
  manage.post(
    '/subscriptions/:id/redeliver',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const body = validateManagement('redelivery', req.body) as {
        deliveryIds?: string[];
        states?: DeliveryState[];
        since?: string;
      };
      const ids = body.deliveryIds;
      // "Recover what failed since T": with `since` alone, the dead ones.
      const states = body.states ?? (body.since !== undefined && !ids ? ['dead' as const] : undefined);
      // At most a page (1,000, oldest first) per call; `more` says to call again for the next.
      const { ids: redelivered, more } = await requestRedelivery(
        pool,
        subscription.id,
        {
          ...(ids ? { ids } : {}),
          ...(states ? { states } : {}),
          ...(body.since !== undefined ? { since: new Date(body.since) } : {}),
        },
        deps.now(),
      );
      sendSuccess(res, { redelivered, more });
    }),
  );
}
