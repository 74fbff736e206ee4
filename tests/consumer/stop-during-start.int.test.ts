import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../harness/freePort.ts';
import { waitFor } from '../harness/index.ts';

const mainFile = fileURLToPath(new URL('../../processors/src/main.ts', import.meta.url));

/**
 * A stop that arrives while start-up still waits for a dependency (root README "Riding out
 * faults": start-up waits as long as it takes) ends the process cleanly: exit 0, no error, as an
 * orchestrator's SIGTERM during a long outage expects.
 */
describe('processors stopped during start-up', () => {
  it('exits 0 on SIGTERM while Postgres is unreachable', async () => {
    const port = await freePort();
    const closed = await freePort();
    const child = spawn(process.execPath, [mainFile], {
      env: {
        ...process.env,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/tradelog`,
        PROCESSORS_HOST: '127.0.0.1',
        PROCESSORS_PORT: String(port),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // Waiting for its first dependency, with the ops server answering.
    await waitFor(() => output.includes('start-up step waits for a dependency'), {
      what: 'start-up waiting for Postgres',
      timeoutMs: 30_000,
    });
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(output).not.toMatch(/ReferenceError|unhandled/i);
  }, 60_000);
});
