import { Router } from 'express';
import { addExpressRoutes } from './expressRoutes.ts';
import { addFamilyRoutes } from './familyRoutes.ts';
import { addTimelineRoute } from './timelineRoute.ts';
import { type TrackingRoutesOptions, trackingContextOf } from './trackingContext.ts';
import { addUsageRoute } from './usageRoute.ts';

/**
 * Tracking queries over the tracking projection (query spec §3, §7; README "Tracking"): the
 * express instant query (text and route-map), ocean and terminal tracking without a callback
 * (with one, the subscription routes answer first), air tracking. Each answers in its family's
 * convention: express `{success, reason, …}`, ocean and terminal `{flag, code, message, data}`,
 * air `{statusCode, message, data}`.
 */
export function createTrackingRouter(options: TrackingRoutesOptions): Router {
  const ctx = trackingContextOf(options);
  const router = Router();
  addExpressRoutes(router, ctx);
  addFamilyRoutes(router, ctx);
  addTimelineRoute(router, ctx);
  addUsageRoute(router, ctx);
  return router;
}
