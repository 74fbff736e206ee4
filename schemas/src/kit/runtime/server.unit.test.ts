import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeServer, createServiceServer, shutdownOnce } from './server.ts';

const timeouts = {
  requestTimeoutMs: 5_000,
  headersTimeoutMs: 2_000,
  keepAliveTimeoutMs: 1_000,
  socketIdleTimeoutMs: 10_000,
};

/** One GET on a connection of its own: the body, or the error that ended it. */
const get = (url: string) =>
  new Promise<string | Error>((resolve) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve(body));
        response.on('error', resolve);
      })
      .on('error', resolve);
  });

async function listening(handler: Parameters<typeof createServiceServer>[0]) {
  const server = createServiceServer(handler, timeouts);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describe('createServiceServer', () => {
  it('applies the configured timeouts', () => {
    const server = createServiceServer(() => {}, timeouts);
    expect(server).toMatchObject({
      requestTimeout: 5_000,
      headersTimeout: 2_000,
      keepAliveTimeout: 1_000,
      timeout: 10_000,
    });
  });
});

describe('closeServer', () => {
  it('lets a request in flight finish before it resolves', async () => {
    let finish: () => void = () => {};
    let arrived: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    const { server, url } = await listening((_req, res) => {
      finish = () => res.end('done');
      arrived();
    });
    const answer = get(url);
    await inFlight;
    let closed = false;
    const closing = closeServer(server, 5_000).then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    finish();
    expect(await answer).toBe('done');
    await closing;
    expect(closed).toBe(true);
  });

  it('cuts what is left after the grace period', async () => {
    let arrived: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    const { server, url } = await listening(() => arrived());
    const answer = get(url);
    await inFlight;
    await closeServer(server, 100);
    expect(await answer).toBeInstanceOf(Error);
  });
});

describe('shutdownOnce', () => {
  it('runs the shutdown once, whatever signals arrive', async () => {
    const runs: string[] = [];
    const repeats: string[] = [];
    const stop = shutdownOnce(
      async (signal) => {
        runs.push(signal);
      },
      (signal) => repeats.push(signal),
    );
    const first = stop('SIGTERM');
    expect(stop('SIGINT')).toBe(first);
    await first;
    await stop('SIGTERM');
    expect(runs).toEqual(['SIGTERM']);
    expect(repeats).toEqual(['SIGINT', 'SIGTERM']);
  });
});
