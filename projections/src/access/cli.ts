import { randomUUID } from 'node:crypto';
import { ConfigError, createLogger, env } from '@tradelog/schemas';
import pg from 'pg';
import { migrate } from '../migrate.ts';
import { generateApiKey, ownerIdFromName } from './apiKey.ts';
import { keysUsage, parseKeysCommand, UsageError } from './cliArgs.ts';
import { type ApiKeyRow, createApiKey, listApiKeys, revokeApiKey } from './store.ts';

/**
 * Operator command behind `npm run keys -- …`: creates, lists and revokes API keys. A new key
 * is printed once and never again (only its hash is stored).
 */
const describe = (row: ApiKeyRow) =>
  [
    row.id,
    row.kind.padEnd(8),
    `${row.keyPrefix}…`,
    row.ownerId,
    JSON.stringify(row.ownerName),
    row.enterprises.length > 0 ? `enterprises=${row.enterprises.join(',')}` : '',
    `created=${row.createdAt.toISOString()}`,
    row.revokedAt ? `REVOKED=${row.revokedAt.toISOString()}` : 'active',
  ]
    .filter(Boolean)
    .join('  ');

async function main(argv: readonly string[]): Promise<number> {
  const command = parseKeysCommand(argv);
  if (command.command === 'help') {
    console.log(keysUsage);
    return 0;
  }
  const databaseUrl = env.url(process.env, 'DATABASE_URL', undefined, ['postgres:', 'postgresql:']);
  // A schema other than public lets tests (and side-by-side installs) keep their own keys.
  const schema = env.text(process.env, 'DATABASE_SCHEMA', 'public');
  if (!/^[a-z_][a-z0-9_]{0,62}$/i.test(schema))
    throw new ConfigError('DATABASE_SCHEMA', `must be a plain identifier, got "${schema}"`);
  await migrate(databaseUrl, { schema, logger: createLogger({ component: 'keys' }, { level: 'warn' }) });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: `-c search_path="${schema}"` });
  try {
    switch (command.command) {
      case 'create': {
        const generated = generateApiKey();
        const row = await createApiKey(pool, {
          id: randomUUID(),
          kind: command.kind,
          ownerId: command.ownerId ?? ownerIdFromName(command.name),
          ownerName: command.name,
          enterprises: command.enterprises,
          keyPrefix: generated.prefix,
          keyHash: generated.hash,
          createdAt: new Date(),
        });
        console.log(describe(row));
        console.log(`\nAPI key (shown once, store it now):\n${generated.key}`);
        return 0;
      }
      case 'list': {
        const rows = await listApiKeys(pool);
        if (rows.length === 0) console.log('no API keys yet');
        for (const row of rows) console.log(describe(row));
        return 0;
      }
      case 'revoke': {
        const row = await revokeApiKey(pool, command.id, new Date());
        if (row === null) {
          console.error(`no API key with id ${command.id}`);
          return 1;
        }
        console.log(describe(row));
        return 0;
      }
    }
  } finally {
    await pool.end();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof UsageError ? error.message : `keys: ${(error as Error).message}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
