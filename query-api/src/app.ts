import { type Logger, TradelogError } from '@tradelog/schemas';
import { failure, languageOf } from '@tradelog/schemas/runtime/envelope';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { type ContentDependencies, createContentRouter } from './content/router.ts';

/**
 * The query-api HTTP app: the portal content API under `/portal-api` (portal spec §7), the
 * routers over the projections (lender queries, operator endpoints, subscriptions) beside it,
 * `GET /health`, and one error middleware mapping every error to the `{flag, code, message}`
 * envelope (house style §9). I/O is passed in so tests run the real app.
 */
export interface QueryApiDependencies {
  logger: Logger;
  content: ContentDependencies;
  /** Routers mounted at the root, in order (createProjectionRoutes, createSubscriptionRoutes). */
  routers?: readonly Router[];
  /** Health probe (the database answers); healthy when absent. */
  ready?: () => Promise<boolean>;
}

export function createApp(deps: QueryApiDependencies): express.Express {
  const logger = deps.logger.scope({ component: 'http' });
  const app = express();
  app.disable('x-powered-by');
  // Behind the portal's reverse proxy on the same host: take the client address it forwards.
  app.set('trust proxy', 'loopback');
  app.use(express.json({ limit: '64kb' }));

  app.get('/health', async (_req, res) => {
    const healthy = deps.ready ? await deps.ready().catch(() => false) : true;
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'unavailable' });
  });
  app.use('/portal-api', createContentRouter(deps.content));
  for (const router of deps.routers ?? []) app.use(router);

  app.use((req: Request, _res: Response, next: NextFunction) => {
    next(
      new TradelogError('NOT_FOUND', `no interface ${req.method} ${req.path}`, {
        status: 404,
        details: { message: { cn: '接口不存在', en: 'No such interface' } },
      }),
    );
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // A body the JSON parser refused arrives as a plain error with a 4xx status.
    const status = (error as { status?: number }).status;
    const typed =
      !(error instanceof TradelogError) && status !== undefined && status >= 400 && status < 500
        ? new TradelogError('VALIDATION_FAILED', 'the request body is not valid JSON', {
            status,
            details: { message: { cn: '请求体不是合法的 JSON', en: 'The request body is not valid JSON' } },
          })
        : error;
    const { status: code, body } = failure(typed, languageOf(req.get('accept-language')));
    if (code >= 500)
      logger.error('request failed', { method: req.method, path: req.path, error: error as Error });
    res.status(code).json(body);
  });
  return app;
}
