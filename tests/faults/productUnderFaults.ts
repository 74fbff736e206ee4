import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../harness/index.ts';
import { freePort } from './privateStack.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The product as `npm start` runs it: `node deploy/start.ts` with the dependencies named in the
 * environment (so it starts no stack of its own), its lock and development keys in a directory
 * of their own, without the portal. Its terminal is kept: the lines that say a service exited
 * are how exits are counted.
 */
export interface ProductUnderFaults {
  ingestUrl: string;
  queryApiUrl: string;
  processorsUrl: string;
  keys: { partner: string; lender: string; operator: string };
  /** Lines in which `npm start` said a service exited, so far. */
  exits(): string[];
  /** Kills the processors' process with SIGKILL (npm start restarts it). */
  killProcessors(): void;
  /** True while `npm start` itself runs. */
  running(): boolean;
  stop(): Promise<void>;
}

export async function startProduct(
  dependencies: {
    kafkaBrokers: string;
    schemaRegistryUrl: string;
    databaseUrl: string;
  },
  options: {
    /** The services whose `/ready` the start waits for (every one by default; the others: `/health`). */
    ready?: readonly ('ingest' | 'queryApi' | 'processors')[];
  } = {},
): Promise<ProductUnderFaults> {
  const dir = mkdtempSync(join(tmpdir(), 'tradelog-faults-start-'));
  const ports = { ingest: await freePort(), queryApi: await freePort(), processors: await freePort() };
  const terminal: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [`${root}deploy/start.ts`], {
    cwd: root,
    env: {
      ...process.env,
      KAFKA_BROKERS: dependencies.kafkaBrokers,
      SCHEMA_REGISTRY_URL: dependencies.schemaRegistryUrl,
      DATABASE_URL: dependencies.databaseUrl,
      INGEST_PORT: String(ports.ingest),
      QUERY_API_PORT: String(ports.queryApi),
      PROCESSORS_PORT: String(ports.processors),
      START_WEB: 'false',
      TRADELOG_START_DIR: dir,
      PUSH_CALLBACK_ALLOWLIST: '127.0.0.1/32',
      LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'warn',
      NODE_OPTIONS: `--disable-warning=TimeoutNegativeWarning ${process.env.NODE_OPTIONS ?? ''}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      terminal.push(...lines);
      if (process.env.FAULTS_VERBOSE === '1') for (const line of lines) process.stdout.write(`${line}\n`);
    });
  }
  const urls = {
    ingestUrl: `http://127.0.0.1:${ports.ingest}`,
    queryApiUrl: `http://127.0.0.1:${ports.queryApi}`,
    processorsUrl: `http://127.0.0.1:${ports.processors}`,
  };
  const ready = new Set(options.ready ?? ['ingest', 'queryApi', 'processors']);
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${terminal.slice(-30).join('\n')}`);
      for (const [service, url] of Object.entries({
        ingest: urls.ingestUrl,
        queryApi: urls.queryApiUrl,
        processors: urls.processorsUrl,
      })) {
        const probe = ready.has(service as 'ingest') ? 'ready' : 'health';
        const response = await fetch(`${url}/${probe}`, { signal: AbortSignal.timeout(2_000) });
        if (!response.ok) return false;
      }
      return true;
    },
    { what: 'every service npm start started to be ready', timeoutMs: 150_000, intervalMs: 500 },
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${terminal.slice(-40).join('\n')}`);
  });
  const keys = JSON.parse(readFileSync(join(dir, 'dev-keys.json'), 'utf8'));

  /** The pid of the child of `npm start` running an entry point, from /proc. */
  const childRunning = (entry: string): number | undefined => {
    const pids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/);
    return pids
      .map(Number)
      .find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').includes(entry));
  };

  return {
    ...urls,
    keys,
    exits: () => terminal.filter((line) => /\bexited \(/.test(line)),
    killProcessors() {
      const pid = childRunning('processors/src/main.ts');
      if (pid === undefined) throw new Error('no processors process under npm start');
      process.kill(pid, 'SIGKILL');
    },
    running: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(force);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
