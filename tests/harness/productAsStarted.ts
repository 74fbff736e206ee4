import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './freePort.ts';
import { testServices, waitFor } from './index.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The services `npm start` knows (deploy/start.ts, START_SERVICES). */
export type StartedService = 'ingest' | 'query-api' | 'processors' | 'web';

const entries: Record<StartedService, { port: string; entry: string; ready: string }> = {
  ingest: { port: 'INGEST_PORT', entry: 'ingest/src/main.ts', ready: '/ready' },
  'query-api': { port: 'QUERY_API_PORT', entry: 'query-api/src/main.ts', ready: '/ready' },
  processors: { port: 'PROCESSORS_PORT', entry: 'processors/src/main.ts', ready: '/ready' },
  // The portal's dev server (Vite) answers its page once it listens.
  web: { port: 'WEB_PORT', entry: 'node_modules/vite/bin/vite.js', ready: '/' },
};

/**
 * The product as `npm start` runs it: `node deploy/start.ts` as a child process, so its wiring
 * (ports, environment, the portal's dev server and its proxy) and its supervision are what is
 * tested, never a copy. The dependencies are named in the environment (so it starts no stack
 * of its own), every service listens on a free port, and its lock and development keys live in
 * a directory of their own: runs beside `npm start` and beside each other do not collide. Its
 * terminal is kept: what the services log (a development verification code) and the lines that
 * say a service exited.
 */
export interface ProductAsStarted {
  /** `http://127.0.0.1:<port>` of each service started. */
  urls: Partial<Record<StartedService, string>>;
  /** The development keys `npm start` created (deploy/.cache/dev-keys.json's shape). */
  keys: { partner: string; lender: string; operator: string };
  /** Every line of `npm start`'s terminal so far, service prefixes and colours as printed. */
  terminal(): readonly string[];
  /** Lines in which `npm start` said a service exited, so far. */
  exits(): string[];
  /** Signals the process a service runs as now (`npm start` restarts it). */
  kill(service: StartedService, signal: NodeJS.Signals): void;
  /** True while `npm start` itself runs. */
  running(): boolean;
  /** Ctrl-C, as a developer stops it; SIGKILL if it has not stopped within 20 s. */
  stop(): Promise<void>;
}

export async function startProductAsNpmStart(options: {
  dependencies: { kafkaBrokers: string; schemaRegistryUrl: string; databaseUrl: string };
  services: readonly StartedService[];
  /** Further environment of `npm start` and so of every service (LOG_LEVEL …). */
  env?: Record<string, string>;
  /** Echo the terminal on the test's output. */
  echo?: boolean;
  /**
   * Services waited for only until they live (`/health`), not until ready: the processors on a
   * log their checkpoints are not of stay unready on purpose (processors/README.md "When the log
   * was replaced").
   */
  liveOnly?: readonly StartedService[];
  readyTimeoutMs?: number;
}): Promise<ProductAsStarted> {
  const dir = mkdtempSync(join(tmpdir(), 'tradelog-npm-start-'));
  const ports: Record<string, string> = {};
  const urls: Partial<Record<StartedService, string>> = {};
  for (const service of Object.keys(entries) as StartedService[]) {
    // Every port is a free one, started or not: nothing reaches a developer's own npm start.
    const port = String(await freePort());
    ports[entries[service].port] = port;
    if (options.services.includes(service)) urls[service] = `http://127.0.0.1:${port}`;
  }
  const terminal: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [`${root}deploy/start.ts`], {
    cwd: root,
    env: {
      ...process.env,
      ...options.env,
      KAFKA_BROKERS: options.dependencies.kafkaBrokers,
      SCHEMA_REGISTRY_URL: options.dependencies.schemaRegistryUrl,
      DATABASE_URL: options.dependencies.databaseUrl,
      ...ports,
      START_SERVICES: options.services.join(','),
      TRADELOG_START_DIR: dir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      terminal.push(...lines);
      if (options.echo) for (const line of lines) process.stdout.write(`${line}\n`);
    });
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(force);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error('npm start exited');
        for (const service of options.services) {
          const probe = options.liveOnly?.includes(service) ? '/health' : entries[service].ready;
          const response = await fetch(`${urls[service]}${probe}`, {
            signal: AbortSignal.timeout(2_000),
          });
          if (service === 'web') {
            await response.body?.cancel();
            if (!response.ok) return false;
            continue;
          }
          // Each service names itself in its probe's answer: a stranger on the port fails here,
          // not as a puzzling answer later in the test.
          const answer = (await response.json().catch(() => ({}))) as { service?: string };
          if (answer.service !== service)
            throw new Error(`port of ${service} answered by ${answer.service ?? 'something else'}`);
          if (!response.ok) return false;
        }
        return true;
      },
      {
        what: `${options.services.join(', ')} started by npm start to be ready`,
        timeoutMs: options.readyTimeoutMs ?? 150_000,
        intervalMs: 250,
      },
    );
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}\n${terminal.slice(-40).join('\n')}`);
  }
  const keys = JSON.parse(readFileSync(join(dir, 'dev-keys.json'), 'utf8'));

  /** The pid of the child of `npm start` running an entry point, from /proc. */
  const childRunning = (entry: string): number | undefined => {
    const pids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/);
    return pids
      .map(Number)
      .find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').includes(entry));
  };

  return {
    urls,
    keys,
    terminal: () => terminal,
    exits: () => terminal.filter((line) => /\bexited \(/.test(line)),
    kill(service, signal) {
      const pid = childRunning(entries[service].entry);
      if (pid === undefined) throw new Error(`no ${service} process under npm start`);
      process.kill(pid, signal);
    },
    running: () => child.exitCode === null && child.signalCode === null,
    stop,
  };
}

/**
 * The portal as `npm start` serves it: the query API and the development server with its proxy,
 * on the shared Kafka and registry and the database given (the portal's calls all go to the
 * query API; ingest and the processors have no part in them).
 */
export function startPortalAsNpmStart(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ProductAsStarted> {
  const { kafkaBrokers, schemaRegistryUrl } = testServices();
  return startProductAsNpmStart({
    dependencies: { kafkaBrokers: kafkaBrokers.join(','), schemaRegistryUrl, databaseUrl },
    services: ['query-api', 'web'],
    env,
  });
}
