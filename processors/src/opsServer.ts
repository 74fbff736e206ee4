import { createServer, type Server } from 'node:http';
import type { Logger } from '@tradelog/schemas';
import client from 'prom-client';

/**
 * The processors' own small HTTP face: `/health` for `npm start`, Compose and orchestrators
 * (200 while consumers run, 503 once stopping), `/metrics` for Prometheus (every registry the
 * process keeps, e.g. the push metrics). Nothing else: operators act through query-api.
 */
export interface OpsServerOptions {
  host: string;
  port: number;
  registries: client.Registry[];
  health: () => { ok: boolean; details: Record<string, unknown> };
  logger: Logger;
}

export async function startOpsServer(options: OpsServerOptions): Promise<Server> {
  const merged = client.Registry.merge(options.registries);
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/health') {
      const { ok, details } = options.health();
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: ok ? 'ok' : 'stopping', ...details }));
      return;
    }
    if (req.method === 'GET' && req.url === '/metrics') {
      merged
        .metrics()
        .then((text) => res.writeHead(200, { 'content-type': merged.contentType }).end(text))
        .catch((error: unknown) => {
          options.logger.warn('metrics collection failed', { error: error as Error });
          res.writeHead(500).end();
        });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  options.logger.info('processors ops server listening', { host: options.host, port: options.port });
  return server;
}
