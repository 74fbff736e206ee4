import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { createApp } from '../../query-api/src/app.ts';
import { noSmsSender } from '../../query-api/src/content/smsSenders.ts';
import { quietLogger } from './index.ts';

/**
 * The real query-api app (bounded bodies, the content API, the one error middleware) serving the
 * given routers on a loopback port of its own. `content` adds to the content API's dependencies
 * (a suite's call limit).
 */
export async function startQueryAppUnderTest(
  pool: pg.Pool,
  routers: NonNullable<Parameters<typeof createApp>[0]['routers']>,
  content: Partial<Parameters<typeof createApp>[0]['content']> = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const app = createApp({
    logger: quietLogger,
    content: {
      pool,
      clock: { now: () => Date.now() },
      logger: quietLogger,
      product: 'tradelog',
      sendSms: noSmsSender,
      ...content,
    },
    routers,
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
