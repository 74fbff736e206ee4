import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * The one HTTP server shell of ingest and query-api: the server around the app, with timeouts a
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
