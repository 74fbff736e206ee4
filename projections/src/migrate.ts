import { fileURLToPath } from 'node:url';
import type { Logger } from '@tradelog/schemas';
import { createLogger } from '@tradelog/schemas';
import { runner } from 'node-pg-migrate';

/** Where every projections migration lives; plain SQL files, applied in file-name order. */
export const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

export interface MigrateOptions {
  /**
   * Postgres schema to migrate (created when missing). Tests pass a schema of their own so
   * that files never see each other's rows; services use the default, `public`.
   */
  schema?: string;
  logger?: Logger;
}

/**
 * Applies every pending migration, in one transaction, and returns the names applied. Safe to
 * call from several processes at once: node-pg-migrate's advisory lock makes the later callers
 * wait and then find nothing left to do.
 */
export async function migrate(databaseUrl: string, options: MigrateOptions = {}): Promise<string[]> {
  const logger = (options.logger ?? createLogger({ component: 'migrate' })).scope({
    schema: options.schema ?? 'public',
  });
  const applied = await runner({
    databaseUrl,
    dir: migrationsDir,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    schema: options.schema ?? 'public',
    createSchema: true,
    checkOrder: true,
    singleTransaction: true,
    advisoryLockMode: 'wait',
    // node-pg-migrate narrates every step; keep only what an operator needs.
    logger: {
      debug: () => {},
      info: () => {},
      warn: (msg) => logger.warn('migration warning', { detail: msg }),
      error: (msg) => logger.error('migration failed', { detail: msg }),
    },
  });
  const names = applied.map((migration) => migration.name);
  if (names.length > 0) logger.info('migrations applied', { migrations: names });
  return names;
}
