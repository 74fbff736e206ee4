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

export async function startTcpProxy(
  target: { host: string; port: number },
  options: { open?: boolean } = {},
) {
  let open = options.open ?? true;
  const pairs = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    pairs.add(client);
    pairs.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(client);
      pairs.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const cutAll = () => {
    for (const socket of pairs) socket.destroy();
    pairs.clear();
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
        cutAll();
        server.close(() => resolve());
      }),
  } satisfies TcpProxy;
}
