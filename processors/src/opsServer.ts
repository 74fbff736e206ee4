import type { Server } from 'node:http';
import type { Logger } from '@tradelog/schemas';
import {
  answerMetrics,
  createServiceServer,
  listen,
  probeServerTimeouts,
} from '@tradelog/schemas/kit/runtime/server';
import client from 'prom-client';
import type { HealthReport } from './health.ts';

/**
 * The processors' own small HTTP face: `/health` (200 while the process can recover by itself,
 * ./health.ts) and `/ready` (200 while every dependency answers and no consumer waits) for
 * `npm start`, Compose and orchestrators; `/metrics` for Prometheus (every registry the process
 * keeps: projection lag, dead letters, push). Nothing else: operators act through query-api.
 */
export interface OpsServerOptions {
  host: string;
  port: number;
  registries: client.Registry[];
  health: () => HealthReport;
  logger: Logger;
}

/**
 * The health answer in the shape every service uses (schemas/src/kit/runtime/http.ts: the envelope,
 * `status`, `service`, `checks`), with the processors' own detail beside it: the overall state,
 * each dependency probe and each consumer.
 */
export function healthAnswer(report: HealthReport, ok: boolean, okMessage: string) {
  const checks: Record<string, string> = {};
  for (const [name, state] of Object.entries(report.dependencies))
    checks[name] = state?.ok ? 'ok' : (state?.error ?? 'down');
  for (const consumer of report.consumers)
    checks[`consumer ${consumer.name}`] = consumer.logReplaced
      ? `log-replaced: ${consumer.logReplaced.message.en}`
      : consumer.waitingFor
        ? `waiting for ${consumer.waitingFor.code}`
        : consumer.consumer.state === 'running'
          ? 'ok'
          : consumer.consumer.state;
  return {
    flag: ok ? 'success' : 'failure',
    code: ok ? '200' : '503',
    message: ok ? okMessage : report.status,
    status: ok ? 'ok' : 'unavailable',
    service: 'processors',
    checks,
    state: report.status,
    dependencies: report.dependencies,
    consumers: report.consumers,
  };
}

export async function startOpsServer(options: OpsServerOptions): Promise<Server> {
  const merged = client.Registry.merge(options.registries);
  const server = createServiceServer((req, res) => {
    if (req.method === 'GET' && (req.url === '/health' || req.url === '/ready')) {
      const report = options.health();
      const ok = req.url === '/health' ? report.live : report.ready;
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify(healthAnswer(report, ok, req.url === '/health' ? 'alive' : 'ready')));
      return;
    }
    if (req.method === 'GET' && req.url === '/metrics') return answerMetrics(merged, res, options.logger);
    res.writeHead(404).end();
  }, probeServerTimeouts);
  await listen(server, options.port, options.host);
  options.logger.info('processors ops server listening', { host: options.host, port: options.port });
  return server;
}
