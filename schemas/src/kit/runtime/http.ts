import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Lang } from './envelope.ts';
import { languageOf } from './envelope.ts';
import type { Logger } from './log.ts';
import { answerMetrics, createServiceServer, listen, probeServerTimeouts } from './server.ts';

/**
 * What every Tradelog HTTP service shares for observability (README "Observability"): one
 * metrics registry per service with the same names everywhere, request ids, one request log
 * line per request, and `/health`, `/ready`, `/metrics` answering in one shape.
 *
 * Names: `http_requests_total{service,method,route,status}` and
 * `http_request_duration_seconds{service,method,route,status}`; `route` is the Express route
 * pattern (`/subscriptions/:id`), never the raw path, so labels stay bounded; requests no route
 * matched are `route="unmatched"`. Services add their own metrics to the same registry under
 * their prefix (`ingest_…`, `tradelog_…` for the pipeline).
 */
export interface ServiceMetrics {
  service: string;
  registry: Registry;
  requests: Counter<'service' | 'method' | 'route' | 'status'>;
  duration: Histogram<'service' | 'method' | 'route' | 'status'>;
}

export function createServiceMetrics(
  service: string,
  options: { registry?: Registry; processMetrics?: boolean } = {},
): ServiceMetrics {
  const registry = options.registry ?? new Registry();
  // Process metrics (CPU, memory, event-loop lag) only for the service's own registry in main:
  // tests build several apps in one process and would register them twice.
  if (options.processMetrics) collectDefaultMetrics({ register: registry, labels: { service } });
  // One registry may serve several apps (tests): reuse what is already registered there.
  const existing = registry.getSingleMetric('http_requests_total');
  if (existing) {
    return {
      service,
      registry,
      requests: existing as ServiceMetrics['requests'],
      duration: registry.getSingleMetric('http_request_duration_seconds') as ServiceMetrics['duration'],
    };
  }
  return {
    service,
    registry,
    requests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by service, method, route pattern and status',
      labelNames: ['service', 'method', 'route', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to response, by service, method, route pattern and status',
      labelNames: ['service', 'method', 'route', 'status'],
      buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10],
      registers: [registry],
    }),
  };
}

/** A caller's X-Request-Id when it is sane, else a new one. */
export function requestIdOf(header: string | undefined, newId: () => string): string {
  return header !== undefined && /^[\w.:-]{1,128}$/.test(header) ? header : newId();
}

/**
 * The route pattern a request matched (`/ops/rebuild/:projection`), the route a dispatcher named
 * (`routeMatched`), or `unmatched`.
 */
export function routeOf(req: Request, res?: Response): string {
  const named = res?.locals.route;
  if (typeof named === 'string') return named;
  const route = (req as { route?: { path?: unknown } }).route;
  return typeof route?.path === 'string' ? `${req.baseUrl}${route.path}` : 'unmatched';
}

/** For a handler that dispatches by its own table rather than an Express route (ingest's interfaces). */
export function routeMatched(res: Response, pattern: string): void {
  res.locals.route = pattern;
}

/**
 * First middleware of a service: sets `X-Request-Id` (echoed or new; `res.locals.requestId`),
 * and when the response is finished counts it, times it and logs one line with the request id,
 * method, route, status and duration. Never the body, never the key.
 */
export function observeRequests(deps: { logger: Logger; metrics: ServiceMetrics; newId: () => string }) {
  const logger = deps.logger.scope({ component: 'http' });
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const requestId = requestIdOf(req.get('x-request-id'), deps.newId);
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    res.once('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(req, res);
      const labels = {
        service: deps.metrics.service,
        method: req.method,
        route,
        status: String(res.statusCode),
      };
      deps.metrics.requests.inc(labels);
      deps.metrics.duration.observe(labels, seconds);
      // A route that logs its own line (ingest's submissions) and answered under 500 needs no
      // second one: nothing else to build.
      if (res.locals.requestLogged === true && res.statusCode < 500) return;
      const context = {
        requestId,
        method: req.method,
        route,
        // originalUrl: routers mounted on a path rewrite req.url while they run.
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        durationMs: Math.round(seconds * 10_000) / 10,
      };
      // A handler that answered 5xx leaves its error in res.locals.error (recordError): logged
      // here with its stack, once, beside the request it failed.
      // 503 is a dependency away (Kafka, Postgres): expected while it lasts, so a warning.
      if (res.statusCode === 503) logger.warn('request unavailable', { ...context, error: res.locals.error });
      else if (res.statusCode >= 500) logger.error('request failed', { ...context, error: res.locals.error });
      else logger.info('request', context);
    });
    next();
  };
}

