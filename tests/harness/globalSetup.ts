import type { TestProject } from 'vitest/node';
import { type ProvidedServices, provideServices } from './services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    kafkaBrokers: string;
    schemaRegistryUrl: string;
    databaseUrl: string;
  }
}

let services: ProvidedServices | undefined;

/**
 * Runs before the int and e2e tiers: services named in the environment are used as they are;
 * otherwise containers (Docker) or the local stack are started, and stopped again afterwards
 * if this run started them. Test files read the addresses from process.env or `inject()`.
 */
export async function setup(project: TestProject): Promise<void> {
  services ??= await provideServices();
  process.env.KAFKA_BROKERS = services.kafkaBrokers;
  process.env.SCHEMA_REGISTRY_URL = services.schemaRegistryUrl;
  process.env.DATABASE_URL = services.databaseUrl;
  process.env.TEST_DATABASE_URL = services.databaseUrl;
  project.provide('kafkaBrokers', services.kafkaBrokers);
  project.provide('schemaRegistryUrl', services.schemaRegistryUrl);
  project.provide('databaseUrl', services.databaseUrl);
}

export async function teardown(): Promise<void> {
  await services?.stop();
  services = undefined;
}
