import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One push as the receiver got it: the raw body (what the signature covers) beside its parsed JSON. */
export interface ReceivedPush {
  /** The request's path with its query, as the callback URL named it. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: push bodies, checked field by field by the suites
  json: any;
  /** When it arrived, in milliseconds; `atSeconds` for Standard Webhooks' timestamp check. */
  at: number;
  atSeconds: number;
}

export type ReceiverReply = { status: number; body: unknown };

export interface CallbackReceiver {
  /** The callback URL of a path on this receiver; the receiver's own path when none is given. */
  url(path?: string): string;
  pushes: ReceivedPush[];
  /** The pushes to a path: with a query, to exactly that; without one, to that path under any query. */
  pushesTo(path: string): ReceivedPush[];
  close(): Promise<void>;
}

/**
 * A subscriber's callback: a real HTTP server on loopback recording every push. It answers
 * `{ok: true}` unless `reply` decides otherwise, given the push and the earlier ones to its path.
 */
export async function startCallbackReceiver(
  options: {
    path?: string;
    reply?: (push: ReceivedPush, previous: ReceivedPush[]) => ReceiverReply | Promise<ReceiverReply>;
    host?: string;
  } = {},
): Promise<CallbackReceiver> {
  const { path: ownPath = '/', host = '127.0.0.1' } = options;
  const pushes: ReceivedPush[] = [];
  const pushesTo = (path: string) =>
    pushes.filter((push) => push.path === path || (!path.includes('?') && push.path.startsWith(`${path}?`)));
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString();
      const at = Date.now();
      const push: ReceivedPush = {
        path: req.url ?? '',
        headers: req.headers,
        body,
        json: parseJson(body),
        at,
        atSeconds: Math.floor(at / 1000),
      };
      const previous = pushesTo(push.path);
      pushes.push(push);
      const answer = (await options.reply?.(push, previous)) ?? { status: 200, body: { ok: true } };
      // A push the service gave up on (its time limit) has no one left to answer.
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = ownPath) => `http://${host}:${port}${path}`,
    pushes,
    pushesTo,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The Standard Webhooks headers of a push, as `verifyPush` and the reference library take them. */
export const signedHeaders = (push: ReceivedPush) => ({
  'webhook-id': push.headers['webhook-id'] as string,
  'webhook-timestamp': push.headers['webhook-timestamp'] as string,
  'webhook-signature': push.headers['webhook-signature'] as string,
});

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
