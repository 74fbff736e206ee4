/**
 * One-shot migration step (Compose's `migrate` service, the tradelog-migrate Job, or by hand):
 * applies the projections' migrations to DATABASE_URL (the local stack's database by default),
 * then, when the services' own database URLs are given, creates their roles and grants each
 * what it uses (deploy/README.md "Postgres: one role per service"), and exits. Services wait for
 * it in Compose (`service_completed_successfully`), so none starts on an old schema.
 */

import {
  applyServiceRoles,
  type DatabaseService,
  serviceRoleFromUrl,
} from '@tradelog/projections/databaseRoles';
import { migrate } from '@tradelog/projections/migrate';
import { ConfigError, createLogger, env } from '@tradelog/schemas';
import { localStackDefaults } from '@tradelog/schemas/kit/runtime/localStack';

const logger = createLogger({ service: 'migrate' });
const postgres = ['postgres:', 'postgresql:'];
const databaseUrl = env.url(process.env, 'DATABASE_URL', localStackDefaults.databaseUrl, postgres);
// Each service's DATABASE_URL names its role and password; all three or none (one role for
// everything, as `npm start` and Compose run).
const roleKeys: Record<DatabaseService, string> = {
  ingest: 'INGEST_DATABASE_URL',
  'query-api': 'QUERY_API_DATABASE_URL',
  processors: 'PROCESSORS_DATABASE_URL',
};
const serviceUrls = Object.fromEntries(
  Object.entries(roleKeys).map(([service, key]) => [
    service,
    env.optionalText(process.env, key) === undefined
      ? undefined
      : env.url(process.env, key, undefined, postgres),
  ]),
) as Record<DatabaseService, string | undefined>;
const given = Object.values(serviceUrls).filter((url) => url !== undefined).length;
if (given > 0 && given < 3) {
  const missing = (Object.keys(roleKeys) as DatabaseService[]).find((service) => !serviceUrls[service])!;
  throw new ConfigError(
    roleKeys[missing],
    'is required when any service database URL is set (all three or none)',
  );
}

try {
  const applied = await migrate(databaseUrl, { logger });
  logger.info('migrations applied', { applied: applied.length, database: env.redactUrl(databaseUrl) });
  if (given === 3) {
    const roles = Object.fromEntries(
      Object.entries(serviceUrls).map(([service, url]) => [service, serviceRoleFromUrl(url)]),
    ) as Record<DatabaseService, ReturnType<typeof serviceRoleFromUrl>>;
    for (const service of Object.keys(roles) as DatabaseService[])
      if (!roles[service])
        throw new ConfigError(roleKeys[service], 'must name a user (postgres://user:password@…)');
    await applyServiceRoles(databaseUrl, {
      schema: 'public',
      roles: roles as Record<DatabaseService, NonNullable<(typeof roles)[DatabaseService]>>,
      bossSchema: env.text(process.env, 'PUSH_BOSS_SCHEMA', 'pgboss'),
    });
    logger.info('service roles granted', {
      roles: Object.values(roles).map((role) => role!.name),
    });
  }
} catch (error) {
  logger.error('migration failed', { error: error as Error });
  process.exitCode = 1;
}
