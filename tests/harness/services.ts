import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const stackScript = fileURLToPath(new URL('../../deploy/local/stack.sh', import.meta.url));

export interface ServiceAddresses {
  kafkaBrokers: string;
  schemaRegistryUrl: string;
  databaseUrl: string;
}

export interface ProvidedServices extends ServiceAddresses {
  source: 'environment' | 'local-stack' | 'testcontainers';
  stop(): Promise<void>;
}

/** Addresses given in the environment win: CI and `npm start` users name their own services. */
export function addressesFromEnv(env: NodeJS.ProcessEnv): ServiceAddresses | undefined {
  const kafkaBrokers = env.KAFKA_BROKERS;
  const schemaRegistryUrl = env.SCHEMA_REGISTRY_URL;
  const databaseUrl = env.TEST_DATABASE_URL ?? env.DATABASE_URL;
  if (!kafkaBrokers || !schemaRegistryUrl || !databaseUrl) return undefined;
  return { kafkaBrokers, schemaRegistryUrl, databaseUrl };
}

async function dockerAvailable(): Promise<boolean> {
  try {
    await run('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

function parseStackEnv(text: string): ServiceAddresses {
  const value = (key: string) => {
    const match = new RegExp(`^export ${key}=(.*)$`, 'm').exec(text);
    if (!match?.[1]) throw new Error(`deploy/local/stack.sh env did not print ${key}`);
    return match[1];
  };
  return {
    kafkaBrokers: value('KAFKA_BROKERS'),
    schemaRegistryUrl: value('SCHEMA_REGISTRY_URL'),
    databaseUrl: value('TEST_DATABASE_URL'),
  };
}

async function localStack(): Promise<ProvidedServices> {
  const alreadyUp = await run('bash', [stackScript, 'status']).then(
    () => true,
    () => false,
  );
  if (!alreadyUp) {
    await run('bash', [stackScript, 'up'], { maxBuffer: 16 * 1024 * 1024, timeout: 600_000 });
  }
  const { stdout } = await run('bash', [stackScript, 'env']);
  return {
    ...parseStackEnv(stdout),
    source: 'local-stack',
    // Stop only what this run started; a stack someone brought up stays up.
    stop: async () => {
      if (!alreadyUp) await run('bash', [stackScript, 'down']);
    },
  };
}

async function containers(): Promise<ProvidedServices> {
  const { startContainers } = await import('./containers.ts');
  return startContainers();
}

/** Environment first, then containers where a Docker engine answers, else the local stack. */
export async function provideServices(env: NodeJS.ProcessEnv = process.env): Promise<ProvidedServices> {
  const given = addressesFromEnv(env);
  if (given) return { ...given, source: 'environment', stop: async () => undefined };
  if (env.TRADELOG_TEST_SERVICES !== 'local' && (await dockerAvailable())) return containers();
  return localStack();
}
