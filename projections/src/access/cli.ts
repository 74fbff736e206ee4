import { randomUUID } from 'node:crypto';
import { ConfigError, createLogger, env } from '@tradelog/schemas';
import { localStackDefaults } from '@tradelog/schemas/runtime/localStack';
import pg from 'pg';
import { migrate } from '../migrate.ts';
import { generateApiKey, ownerIdFromName } from './apiKey.ts';
import { keysUsage, parseKeysCommand, UsageError } from './cliArgs.ts';
import {
  type AccountRow,
  type ApiKeyRow,
  changeGrants,
  createApiKey,
  findAccounts,
  insertAccount,
  listAccounts,
  listApiKeys,
  revokeApiKey,
} from './store.ts';

/**
 * Operator command behind `npm run keys -- …`: creates, lists and revokes API keys, and grants
 * accounts their enterprises. A new key is printed once and never again (only its hash is
 * stored). `create` with a name always makes a new account: an account is never found by a
 * name, so two organisations with similar names never share one (query-api README, "Accounts").
 */
const describe = (row: ApiKeyRow) =>
  [
    row.id,
    row.kind.padEnd(8),
    `${row.keyPrefix}…`,
    `account=${row.accountId}`,
    row.ownerId,
    JSON.stringify(row.ownerName),
    row.enterprises.length > 0 ? `enterprises=${row.enterprises.join(',')}` : '',
    row.feeds.length > 0 ? `feeds=${row.feeds.join(',')}` : '',
    `created=${row.createdAt.toISOString()}`,
    row.revokedAt ? `REVOKED=${row.revokedAt.toISOString()}` : 'active',
  ]
    .filter(Boolean)
    .join('  ');

const describeAccount = (row: AccountRow) =>
  [
    row.id,
    row.kind.padEnd(10),
    row.code,
    JSON.stringify(row.name),
    `enterprises=${row.enterprises.length > 0 ? row.enterprises.join(',') : '(none)'}`,
    ...(row.kind === 'partner' ? [`feeds=${row.feeds.length > 0 ? row.feeds.join(',') : '(none)'}`] : []),
    `created=${row.createdAt.toISOString()}`,
  ].join('  ');

/** The one account an operator names by id or code; several kinds sharing a code must be told apart by id. */
async function oneAccount(pool: pg.Pool, idOrCode: string, kind?: string): Promise<AccountRow> {
  const found = (await findAccounts(pool, idOrCode)).filter((row) => kind === undefined || row.kind === kind);
  if (found.length === 0)
    throw new UsageError(`no ${kind ?? ''} account "${idOrCode}" (see: npm run keys -- accounts)`);
  if (found.length > 1) throw new UsageError(`"${idOrCode}" names several accounts; give the account id`);
  return found[0]!;
}

async function main(argv: readonly string[]): Promise<number> {
  const command = parseKeysCommand(argv);
  if (command.command === 'help') {
    console.log(keysUsage);
    return 0;
  }
  // The local stack's database unless DATABASE_URL names another (README "Configuration").
  const databaseUrl = env.url(process.env, 'DATABASE_URL', localStackDefaults.databaseUrl, [
    'postgres:',
    'postgresql:',
  ]);
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
        let account: AccountRow;
        if (command.account !== undefined) {
          account = await oneAccount(pool, command.account, command.kind);
        } else {
          const code = command.ownerId ?? ownerIdFromName(command.name);
          const created = await insertAccount(pool, {
            id: randomUUID(),
            kind: command.kind,
            code,
            name: command.name,
            enterprises: command.enterprises,
            feeds: command.feeds,
            createdAt: new Date(),
          });
          if (created === null) {
            throw new UsageError(
              `a ${command.kind} account "${code}" exists already: add a key to it with --account ${code}, or give the new account its own --id`,
            );
          }
          account = created;
        }
        const row = await createApiKey(pool, {
          id: randomUUID(),
          kind: command.kind,
          accountId: account.id,
          ownerId: account.code,
          ownerName: account.name,
          enterprises: [],
          keyPrefix: generated.prefix,
          keyHash: generated.hash,
          createdAt: new Date(),
        });
        console.log(describe(row));
        if (row.kind === 'partner' && row.enterprises.length === 0 && row.feeds.length === 0)
          console.log(
            '\nnothing granted yet: this partner may submit only documents naming no enterprise, and no feed (grant with: npm run keys -- grant)',
          );
        console.log(`\nAPI key (shown once, store it now):\n${generated.key}`);
        return 0;
      }
      case 'accounts': {
        const rows = await listAccounts(pool);
        if (rows.length === 0) console.log('no accounts yet');
        for (const row of rows) console.log(describeAccount(row));
        return 0;
      }
      case 'grant':
      case 'withdraw': {
        const account = await oneAccount(pool, command.account);
        if (command.command === 'grant' && account.kind !== 'partner' && account.kind !== 'lender')
          throw new UsageError(`a ${account.kind} account has no enterprise grants`);
        if (command.command === 'grant' && account.kind === 'lender' && command.enterprises.includes('*'))
          throw new UsageError('a lender cannot read any enterprise (*)');
        if (command.command === 'grant' && account.kind !== 'partner' && command.feeds.length > 0)
          throw new UsageError('only a partner account (a data provider) submits feeds');
        const changed = await changeGrants(
          pool,
          account.id,
          command.command === 'grant'
            ? { grant: command.enterprises, grantFeeds: command.feeds }
            : { withdraw: command.enterprises, withdrawFeeds: command.feeds },
        );
        console.log(describeAccount(changed!));
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
        // query-api README "Revoking a key": what the key made stops pushing, queued pushes included.
        console.log('\nthis key can no longer call; pushes of the subscriptions it made have stopped');
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
