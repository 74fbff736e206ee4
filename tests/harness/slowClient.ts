import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * A careless or hostile client on a raw connection: writes `text` (a request it never finishes)
 * and resolves with what the server answered and how long it kept the connection open. The
 * services' slow-client protection (schemas/src/kit/runtime/server.ts) must cut it in bounded time.
 */
export function stallOn(baseUrl: string, text: string): Promise<{ answer: string; closedAfterMs: number }> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, closedAfterMs: performance.now() - started }));
  });
}
