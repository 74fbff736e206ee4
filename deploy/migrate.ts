/**
 * One-shot migration step (Compose's `migrate` service, or by hand): applies the projections'
 * migrations to DATABASE_URL (the local stack's database by default) and exits. Services wait
 * for it in Compose (`service_completed_successfully`), so none starts on an old schema.
 */

import { migrate } from '@tradelog/projections/migrate';
import { createLogger, env } from '@tradelog/schemas';
import { localStackDefaults } from '@tradelog/schemas/runtime/localStack';

const logger = createLogger({ service: 'migrate' });
const databaseUrl = env.url(process.env, 'DATABASE_URL', localStackDefaults.databaseUrl, [
  'postgres:',
  'postgresql:',
]);
try {
  const applied = await migrate(databaseUrl, { logger });
  logger.info('migrations applied', { applied: applied.length, database: env.redactUrl(databaseUrl) });
} catch (error) {
  logger.error('migration failed', { error: error as Error });
  process.exitCode = 1;
}
