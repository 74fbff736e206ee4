import type { CallbackAllowlist } from '@tradelog/projections/push/callbackTarget';
import type { Router } from 'express';
import type pg from 'pg';
import { createLeadRoutes } from './content/leadRoutes.ts';
import { createPortalRoleRoutes } from './content/roleRoutes.ts';
import { type ContentDependencies, createContentRouter } from './content/router.ts';
import { createDocumentRoutes } from './documents/router.ts';
import type { CallLimit } from './http/callLimit.ts';
import { createProjectionRoutes } from './lenders/routes.ts';
import { createSubscriptionRoutes } from './subscriptions/routes.ts';
import type { TestPushWaits } from './subscriptions/testPushWaits.ts';
import type { CheckValueRules } from './tracking/checkValueAttempts.ts';
import { createTrackingRouter } from './tracking/router.ts';

type ProjectionRoutesDeps = Parameters<typeof createProjectionRoutes>[0];

/** A router and the path the app mounts it at. */
export interface MountedRouter {
  path: string;
  router: Router;
}

/**
 * Every router the app mounts, in mount order: the portal's content calls under `/portal-api`
 * (portal spec §7; public, answered `{result, msg}`), then the keyed routers at the root —
 * `queryApiRouters` in main.ts, a test's own choice elsewhere. app.ts mounts this list after its
 * shell (request ids and logs, /health, /ready, /metrics, the OpenAPI document, the conventions,
 * the bounded body) and before the not-found answer and the error middleware.
 */
export function mountedRouters(content: ContentDependencies, keyed: readonly Router[] = []): MountedRouter[] {
  return [
    { path: '/portal-api', router: createContentRouter(content) },
    ...keyed.map((router) => ({ path: '/', router })),
  ];
}

/**
 * Every keyed router of the query API, in the order they are mounted: main.ts serves them, and
 * so do the tests that need the whole API (a router added here is served and tested at once).
 */
export function queryApiRouters(deps: {
  pool: pg.Pool;
  namespace: string;
  callbackAllowlist: CallbackAllowlist;
  callLimit?: CallLimit;
  changesTopic?: string;
  documentTopics?: string[];
  topicOffsets?: ProjectionRoutesDeps['topicOffsets'];
  logSnapshot?: ProjectionRoutesDeps['logSnapshot'];
  records?: ProjectionRoutesDeps['records'];
  /** TRACKING_PROVIDER_WINDOW_MINUTES (README "Tracking queries"); the default when absent. */
  providerWindowMs?: number;
  /** CHECK_VALUE_* (README "Check-value attempts"); the defaults when absent. */
  checkValueRules?: CheckValueRules;
  /** Test pushes wait on Postgres' word (subscriptions/testPushWaits.ts); absent, they answer at once. */
  testPushWaits?: TestPushWaits;
}): Router[] {
  const { pool, callLimit } = deps;
  const limited = callLimit ? { callLimit } : {};
  const window = {
    ...(deps.providerWindowMs === undefined ? {} : { providerWindowMs: deps.providerWindowMs }),
    ...(deps.checkValueRules === undefined ? {} : { checkValueRules: deps.checkValueRules }),
  };
  return [
    createLeadRoutes({ pool, ...limited }),
    createPortalRoleRoutes({ pool, ...limited }),
    createProjectionRoutes({
      pool,
      namespace: deps.namespace,
      ...limited,
      ...(deps.changesTopic ? { changesTopic: deps.changesTopic } : {}),
      ...(deps.documentTopics ? { documentTopics: deps.documentTopics } : {}),
      ...(deps.topicOffsets ? { topicOffsets: deps.topicOffsets } : {}),
      ...(deps.logSnapshot ? { logSnapshot: deps.logSnapshot } : {}),
      ...(deps.records ? { records: deps.records } : {}),
    }),
    createSubscriptionRoutes({
      pool,
      callbackAllowlist: deps.callbackAllowlist,
      ...limited,
      ...window,
      ...(deps.testPushWaits ? { testPushWaits: deps.testPushWaits } : {}),
    }),
    createDocumentRoutes({ pool, ...limited }),
    // After the subscriptions: ocean, terminal and air requests without a callbackUrl fall through to the queries.
    createTrackingRouter({ pool, ...limited, ...window }),
  ];
}
