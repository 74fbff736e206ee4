import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import type { Logger } from './log.ts';

/**
 * The one HTTP server shell of ingest, query-api and the processors' ops server: the server around the app, with timeouts a
 * slow or idle client cannot outlast (README "Configuration"): the whole request within `requestTimeoutMs` (408 after), its
 * headers within `headersTimeoutMs`, idle keep-alive connections closed after
 * `keepAliveTimeoutMs`, any connection silent in both directions for `socketIdleTimeoutMs`
 * destroyed. Node checks the first two only every `connectionsCheckingInterval` (30 s by
 * default), so we check every second.
 */
export interface ServerTimeouts {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  socketIdleTimeoutMs: number;
}

/**
 * Servers that answer only probes and scrapes (short GETs: the processors' ops server, the
 * metrics port) take the defaults ingest and query-api start with, fixed rather than settings.
 */
export const probeServerTimeouts: ServerTimeouts = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  socketIdleTimeoutMs: 60_000,
};

export function createServiceServer(app: RequestListener, timeouts: ServerTimeouts): Server {
  const server = createServer(
    {
      requestTimeout: timeouts.requestTimeoutMs,
      headersTimeout: timeouts.headersTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, timeouts.headersTimeoutMs),
    },
    app,
  );
  server.timeout = timeouts.socketIdleTimeoutMs;
  return server;
}

/**
 * Listens on `host:port`: resolves once the server listens, rejects when it cannot (the port
 * taken or not permitted) instead of leaving an 'error' event nobody hears.
 */
export async function listen(server: Server, port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

/**
 * A scrape's answer (`/metrics` of the metrics port and of the processors' ops server): the
 * registry as Prometheus text, or 500 (logged) when collecting fails.
 */
export function answerMetrics(registry: Registry, res: ServerResponse, logger: Logger): void {
  registry
    .metrics()
    .then((text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text))
    .catch((error: unknown) => {
      logger.warn('metrics collection failed', { error: error as Error });
      res.writeHead(500).end();
    });
}

/**
 * Stops accepting connections, lets the requests in flight finish (their appends acknowledged
 * or refused) and closes idle connections; after `graceMs` whatever is left is cut.
 */
export async function closeServer(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), graceMs);
  timer.unref();
  await closed;
  clearTimeout(timer);
}

/**
 * The service's one shutdown: the first call (SIGINT or SIGTERM) runs `steps`; every later call,
 * whichever signal, gets the same promise instead of a second shutdown.
 */
export function shutdownOnce(
  steps: (signal: string) => Promise<void>,
  onRepeat: (signal: string) => void = () => {},
): (signal: string) => Promise<void> {
  let stopping: Promise<void> | undefined;
  return (signal) => {
    if (stopping) {
      onRepeat(signal);
      return stopping;
    }
    stopping = steps(signal);
    return stopping;
  };
}
