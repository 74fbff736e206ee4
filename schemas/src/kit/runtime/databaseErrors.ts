import type { Logger } from './log.ts';

/** A pg client, structurally (schemas does not depend on pg). */
interface ErrorSource {
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** A pg.Pool, structurally. */
export interface ConnectionPool {
  on(event: 'connect', listener: (client: ErrorSource) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * Makes a pool's lost connections a logged event instead of the end of the process (README
 * "Riding out faults"). pg reports a connection that dies while idle in the pool on the pool,
 * but one that dies while checked out and between statements (a transaction waiting for Kafka,
 * a session lock held through a rebuild) as an `error` event on the client itself; the pool
 * removes its own listener at checkout, and an `error` event without a listener ends Node. So
 * every client the pool opens gets a listener for its whole life. The statement that next uses
 * the broken client fails and its caller retries; the pool discards the client on release.
 */
export function surviveConnectionLoss<P extends ConnectionPool>(
  pool: P,
  logger: Logger,
  context: Record<string, unknown> = {},
): P {
  pool.on('connect', (client) => {
    client.on('error', (error) => logger.warn('database connection lost', { ...context, error }));
  });
  // The same error reached the client's listener above; this one only keeps Node from exiting.
  pool.on('error', () => {});
  return pool;
}
