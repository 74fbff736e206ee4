import { execFile, spawn } from 'node:child_process';
import {
  chownSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import { freePort } from '../harness/freePort.ts';
import { waitFor } from '../harness/index.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const stackScript = `${root}deploy/local/stack.sh`;

/** The newest PostgreSQL server binaries on this machine (Debian layout). */
function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.find((v) => existsSync(`${base}/${v}/bin/pg_ctl`));
  if (!found) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  return `${base}/${found}/bin`;
}

/**
 * Kafka, the registry and Postgres of the fault suite's own, on free ports, that it may kill
 * and restart while other suites use the shared stack (tests/faults/README.md). Kafka and the
 * registry are the local stack's (deploy/local/stack.sh with another run directory and other
 * ports); Postgres is a throw-away cluster (initdb, trust auth, loopback only, no fsync: it is
 * restarted cleanly, never crashed).
 */
export interface PrivateStack {
  /** `kafka` is the first broker's port. */
  ports: { kafka: number; registry: number; postgres: number };
  /** Every broker's address, as the services get them in KAFKA_BROKERS. */
  kafkaBrokers: string[];
  databaseUrl: string;
  /** Kills a broker (the first by default; 0-based) with SIGKILL. */
  killKafka(broker?: number): Promise<void>;
  startKafka(broker?: number): Promise<void>;
  stopRegistry(): Promise<void>;
  startRegistry(): Promise<void>;
  /** What `pg_ctlcluster … stop` does: a fast shutdown, every session terminated. */
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  /**
   * The operator's reset of the README (`stack.sh reset` between a `down` and an `up`): Kafka's
   * data wiped and a new cluster formatted; Postgres and the registry's schemas kept.
   */
  resetKafka(): Promise<void>;
  /** A backup of Kafka's disks: the brokers stopped cleanly, their data copied aside, started again. */
  backupKafka(): Promise<void>;
  /**
   * Kafka restored in place from that backup: the brokers stopped, their data replaced by the
   * copy, started again — the same cluster and topic ids, the records since the backup gone.
   */
  restoreKafka(): Promise<void>;
  stop(): Promise<void>;
}

