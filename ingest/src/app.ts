import { type Logger, localizedError } from '@tradelog/schemas';
import type { LogProducer } from '@tradelog/schemas/kit/log/producer';
import { createOpenApiRouter } from '@tradelog/schemas/kit/openapi/serve';
import {
  createServiceMetrics,
  observeRequests,
  operationsRoutes,
  routeMatched,
} from '@tradelog/schemas/kit/runtime/http';
import express from 'express';
import { answerErrors } from './intake/errorAnswer.ts';
import type { SubmissionInterface } from './intake/interfaces.ts';
import { createBodyReader } from './intake/readBody.ts';
import { createSubmit, type SubmitDependencies } from './intake/submit.ts';
import { createTurnQueue } from './intake/turns.ts';
import { kafkaReadiness } from './kafkaReadiness.ts';
import { createIngestMetrics, type IngestMetrics } from './metrics.ts';
import { ingestOpenApi } from './openapi.ts';

/**
 * The ingest HTTP app (ARCHITECTURE: "ingest only validates and appends"). Everything with
 * I/O or time is passed in, so tests drive the real app against real Kafka, registry and
 * Postgres with their own topics, keys and clock.
 */
export interface IngestDependencies extends SubmitDependencies {
  /** The producer, also asked by `/ready` whether a broker answers it (kafkaReadiness.ts). */
  producer: Pick<LogProducer, 'append' | 'isReady' | 'brokerAnswers'>;
  interfaces: readonly SubmissionInterface[];
  logger: Logger;
  bodyLimitBytes: number;
  /** Bodies waiting to be parsed and validated beyond which a request gets 503 INGEST_BUSY. */
  maxWaitingBodies?: number;
  metrics?: IngestMetrics;
  /** False when /metrics is served on a port of its own (METRICS_PORT). */
  metricsOnPublicPort?: boolean;
  /** The default per-key call limit (limits/callLimit.ts); none when absent. */
  callLimit?: express.RequestHandler;
}

export function createIngestApp(deps: IngestDependencies): express.Express {
  const metrics = deps.metrics ?? createIngestMetrics();
  const logger = deps.logger.scope({ component: 'http' });
  const submit = createSubmit({
    deps,
    metrics,
    logger,
    // Bounded CPU work per body (intake/examine.ts), in event-loop turns (intake/turns.ts).
    turns: createTurnQueue({ maxWaiting: deps.maxWaitingBodies ?? 256 }),
    // Reads the body only after the caller is known and the media type is right.
    readBody: createBodyReader(deps.bodyLimitBytes),
  });

  const kafkaReady = kafkaReadiness(deps.producer);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  // Request ids, request logs and HTTP metrics; health, readiness and metrics in the shape every
  // service shares (schemas/src/kit/runtime/http.ts), the Kafka metrics above on the same registry.
  const http = createServiceMetrics('ingest', { registry: metrics.registry });
  app.use(observeRequests({ logger: deps.logger, metrics: http, newId: deps.newId }));
  // Submissions first: they are nearly every request, and each router ahead of them costs each
  // one a match. The call limit counts POSTs only, so health and documentation pass it untouched.
  if (deps.callLimit) app.use(deps.callLimit);
  // One look-up by path instead of a route per interface and method: Express tries routes in
  // turn, and with 14 interfaces that scan was a visible share of a submission's own CPU.
  // Matched as Express matches routes by default: case-insensitive, a trailing slash optional.
  const routes = new Map(
    deps.interfaces.map((intf) => [routeKey(intf.path), { intf, handle: submit(intf) }] as const),
  );
  app.use((req, res, next) => {
    const route = routes.get(routeKey(req.path));
    if (route === undefined) return next();
    routeMatched(res, route.intf.path);
    if (req.method === 'POST') return route.handle(req, res);
    res.locals.interface = route.intf;
    res.set('Allow', 'POST');
    throw localizedError('METHOD_NOT_ALLOWED', 405, {
      cn: '该接口只接受 POST 请求',
      en: 'This interface accepts POST only',
    });
  });

  app.use(
    operationsRoutes({
      service: 'ingest',
      metrics: http,
      metricsOnPublicPort: deps.metricsOnPublicPort,
      ready: {
        kafka: async () =>
          (await kafkaReady())
            ? { ok: true }
            : {
                ok: false,
                code: 'KAFKA_UNAVAILABLE',
                message: {
                  cn: 'Kafka 暂不可用，暂停接收单据',
                  en: 'Kafka is unreachable; not accepting documents',
                },
              },
      },
    }),
  );
  app.use(createOpenApiRouter(ingestOpenApi(deps.interfaces, deps.bodyLimitBytes)));

  app.use(() => {
    throw localizedError('NOT_FOUND', 404, { cn: '没有这个接口', en: 'No such interface' });
  });

  app.use(answerErrors({ logger, metrics }));

  return app;
}

const routeKey = (path: string) =>
  (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase();
