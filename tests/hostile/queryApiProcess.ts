import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../harness/freePort.ts';
import { waitFor } from '../harness/index.ts';

/**
 * query-api as a real process (query-api/src/main.ts), for suites that restart it, signal it
 * or measure its memory. Its output is kept for assertions.
 */
export interface QueryApiProcess {
  url: string;
  pid: number;
  output: () => string;
  /** Resident memory in MiB, from /proc. */
  rssMiB: () => Promise<number>;
  /** Sends the signal(s) and resolves with the exit code. */
  stop: (...signals: NodeJS.Signals[]) => Promise<number | null>;
}

const mainFile = fileURLToPath(new URL('../../query-api/src/main.ts', import.meta.url));

export async function startQueryApi(env: Record<string, string>): Promise<QueryApiProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [mainFile], {
    env: {
      ...process.env,
      QUERY_API_HOST: '127.0.0.1',
      QUERY_API_PORT: String(port),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`query-api exited: ${output}`);
      const answer = await fetch(`${url}/health`).catch(() => undefined);
      return answer?.ok ? true : undefined;
    },
    { what: 'query-api answering /health', timeoutMs: 20_000 },
  );
  return {
    url,
    pid: child.pid!,
    output: () => output,
    rssMiB: async () => {
      const { readFile } = await import('node:fs/promises');
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: async (...signals) => {
      for (const signal of signals.length > 0 ? signals : ['SIGTERM' as const]) child.kill(signal);
      return exited;
    },
  };
}