/** `kafkaBrokers`: 1 (the default) or a cluster of that many (stack.sh LOCAL_KAFKA_BROKERS). */
export async function startPrivateStack(options: { kafkaBrokers?: number } = {}): Promise<PrivateStack> {
  const dir = mkdtempSync(join(tmpdir(), 'tradelog-faults-'));
  const pgData = join(dir, 'pg');
  const asRoot = process.getuid?.() === 0;
  const bin = postgresBin();
  const brokerCount = options.kafkaBrokers ?? 1;
  const kafkaPorts: number[] = [];
  const controllerPorts: number[] = [];
  for (let i = 0; i < brokerCount; i++) {
    kafkaPorts.push(await freePort());
    controllerPorts.push(await freePort());
  }
  const ports = { kafka: kafkaPorts[0]!, registry: await freePort(), postgres: await freePort() };
  const env = {
    ...process.env,
    TRADELOG_STACK_DIR: join(dir, 'stack'),
    LOCAL_KAFKA_BROKERS: String(brokerCount),
    KAFKA_PORT: String(ports.kafka),
    KAFKA_CONTROLLER_PORT: String(controllerPorts[0]),
    KAFKA_PORTS: kafkaPorts.join(','),
    KAFKA_CONTROLLER_PORTS: controllerPorts.join(','),
    REGISTRY_PORT: String(ports.registry),
    REGISTRY_MANAGEMENT_PORT: String(await freePort()),
    PGHOST_LOCAL: '127.0.0.1',
    PGPORT_LOCAL: String(ports.postgres),
    PGUSER_LOCAL: 'postgres',
    KAFKA_HEAP: '512m',
    REGISTRY_HEAP: '256m',
    // Start-up speed over peak speed, for this suite's JVMs only: the C1 compiler alone, a
    // fraction of the warm-up work on a loaded 2-core machine. (A class-data archive of the
    // registry, -XX:+AutoCreateSharedArchive, was measured: writing it at the first stop took
    // about 40 s, in the middle of the registry fault.)
    KAFKA_JAVA_OPTS: '-XX:TieredStopAtLevel=1',
    REGISTRY_JAVA_OPTS: '-XX:TieredStopAtLevel=1',
  };
  // Postgres refuses to run as root: the cluster belongs to the postgres user then.
  const asPostgres = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  const pgCtl = (...args: string[]) => asPostgres(`${bin}/pg_ctl`, ['-D', pgData, ...args]);
  const stack = (command: string) => run('bash', [stackScript, command], { env, maxBuffer: 16 << 20 });

  mkdirSync(pgData, { recursive: true });
  mkdirSync(env.TRADELOG_STACK_DIR, { recursive: true });
  if (asRoot) {
    chownSync(dir, uid('postgres'), gid('postgres'));
    chownSync(pgData, uid('postgres'), gid('postgres'));
  }
  await asPostgres(`${bin}/initdb`, [
    '-D',
    pgData,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const startPostgres = () =>
    pgCtl(
      '-w',
      '-l',
      join(pgData, 'server.log'),
      '-o',
      `-p ${ports.postgres} -k ${pgData} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    );
  await startPostgres();

  copySharedClasspath(env.TRADELOG_STACK_DIR);
  // Kafka and the registry start side by side (stack.sh waits for both).
  await stack('up');

  const pidOf = (name: string) => Number(readFileSync(join(env.TRADELOG_STACK_DIR, `${name}.pid`), 'utf8'));
  // stack.sh's names: `kafka` alone, `kafka-1` … in a cluster.
  const brokerNames = kafkaPorts.map((_, i) => (brokerCount === 1 ? 'kafka' : `kafka-${i + 1}`));
  // A restart starts the same command again, with the same environment and directory, rather
  // than a `stack.sh up` (which checks Postgres, rewrites the broker's config, probes with a
  // node process a second): the restart costs the JVM's start and no more.
  const launches = Object.fromEntries(
    [...brokerNames, 'registry'].map((name) => [name, launchOf(pidOf(name))]),
  );
  const relaunch = (name: string) => {
    const { argv, environment, cwd } = launches[name]!;
    const log = openSync(join(env.TRADELOG_STACK_DIR, `${name}.log`), 'a');
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd,
      env: environment,
      detached: true,
      stdio: ['ignore', log, log],
    });
    child.unref();
    // stack.sh's pid file, so that `stack.sh down` stops what was started here.
    writeFileSync(join(env.TRADELOG_STACK_DIR, `${name}.pid`), String(child.pid));
  };
  /** A broker's data directory, as stack.sh names it. */
  const dataOf = (name: string) => join(env.TRADELOG_STACK_DIR, `${name}-data`);
  const stopBrokers = async (signal: NodeJS.Signals) => {
    for (const name of brokerNames) {
      const pid = pidOf(name);
      process.kill(pid, signal);
      await waitGone(pid);
    }
  };
  const startBrokers = async () => {
    for (const name of brokerNames) relaunch(name);
    for (const [i, name] of brokerNames.entries()) await untilAnswers(name, kafkaAnswers(kafkaPorts[i]!));
  };
  const kafkaAnswers = (port: number) => async () => {
    const admin = new Kafka({
      brokers: [`127.0.0.1:${port}`],
      clientId: 'tradelog-faults-probe',
      logLevel: logLevel.NOTHING,
      retry: { retries: 0 },
      connectionTimeout: 1000,
    }).admin();
    try {
      await admin.connect();
      return (await admin.describeCluster()).brokers.length > 0;
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  };
  const registryAnswers = async () =>
    (
      await fetch(`http://127.0.0.1:${ports.registry}/apis/ccompat/v7/schemas/types`, {
        signal: AbortSignal.timeout(2_000),
      })
    ).ok;
  return {
    ports,
    kafkaBrokers: kafkaPorts.map((port) => `127.0.0.1:${port}`),
    databaseUrl: `postgres://postgres@127.0.0.1:${ports.postgres}/tradelog`,
    async killKafka(broker = 0) {
      const pid = pidOf(brokerNames[broker]!);
      process.kill(pid, 'SIGKILL');
      await waitGone(pid);
    },
    async startKafka(broker = 0) {
      relaunch(brokerNames[broker]!);
      await untilAnswers(brokerNames[broker]!, kafkaAnswers(kafkaPorts[broker]!));
    },
    async stopRegistry() {
      const pid = pidOf('registry');
      process.kill(pid, 'SIGTERM');
      await waitGone(pid);
    },
    async startRegistry() {
      relaunch('registry');
      await untilAnswers('the registry', registryAnswers);
    },
    async resetKafka() {
      // The brokers stopped, their data wiped, a new cluster formatted and started: what `stack.sh
      // down`, `reset` and `up` do to Kafka. The registry keeps running (its schemas are in Postgres,
      // which the reset keeps too): restarting it would only lengthen the suite.
      // Killed outright: their data is wiped next, so nothing they would flush matters.
      await stopBrokers('SIGKILL');
      await stack('reset');
      await run('bash', [stackScript, 'up', 'kafka'], { env, maxBuffer: 16 << 20 });
    },
    async backupKafka() {
      await stopBrokers('SIGTERM');
      for (const name of brokerNames)
        cpSync(dataOf(name), join(dir, 'kafka-backup', name), { recursive: true });
      await startBrokers();
    },
    async restoreKafka() {
      await stopBrokers('SIGTERM');
      for (const name of brokerNames) {
        rmSync(dataOf(name), { recursive: true, force: true });
        cpSync(join(dir, 'kafka-backup', name), dataOf(name), { recursive: true });
      }
      await startBrokers();
    },
    async stopPostgres() {
      await pgCtl('-w', '-m', 'fast', 'stop');
    },
    async startPostgres() {
      await startPostgres();
    },
    async stop() {
      await stack('down').catch(() => undefined);
      await pgCtl('-w', '-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How a running process was started (Linux /proc): its command line, environment and directory. */
function launchOf(pid: number): { argv: string[]; environment: Record<string, string>; cwd: string } {
  const fields = (file: string) => readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0').filter(Boolean);
  const argv = fields('cmdline');
  // The executable itself: the command line may name it relative to a PATH or directory.
  argv[0] = readlinkSync(`/proc/${pid}/exe`);
  const environment = Object.fromEntries(
    fields('environ').map((entry) => [
      entry.slice(0, entry.indexOf('=')),
      entry.slice(entry.indexOf('=') + 1),
    ]),
  );
  return { argv, environment, cwd: readlinkSync(`/proc/${pid}/cwd`) };
}

/** Polls until the service answers: the moment a fault's recovery is measured from. */
async function untilAnswers(what: string, answers: () => Promise<boolean>): Promise<void> {
  await waitFor(answers, { what: `${what} to answer`, timeoutMs: 180_000, intervalMs: 200 });
}

async function waitGone(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function uid(user: string): number {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${user}:`));
  if (!line) throw new Error(`no user ${user}`);
  return Number(line.split(':')[2]);
}

function gid(user: string): number {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${user}:`));
  if (!line) throw new Error(`no user ${user}`);
  return Number(line.split(':')[3]);
}

/**
 * A single broker of its own that also serves a SASL_SSL listener, as a managed Kafka does: a
 * certificate made now with the JDK's keytool (self-signed, for 127.0.0.1), users known both to
 * PLAIN and to SCRAM-SHA-256/512 (deploy/local/stack.sh, KAFKA_SASL_SSL_PORT). Kafka only: the
 * registry and Postgres are the shared stack's.
 */
export interface SecuredKafka {
  /** The SASL_SSL listener's address. */
  brokers: string[];
  /** The CA file a client trusts the broker with (PEM). */
  caFile: string;
  users: Record<string, string>;
  stop(): Promise<void>;
}

export async function startSecuredKafka(
  options: {
    /** More SASL users beside ingest and provision (name → password is made here). */
    extraUsers?: string[];
    /** Authorize by ACL, with these users as super users (KAFKA_SASL_SUPER_USERS). */
    superUsers?: string[];
  } = {},
): Promise<SecuredKafka> {
  const dir = mkdtempSync(join(tmpdir(), 'tradelog-secured-kafka-'));
  const keystore = join(dir, 'broker.p12');
  const caFile = join(dir, 'ca.pem');
  const storePassword = `store-${process.pid}`;
  const keytool = (...args: string[]) => run('keytool', args);
  await keytool(
    '-genkeypair',
    '-alias',
    'broker',
    '-keyalg',
    'RSA',
    '-keysize',
    '2048',
    '-validity',
    '2',
    '-dname',
    'CN=127.0.0.1',
    '-ext',
    'SAN=ip:127.0.0.1,dns:localhost',
    '-keystore',
    keystore,
    '-storetype',
    'PKCS12',
    '-storepass',
    storePassword,
    '-keypass',
    storePassword,
  );
  await keytool(
    '-exportcert',
    '-rfc',
    '-alias',
    'broker',
    '-keystore',
    keystore,
    '-storepass',
    storePassword,
    '-file',
    caFile,
  );
  const users: Record<string, string> = {
    ingest: `ingest-${process.pid}`,
    provision: `provision-${process.pid}`,
    ...Object.fromEntries((options.extraUsers ?? []).map((name) => [name, `${name}-${process.pid}`])),
  };
  const saslPort = await freePort();
  const env = {
    ...process.env,
    TRADELOG_STACK_DIR: join(dir, 'stack'),
    LOCAL_KAFKA_BROKERS: '1',
    KAFKA_PORT: String(await freePort()),
    KAFKA_CONTROLLER_PORT: String(await freePort()),
    KAFKA_SASL_SSL_PORT: String(saslPort),
    KAFKA_SSL_KEYSTORE: keystore,
    KAFKA_SSL_KEYSTORE_PASSWORD: storePassword,
    KAFKA_SASL_USERS: Object.entries(users)
      .map(([name, password]) => `${name}:${password}`)
      .join(','),
    ...(options.superUsers ? { KAFKA_SASL_SUPER_USERS: options.superUsers.join(',') } : {}),
    KAFKA_HEAP: '384m',
    KAFKA_JAVA_OPTS: '-XX:TieredStopAtLevel=1',
  };
  mkdirSync(env.TRADELOG_STACK_DIR, { recursive: true });
  copySharedClasspath(env.TRADELOG_STACK_DIR);
  const stack = (...args: string[]) => run('bash', [stackScript, ...args], { env, maxBuffer: 16 << 20 });
  try {
    await stack('up', 'kafka');
  } catch (error) {
    await stack('down').catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    brokers: [`127.0.0.1:${saslPort}`],
    caFile,
    users,
    async stop() {
      await stack('down').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The Kafka jars' classpath the shared stack resolved, when there is one: saves a Maven run. */
function copySharedClasspath(stackDir: string): void {
  const shared = `${root}deploy/local/.run`;
  const classpath = existsSync(shared)
    ? readdirSync(shared).find((f) => f.endsWith('.classpath'))
    : undefined;
  if (classpath) copyFileSync(join(shared, classpath), join(stackDir, classpath));
}
