import { randomUUID } from 'node:crypto';
import type { Logger } from '@tradelog/schemas';
import { createOpenApiRouter } from '@tradelog/schemas/kit/openapi/serve';
import {
  createServiceMetrics,
  observeRequests,
  operationsRoutes,
  recordError,
  type ServiceMetrics,
} from '@tradelog/schemas/kit/runtime/http';
import express, { type Router } from 'express';
import type { ContentDependencies } from './content/router.ts';
import { answerAs, conventionsByPath, errorMiddleware, notFoundError } from './http/answers.ts';
import { type BodyBounds, boundedBody, defaultBodyBounds } from './http/body.ts';
import { allowedMethodsOf, methodNotAllowed } from './http/methodNotAllowed.ts';
import { queryApiOpenApi } from './openapi.ts';
import { keepRequestAfter } from './reads/readAfter.ts';
import { mountedRouters } from './routers.ts';

/**
 * The query-api HTTP app: the portal content API under `/portal-api` (portal spec §7), the
 * routers over the projections (lender queries, operator endpoints, subscriptions) beside it,
 * `/health`, `/ready`, `/metrics`, `/openapi.json` and `/docs`, and one error middleware
 * answering every error in the route's convention (http/answers.ts; house style §9). I/O is
 * passed in so tests run the real app.
 */
export interface QueryApiDependencies {
  logger: Logger;
  content: ContentDependencies;
  /** Keyed routers mounted at the root, in order, after the portal's (routers.ts: `queryApiRouters` in main.ts). */
  routers?: readonly Router[];
  /** Whose X-Forwarded-For to believe (config TRUST_PROXY); loopback when absent. */
  trustProxy?: string[] | false;
  /** False when /metrics is served on a port of its own (METRICS_PORT). */
  metricsOnPublicPort?: boolean;
  /** Readiness probe (the database answers); ready when absent. */
  ready?: () => Promise<boolean>;
  /** Bounds of every request body (README "Bounds"). */
  bodyBounds?: BodyBounds;
  /** HTTP metrics registry (main adds process metrics); a fresh one when absent. */
  metrics?: ServiceMetrics;
  newId?: () => string;
}

export function createApp(deps: QueryApiDependencies): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // Behind the portal's reverse proxy: take the client address it forwards (TRUST_PROXY).
  app.set('trust proxy', deps.trustProxy ?? 'loopback');

  // Request ids, request logs, HTTP metrics, /health /ready /metrics (schemas/src/kit/runtime/http.ts).
  const metrics = deps.metrics ?? createServiceMetrics('query-api');
  app.use(observeRequests({ logger: deps.logger, metrics, newId: deps.newId ?? randomUUID }));
  app.use(
    operationsRoutes({
      service: 'query-api',
      metrics,
      metricsOnPublicPort: deps.metricsOnPublicPort,
      ready: {
        database: async () =>
          (deps.ready ? await deps.ready().catch(() => false) : true)
            ? { ok: true }
            : {
                ok: false,
                code: 'DATABASE_UNAVAILABLE',
                message: { cn: '数据库暂不可用', en: 'The database is unreachable' },
              },
      },
    }),
  );
  const document = queryApiOpenApi({ product: deps.content.product });
  app.use(createOpenApiRouter(document));
  // Interfaces with a convention of their own answer in it, body errors included.
  for (const [path, convention] of conventionsByPath) app.use(path, answerAs(convention));
  app.use(boundedBody(deps.bodyBounds ?? defaultBodyBounds));
  // `?after=`: every read of the request waits for the record it names (reads/readAfter.ts).
  app.use(keepRequestAfter);
  for (const { path, router } of mountedRouters(deps.content, deps.routers)) app.use(path, router);

  const allowedAt = allowedMethodsOf(document);
  app.use((req, res, next) => {
    const allowed = allowedAt(req.path);
    if (allowed === undefined || allowed.includes(req.method)) return next(notFoundError());
    res.set('Allow', allowed.join(', '));
    next(methodNotAllowed(req.method, allowed));
  });
  // A 5xx is logged once, with its stack, by the request log (observeRequests).
  app.use(errorMiddleware((error, req) => req.res && recordError(req.res, error)));
  return app;
}
