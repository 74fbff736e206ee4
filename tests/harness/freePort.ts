import { createServer } from 'node:net';

/**
 * Ports are chosen below the kernel's ephemeral range (32768–60999 by default): a port handed
 * out there by `listen(0)` and released can be taken again, before the test's own server binds
 * it, by any server another test file starts on port 0 or by any outgoing connection, and a
 * test's request then reaches a stranger (seen: a purchase posted to "ingest" answered by
 * another file's query API). Below that range only this function hands ports out, at random, so
 * two parallel callers meet only by a one-in-thousands draw within the same instant.
 */
const lowest = 20_000;
const highest = 32_000;
const attempts = 100;

/** A loopback port nothing listens on now, for a server a test starts. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const port = lowest + Math.floor(Math.random() * (highest - lowest));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free loopback port in ${lowest}-${highest} after ${attempts} draws`);
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}
