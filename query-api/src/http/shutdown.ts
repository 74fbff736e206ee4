import type { Server } from 'node:http';
import type { Logger } from '@tradelog/schemas';
import { closeServer, shutdownOnce } from '@tradelog/schemas/kit/runtime/server';

/**
 * Stops a service once, whatever signals arrive (SIGINT, SIGTERM, both, twice): stops
 * accepting connections, lets requests in flight finish (idle keep-alive connections are
 * closed at once, busy ones after `graceMs`), then closes the pools.
 */
export function createShutdown(options: {
  server: Server;
  graceMs: number;
  logger: Logger;
  close: () => Promise<void>;
}) {
  const stop = shutdownOnce(async (signal) => {
    const started = Date.now();
    try {
      options.logger.info('stopping', { signal });
      await closeServer(options.server, options.graceMs);
      await options.close();
      options.logger.info('stopped', { signal, durationMs: Date.now() - started });
    } catch (error) {
      options.logger.error('stop failed', { error: error as Error });
      process.exitCode = 1;
    }
  });
  return {
    stop,
    onSignals() {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
    },
  };
}
