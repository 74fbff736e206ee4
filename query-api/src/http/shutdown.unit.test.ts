import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { quietLogger } from '../../../tests/harness/index.ts';
import { createShutdown } from './shutdown.ts';

describe('createShutdown', () => {
  it('stops once whatever signals arrive: the server closed, then the pools', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const steps: string[] = [];
    server.on('close', () => steps.push('server'));
    const { stop } = createShutdown({
      server,
      graceMs: 1_000,
      logger: quietLogger,
      close: async () => {
        steps.push('pools');
      },
    });
    await Promise.all([stop('SIGTERM'), stop('SIGINT'), stop('SIGTERM')]);
    expect(steps).toEqual(['server', 'pools']);
    expect(server.listening).toBe(false);
  });

  it('reports a failed stop with the exit code instead of rejecting', async () => {
    const server = createServer();
    const exitCode = process.exitCode;
    const { stop } = createShutdown({
      server,
      graceMs: 0,
      logger: quietLogger,
      close: async () => {
        throw new Error('pool would not end');
      },
    });
    try {
      await expect(stop('SIGTERM')).resolves.toBeUndefined();
      expect(process.exitCode).toBe(1);
    } finally {
      process.exitCode = exitCode;
    }
  });
});
