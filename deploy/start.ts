/**
 * `npm start`: brings up the infrastructure (addresses given in the environment are used as
 * they are; otherwise the local stack, or Docker Compose where a Docker engine answers and
 * Java does not), prepares the database, starts every service with prefixed logs, waits for
 * their health endpoints, prints the URLs and development keys, restarts a service that exits
 * (README "Running it": jittered backoff, one line per restart), and on Ctrl-C stops everything
 * it started.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  describeDevelopmentKeys,
  ensureDevelopmentKeyset,
} from '@tradelog/projections/access/developmentKeys';
import { migrate } from '@tradelog/projections/migrate';
import { examples } from '@tradelog/schemas/documents/examples';
import { createRestartPolicy } from './restartPolicy.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
// The lock and the development keys; another directory lets a second copy run beside this one
// (the fault suite runs the product on dependencies of its own: tests/faults/README.md).
const cacheDir = process.env.TRADELOG_START_DIR ?? `${root}deploy/.cache`;
const lockFile = `${cacheDir}/start.pid`;

interface Service {
  name: string;
  entry: string;
  args?: string[];
  cwd?: string;
  health?: string;
  url?: string;
  env?: Record<string, string>;
}

const ports = {
  ingest: process.env.INGEST_PORT ?? '8080',
  queryApi: process.env.QUERY_API_PORT ?? '8082',
  processors: process.env.PROCESSORS_PORT ?? '8083',
  web: process.env.WEB_PORT ?? '5173',
};

const allServices: Service[] = [
  {
    name: 'ingest',
    entry: 'ingest/src/main.ts',
    health: `http://127.0.0.1:${ports.ingest}/health`,
    url: `http://127.0.0.1:${ports.ingest}`,
  },
  {
    name: 'query-api',
    entry: 'query-api/src/main.ts',
    health: `http://127.0.0.1:${ports.queryApi}/health`,
    url: `http://127.0.0.1:${ports.queryApi}`,
  },
  {
    name: 'processors',
    entry: 'processors/src/main.ts',
    health: `http://127.0.0.1:${ports.processors}/health`,
    url: `http://127.0.0.1:${ports.processors}/metrics`,
  },
  {
    name: 'web',
    entry: 'node_modules/vite/bin/vite.js',
    args: ['--host', '127.0.0.1', '--port', ports.web, '--strictPort'],
    cwd: 'web',
    health: `http://127.0.0.1:${ports.web}/`,
    url: `http://127.0.0.1:${ports.web}/cn`,
  },
];

/**
 * START_SERVICES names the services to start, comma separated (all by default): the fault suite
 * needs no portal, the portal's browser suite only the query API and the portal.
 */
function chosenServices(list: string | undefined): Service[] {
  if (list === undefined || list.trim() === '') return allServices;
  const names = list.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !allServices.some((service) => service.name === name));
  if (unknown.length > 0)
    throw new Error(
      `START_SERVICES: unknown service ${unknown.join(', ')} (known: ${allServices.map((s) => s.name).join(', ')})`,
    );
  return allServices.filter((service) => names.includes(service.name));
}

const services = (() => {
  try {
    return chosenServices(process.env.START_SERVICES);
  } catch (error) {
    say(`\x1b[31m${error instanceof Error ? error.message : String(error)}\x1b[0m`);
    process.exit(1);
  }
})();
const web = services.find((service) => service.name === 'web');

const colours = [36, 35, 33, 32, 34];
/** The process each service runs as now (a restart replaces it). */
const children = new Map<string, ChildProcess>();
const restartTimers = new Set<NodeJS.Timeout>();
let stopStack: (() => Promise<void>) | undefined;

function say(message: string): void {
  process.stdout.write(`\x1b[1mtradelog\x1b[0m ${message}\n`);
}

