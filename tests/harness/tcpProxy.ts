import net from 'node:net';

/**
 * A loopback TCP proxy that tests can cut and reopen, to make a real service (Kafka, Postgres)
 * unreachable for one client without stopping it for everyone else sharing it. While cut, new
 * connections are accepted and closed at once (the client sees the peer hang up) and existing
 * ones are destroyed.
 */
export interface TcpProxy {
  port: number;
  address: string;
  open(): void;
  cut(): void;
  close(): Promise<void>;
}

/**
 * Carries bytes between a client and its upstream connection. `drop` ends both; `port` is the
 * proxy's own (for protocols that advertise addresses, see kafkaProxy.ts).
 */
export type Relay = (
  client: net.Socket,
  upstream: net.Socket,
  connection: { drop: () => void; port: number },
) => void;

const pipeBothWays: Relay = (client, upstream) => {
  client.pipe(upstream);
  upstream.pipe(client);
};

/** The cuttable proxy with the bytes carried by `relay` (plain piping unless given). */
export async function startCuttableProxy(
  target: { host: string; port: number },
  options: { open?: boolean } = {},
  relay: Relay = pipeBothWays,
): Promise<TcpProxy> {
  let open = options.open ?? true;
  const sockets = new Set<net.Socket>();
  let port = 0;
  const server = net.createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    relay(client, upstream, { drop, port });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    port,
    address: `127.0.0.1:${port}`,
    open: () => {
      open = true;
    },
    cut: () => {
      open = false;
      cutAll();
    },
    close: () =>
      new Promise<void>((resolve) => {
        open = false;
        cutAll();
        server.close(() => resolve());
      }),
  };
}

export function startTcpProxy(
  target: { host: string; port: number },
  options: { open?: boolean } = {},
): Promise<TcpProxy> {
  return startCuttableProxy(target, options);
}