/**
 * For a route that writes its own line per request with everything the request line says (ingest's
 * `submission`): the request log then adds no second line for its answers under 500 (one line per
 * request is what an operator reads, and at intake rates the second line was a measurable cost).
 */
export function requestLoggedByRoute(res: Response): void {
  res.locals.requestLogged = true;
}

/** Keeps a failed request's error for its request log line (see observeRequests). */
export function recordError(res: Response, error: unknown): void {
  res.locals.error = error;
}

/**
 * Health answers, the same shape in every service: the `{flag, code, message}` envelope plus
 * `status` (`ok` | `unavailable`), `service` and `checks` (each `ok` or what is wrong).
 * `/health` is liveness (the process runs); `/ready` runs the readiness checks.
 */
export type CheckResult = { ok: true } | { ok: false; code: string; message: { cn: string; en: string } };
export type ReadinessCheck = () => Promise<CheckResult> | CheckResult;

export interface HealthAnswer {
  flag: 'success' | 'failure';
  code: string;
  message: string;
  status: 'ok' | 'unavailable';
  service: string;
  checks: Record<string, string>;
}

export async function readiness(
  service: string,
  checks: Readonly<Record<string, ReadinessCheck>>,
  lang: Lang,
): Promise<HealthAnswer> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<[string, CheckResult]> => {
      try {
        return [name, await check()];
      } catch (error) {
        return [
          name,
          {
            ok: false,
            code: 'CHECK_FAILED',
            message: { cn: `${name} 检查失败`, en: `${name} check failed: ${(error as Error).message}` },
          },
        ];
      }
    }),
  );
  const failed = results.find(([, result]) => !result.ok)?.[1];
  const shown = Object.fromEntries(
    results.map(([name, result]) => [name, result.ok ? 'ok' : result.message[lang]]),
  );
  if (failed && !failed.ok) {
    return {
      flag: 'failure',
      code: failed.code,
      message: failed.message[lang],
      status: 'unavailable',
      service,
      checks: shown,
    };
  }
  return { flag: 'success', code: '200', message: 'ready', status: 'ok', service, checks: shown };
}

export function operationsRoutes(deps: {
  service: string;
  metrics: ServiceMetrics;
  ready: Readonly<Record<string, ReadinessCheck>>;
  /** False when /metrics has a port of its own (METRICS_PORT, startMetricsServer). */
  metricsOnPublicPort?: boolean;
}): Router {
  const router = express.Router();
  router.get('/health', (_req, res) => {
    const answer: HealthAnswer = {
      flag: 'success',
      code: '200',
      message: 'alive',
      status: 'ok',
      service: deps.service,
      checks: { process: 'ok' },
    };
    res.json(answer);
  });
  router.get('/ready', async (req, res) => {
    const answer = await readiness(deps.service, deps.ready, languageOf(req.get('accept-language')));
    res.status(answer.status === 'ok' ? 200 : 503).json(answer);
  });
  if (deps.metricsOnPublicPort !== false)
    router.get('/metrics', async (_req, res) => {
      res.set('Content-Type', deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
    });
  return router;
}

/**
 * `/metrics` alone, on a port of its own (METRICS_PORT), so that the public port serves no
 * internals and a NetworkPolicy or firewall can open the metrics port to Prometheus only
 * (deploy/README.md "Running in production").
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  registry: Registry;
  logger: Logger;
}): Promise<Server> {
  const server = createServiceServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') return void res.writeHead(404).end();
    answerMetrics(options.registry, res, options.logger);
  }, probeServerTimeouts);
  await listen(server, options.port, options.host);
  options.logger.info('metrics listening', { host: options.host, port: options.port });
  return server;
}

/** startMetricsServer when METRICS_PORT gives /metrics a port of its own; none when it is 0 (the public port's). */
export async function startMetricsServerIfOwnPort(
  settings: { metricsHost: string; metricsPort: number },
  registry: Registry,
  logger: Logger,
): Promise<Server | undefined> {
  return settings.metricsPort > 0
    ? await startMetricsServer({ host: settings.metricsHost, port: settings.metricsPort, registry, logger })
    : undefined;
}
