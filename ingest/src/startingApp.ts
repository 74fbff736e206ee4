import { type Logger, localizedError } from '@tradelog/schemas';
import { createServiceMetrics, observeRequests, operationsRoutes } from '@tradelog/schemas/kit/runtime/http';
import express from 'express';
import { answerErrors } from './intake/errorAnswer.ts';
import type { IngestMetrics } from './metrics.ts';

/**
 * What ingest's port answers while ingest starts (main.ts): before a document can be taken, its
 * topic must exist and its schema be registered (startup.ts), and the key store be listened to.
 * A registry, broker or database away at that moment is waited for, however long; meanwhile the
 * port answers rather than refusing connections. A partner's submission gets 503
 * `INGEST_STARTING` with `Retry-After`, in their language, as it gets 503 when Kafka goes away
 * later; `/health` answers alive, so a supervisor's probe does not restart a process that is
 * only waiting (Kubernetes' startup probe gives up after 5 minutes, then backs off for minutes);
 * `/ready` answers 503 naming what is awaited. Once started, main.ts serves the full app on the
 * same port.
 */
export function createStartingApp(deps: {
  logger: Logger;
  metrics: IngestMetrics;
  newId: () => string;
  metricsOnPublicPort: boolean;
  /** What start-up waits for now, for `/ready` and the log (the last failure's reason). */
  awaiting: () => string;
}): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // The same registry as the full app's: its request metrics carry on from these.
  const http = createServiceMetrics('ingest', { registry: deps.metrics.registry });
  app.use(observeRequests({ logger: deps.logger, metrics: http, newId: deps.newId }));
  app.use(
    operationsRoutes({
      service: 'ingest',
      metrics: http,
      metricsOnPublicPort: deps.metricsOnPublicPort,
      ready: {
        log: () => ({
          ok: false,
          code: 'INGEST_STARTING',
          message: {
            cn: `接收服务正在启动，尚未就绪：${deps.awaiting()}`,
            en: `Ingest is starting and not ready yet: ${deps.awaiting()}`,
          },
        }),
      },
    }),
  );
  app.use(() => {
    throw localizedError('INGEST_STARTING', 503, {
      cn: '接收服务正在启动，暂不接收单据，请稍后重新提交',
      en: 'Ingest is starting and not accepting documents yet; please resend shortly',
    });
  });
  app.use(answerErrors({ logger: deps.logger.scope({ component: 'http' }), metrics: deps.metrics }));
  return app;
}
