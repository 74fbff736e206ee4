import type { Logger } from '@tradelog/schemas';
import express, { type Router } from 'express';
import { type ContentDependencies, createContentRouter } from './content/router.ts';
import { answerAs, conventionsByPath, errorMiddleware, notFoundError } from './http/answers.ts';
import { type BodyBounds, boundedBody, defaultBodyBounds } from './http/body.ts';

/**
 * The query-api HTTP app: the portal content API under `/portal-api` (portal spec §7), the
 * routers over the projections (lender queries, operator endpoints, subscriptions) beside it,
 * `GET /health`, and one error middleware answering every error in the route's convention
 * (http/answers.ts; house style §9). I/O is passed in so tests run the real app.
 */
export interface QueryApiDependencies {
  logger: Logger;
  content: ContentDependencies;
  /** Routers mounted at the root, in order (createProjectionRoutes, createSubscriptionRoutes). */
  routers?: readonly Router[];
  /** Health probe (the database answers); healthy when absent. */
  ready?: () => Promise<boolean>;
  /** Bounds of every request body (README "Bounds"). */
  bodyBounds?: BodyBounds;
}

export function createApp(deps: QueryApiDependencies): express.Express {
  const logger = deps.logger.scope({ component: 'http' });
  const app = express();
  app.disable('x-powered-by');
  // Behind the portal's reverse proxy on the same host: take the client address it forwards.
  app.set('trust proxy', 'loopback');

  app.get('/health', async (_req, res) => {
    const healthy = deps.ready ? await deps.ready().catch(() => false) : true;
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'unavailable' });
  });
  // Interfaces with a convention of their own answer in it, body errors included.
  for (const [path, convention] of conventionsByPath) app.use(path, answerAs(convention));
  app.use(boundedBody(deps.bodyBounds ?? defaultBodyBounds));
  app.use('/portal-api', createContentRouter(deps.content));
  for (const router of deps.routers ?? []) app.use(router);

  app.use((_req, _res, next) => next(notFoundError()));
  app.use(
    errorMiddleware((error, req) =>
      logger.error('request failed', { method: req.method, path: req.path, error: error as Error }),
    ),
  );
  return app;
}