function alreadyRunning(): number | undefined {
  if (!existsSync(lockFile)) return undefined;
  const pid = Number(readFileSync(lockFile, 'utf8'));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

async function commandWorks(command: string, args: string[]): Promise<boolean> {
  try {
    await run(command, args, { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

async function infrastructure(): Promise<Record<string, string>> {
  const given = ['KAFKA_BROKERS', 'SCHEMA_REGISTRY_URL', 'DATABASE_URL'].filter((key) => process.env[key]);
  if (given.length === 3) {
    say('using the services named in KAFKA_BROKERS, SCHEMA_REGISTRY_URL and DATABASE_URL');
    return {};
  }
  const stack = `${root}deploy/local/stack.sh`;
  if ((await commandWorks('java', ['-version'])) && (await commandWorks('mvn', ['-v']))) {
    const wasUp = await commandWorks('bash', [stack, 'status']);
    say(
      wasUp
        ? 'local stack already up; using it'
        : 'starting the local stack (Kafka, schema registry, Postgres)',
    );
    await new Promise<void>((resolve, reject) => {
      const up = spawn('bash', [stack, 'up'], { stdio: ['ignore', 'inherit', 'inherit'] });
      up.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`deploy/local/stack.sh up exited with ${code}`)),
      );
    });
    if (!wasUp) stopStack = async () => void (await run('bash', [stack, 'down']));
    const { stdout } = await run('bash', [stack, 'env']);
    return Object.fromEntries([...stdout.matchAll(/^export (\w+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
  }
  if (await commandWorks('docker', ['info'])) {
    say('no Java here; starting Kafka, registry and Postgres with Docker Compose');
    const compose = ['compose', '-f', `${root}deploy/compose.yaml`];
    await run('docker', [...compose, 'up', '-d', '--wait', 'kafka', 'registry', 'postgres']);
    stopStack = async () => void (await run('docker', [...compose, 'stop', 'kafka', 'registry', 'postgres']));
    return {
      KAFKA_BROKERS: '127.0.0.1:9092',
      SCHEMA_REGISTRY_URL: 'http://127.0.0.1:8081/apis/ccompat/v7',
      DATABASE_URL: 'postgres://tradelog:tradelog@127.0.0.1:5432/tradelog',
    };
  }
  throw new Error(
    'neither Java 17+ with Maven nor a Docker engine is available. Install one of them ' +
      '(Debian: apt-get install openjdk-17-jre-headless maven postgresql; the registry also needs a Java 21+ JDK), ' +
      'or point KAFKA_BROKERS, SCHEMA_REGISTRY_URL and DATABASE_URL at running services.',
  );
}

/**
 * Starts a service and keeps it running: when it exits (a crash, a kill -9, an exit of its own)
 * it is started again after its restart policy's delay, and the terminal says so once per restart.
 */
function startService(
  service: Service,
  env: NodeJS.ProcessEnv,
  colour: number,
  policy = createRestartPolicy(),
): ChildProcess {
  policy.started();
  const child = spawn(process.execPath, [`${root}${service.entry}`, ...(service.args ?? [])], {
    cwd: `${root}${service.cwd ?? ''}`,
    env: { ...env, ...service.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `\x1b[${colour}m${service.name.padEnd(10)}\x1b[0m│ `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  }
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    const { restart, delayMs } = policy.exited();
    say(
      `${service.name} exited (${signal ?? code}); restarting it in ${(delayMs / 1000).toFixed(1)} s (restart ${restart}); the others keep running`,
    );
    const timer = setTimeout(() => {
      restartTimers.delete(timer);
      if (!shuttingDown) startService(service, env, colour, policy);
    }, delayMs);
    restartTimers.add(timer);
  });
  children.set(service.name, child);
  return child;
}

/** Waits for a service's health endpoint; a service that exits meanwhile is restarted, and waited for. */
async function waitHealthy(url: string, timeoutMs = 90_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !shuttingDown) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/**
 * Waits up to `timeoutMs` for a live service's `/ready`; what it still waits for (its failing
 * checks), or undefined once ready or when it has no `/ready`. A service waiting for a
 * dependency (ingest starting while the registry is away, the processors on a replaced log) is
 * live before it is ready: its reason is shown under its line, so that "up" is not read as
 * ready, and a normal start shows none (the keys are printed once the services take requests).
 */
async function notReadyAfter(service: Service, timeoutMs = 60_000): Promise<string | undefined> {
  if (!service.health?.endsWith('/health')) return undefined;
  const deadline = Date.now() + timeoutMs;
  let reason: string;
  do {
    try {
      const response = await fetch(service.health.replace(/\/health$/, '/ready'), {
        headers: { 'accept-language': 'en' },
        signal: AbortSignal.timeout(2000),
      });
      if (response.ok) return undefined;
      const answer = (await response.json()) as { checks?: Record<string, string> };
      const failing = Object.entries(answer.checks ?? {}).filter(([, state]) => state !== 'ok');
      reason = failing.map(([name, state]) => `${name}: ${state}`).join('; ') || `/ready ${response.status}`;
    } catch (error) {
      reason = `/ready did not answer (${error instanceof Error ? error.message : String(error)})`;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  } while (Date.now() < deadline && !shuttingDown);
  return reason;
}

async function developmentKeys(databaseUrl: string): Promise<string> {
  const keys = await ensureDevelopmentKeyset(databaseUrl, `${cacheDir}/dev-keys.json`);
  return describeDevelopmentKeys(keys, allServices[0]!.url!, examples.pod);
}

let shuttingDown = false;
async function shutdown(code: number): Promise<never> {
  if (shuttingDown) process.exit(code);
  shuttingDown = true;
  say('stopping…');
  for (const timer of restartTimers) clearTimeout(timer);
  await Promise.all(
    [...children.values()].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  await stopStack?.().catch((error) => say(`could not stop the stack: ${String(error)}`));
  rmSync(lockFile, { force: true });
  process.exit(code);
}

async function main(): Promise<void> {
  const running = alreadyRunning();
  if (running !== undefined) {
    say(`Tradelog is already running (npm start, pid ${running}); leaving it alone.`);
    say(
      `portal ${allServices.find((s) => s.name === 'web')?.url}, ingest ${allServices[0]!.url}, query API ${allServices[1]!.url}`,
    );
    process.exit(1);
  }
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(lockFile, String(process.pid));
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(await infrastructure()),
    INGEST_PORT: ports.ingest,
    QUERY_API_PORT: ports.queryApi,
    PROCESSORS_PORT: ports.processors,
    PROCESSORS_HOST: process.env.PROCESSORS_HOST ?? '127.0.0.1',
    // A development machine serves loopback only unless told otherwise.
    INGEST_HOST: process.env.INGEST_HOST ?? '127.0.0.1',
    QUERY_API_HOST: process.env.QUERY_API_HOST ?? '127.0.0.1',
    // No SMS gateway in development: registration codes go to query-api's log instead.
    PORTAL_SMS_LOG: process.env.PORTAL_SMS_LOG ?? 'true',
    // The portal's pages come from the dev server, whose proxy forwards /portal-api under the
    // query API's own host: its origins are named, or every portal write is refused
    // (query-api/src/content/README.md "Writes").
    PORTAL_ORIGINS: [
      process.env.PORTAL_ORIGINS,
      ...(web ? [`http://127.0.0.1:${ports.web}`, `http://localhost:${ports.web}`] : []),
    ]
      .filter(Boolean)
      .join(','),
    // The services write to a pipe (prefixed here): readable lines when this terminal shows them,
    // JSON when npm start's own output goes to a file or a collector (root README "Logs").
    LOG_FORMAT: process.env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
  };
  const databaseUrl = env.DATABASE_URL!;
  say('migrating the database');
  await migrate(databaseUrl);
  const keys = await developmentKeys(databaseUrl);

  const present = services.filter((service) => existsSync(`${root}${service.entry}`));
  present.forEach((service, index) => {
    startService(service, env, colours[index % colours.length]!);
  });
  const health = await Promise.all(
    present.map(async (service) => {
      const ok = service.health ? await waitHealthy(service.health) : true;
      return { service, ok, waiting: ok ? await notReadyAfter(service) : undefined };
    }),
  );

  say('');
  for (const { service, ok, waiting } of health) {
    say(
      `${ok ? '\x1b[32mup\x1b[0m  ' : '\x1b[31mDOWN\x1b[0m'} ${service.name.padEnd(10)} ${service.url ?? ''}` +
        (waiting ? `\n       \x1b[33mnot ready yet:\x1b[0m ${waiting}` : ''),
    );
  }
  if (keys) say(`\n${keys}`);
  say(
    `API references (Swagger UI; OpenAPI 3.1 at /openapi.json): ${allServices[0]!.url}/docs and ${allServices[1]!.url}/docs`,
  );
  say('A service that exits is started again. Ctrl-C stops everything npm start started.');
}

main().catch(async (error: unknown) => {
  say(`\x1b[31m${error instanceof Error ? error.message : String(error)}\x1b[0m`);
  await shutdown(1);
});
