import { userInfo } from 'node:os';
import { ConfigError, createLogger, env, isTradelogError } from '@tradelog/schemas';
import type { ApiKeyRow } from '@tradelog/schemas/kit/access/keyStore';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { parseKafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import { createRecordReader } from '@tradelog/schemas/kit/log/records';
import { parseRegistryAuth } from '@tradelog/schemas/kit/log/registryAuth';
import { localStackDefaults } from '@tradelog/schemas/kit/runtime/localStack';
import pg from 'pg';
import { migrate } from '../migrate.ts';
import { oneAccount, runAccountCommand } from './accountCommands.ts';
import {
  defaultNarrowingDays,
  type KeysCommand,
  keysUsage,
  parseKeysCommand,
  UsageError,
} from './cliArgs.ts';
import { narrowingOf, standingWildcardOf, standingWildcardWords } from './narrowing.ts';
import { type AccountRow, listAccounts, listApiKeys } from './store.ts';
import { submittedSince } from './submitted.ts';

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

const describeAccount = (row: AccountRow) => {
  const wildcard = standingWildcardOf(row);
  return [
    row.id,
    row.kind.padEnd(10),
    row.code,
    JSON.stringify(row.name),
    `enterprises=${row.enterprises.length > 0 ? row.enterprises.join(',') : '(none)'}`,
    ...(row.kind === 'partner' ? [`feeds=${row.feeds.length > 0 ? row.feeds.join(',') : '(none)'}`] : []),
    `created=${row.createdAt.toISOString()}`,
    ...(wildcard
      ? [`WIDE: ${standingWildcardWords(wildcard).en} (narrow with: npm run keys -- narrow ${row.code})`]
      : []),
  ].join('  ');
};

/**
 * The log as the services read it, for `narrow`: the brokers, the registry and their
 * credentials from the services' own variables (README "Configuration"), the local stack's
 * when none are named.
 */
function logReading(source: NodeJS.ProcessEnv) {
  const reader = createRecordReader({
    brokers: env.hostPorts(source, 'KAFKA_BROKERS', localStackDefaults.kafkaBrokers),
    security: parseKafkaSecurity(source),
    clientId: 'tradelog-keys',
  });
  const auth = parseRegistryAuth(source);
  const codec = createRegistryCodec({
    url: env.url(source, 'SCHEMA_REGISTRY_URL', localStackDefaults.schemaRegistryUrl, ['http:', 'https:']),
    ...(auth ? { auth } : {}),
  });
  return { reader, decode: (value: Buffer) => codec.decode(value) };
}

/** The command line's own context: the audit names its user, the command line has no key. */
type CliContext = Parameters<typeof runAccountCommand>[2];

/**
 * The keys' database: the local stack's unless DATABASE_URL names another, in the schema
 * DATABASE_SCHEMA names (README "Configuration"), migrated before the first statement.
 */
async function openKeysDatabase(source: NodeJS.ProcessEnv): Promise<pg.Pool> {
  const databaseUrl = env.url(source, 'DATABASE_URL', localStackDefaults.databaseUrl, [
    'postgres:',
    'postgresql:',
  ]);
  // A schema other than public lets tests (and side-by-side installs) keep their own keys.
  const schema = env.text(source, 'DATABASE_SCHEMA', 'public');
  if (!/^[a-z_][a-z0-9_]{0,62}$/i.test(schema))
    throw new ConfigError('DATABASE_SCHEMA', `must be a plain identifier, got "${schema}"`);
  await migrate(databaseUrl, { schema, logger: createLogger({ component: 'keys' }, { level: 'warn' }) });
  return new pg.Pool({ connectionString: databaseUrl, max: 1, options: `-c search_path="${schema}"` });
}

async function main(argv: readonly string[]): Promise<number> {
  const command = parseKeysCommand(argv);
  if (command.command === 'help') {
    console.log(keysUsage);
    return 0;
  }
  const pool = await openKeysDatabase(process.env);
  // The audit names the command line's user: the command line has no key (projections/src/operatorAudit.ts).
  const context: CliContext = {
    actor: { accountId: null, keyId: null, actor: `cli:${userInfo().username}` },
    now: () => new Date(),
  };
  try {
    switch (command.command) {
      case 'create':
        return await createKey(pool, command, context);
      case 'accounts': {
        const rows = await listAccounts(pool);
        if (rows.length === 0) console.log('no accounts yet');
        for (const row of rows) console.log(describeAccount(row));
        return 0;
      }
      case 'grant':
      case 'withdraw': {
        const { account } = await runAccountCommand(pool, command, context);
        console.log(describeAccount(account));
        return 0;
      }
      case 'narrow':
        return await narrow(pool, command, context);
      case 'list': {
        const rows = await listApiKeys(pool);
        if (rows.length === 0) console.log('no API keys yet');
        for (const row of rows) console.log(describe(row));
        return 0;
      }
      case 'revoke': {
        const { key } = await runAccountCommand(pool, command, context);
        console.log(describe(key));
        // query-api README "Revoking a key": what the key made stops pushing, queued pushes included.
        console.log('\nthis key can no longer call; pushes of the subscriptions it made have stopped');
        return 0;
      }
    }
  } finally {
    await pool.end();
  }
}

/** `create`: the new key, what it may not do yet, and its secret, printed once. */
async function createKey(
  pool: pg.Pool,
  command: Extract<KeysCommand, { command: 'create' }>,
  context: CliContext,
): Promise<number> {
  const { key, secret } = await runAccountCommand(pool, command, context);
  console.log(describe(key));
  if (command.confirmAnyEnterprise && command.enterprises.includes('*'))
    console.warn(
      `\nwarning: this partner may submit for any enterprise (*); it is listed and counted as a standing wildcard until narrowed (npm run keys -- narrow ${key.ownerId})`,
    );
  if (key.kind === 'partner' && key.enterprises.length === 0 && key.feeds.length === 0)
    console.log(
      '\nnothing granted yet: this partner may submit only documents naming no enterprise, and no feed (grant with: npm run keys -- grant)',
    );
  console.log(`\nAPI key (shown once, store it now):\n${secret}`);
  return 0;
}

/**
 * `narrow`: what the partner submitted in the window, read from the log, and the grants that
 * would keep; written only with `--apply`.
 */
async function narrow(
  pool: pg.Pool,
  command: Extract<KeysCommand, { command: 'narrow' }>,
  context: CliContext,
): Promise<number> {
  const account = await oneAccount(pool, command.account, 'partner');
  const since = command.since ?? new Date(Date.now() - defaultNarrowingDays * 86_400_000);
  const { reader, decode } = logReading(process.env);
  const submitted = await submittedSince({
    db: pool,
    reader,
    decode,
    partnerId: account.code,
    since,
  }).finally(() => reader.close());
  const narrowing = narrowingOf(account, submitted);
  console.log(describeAccount(account));
  console.log(
    `\nsubmitted since ${since.toISOString()}: ${submitted.documents} document(s), naming ${submitted.enterprises.length} enterprise(s), of ${submitted.feeds.length} feed famil(ies)`,
  );
  const list = (values: readonly string[]) => (values.length > 0 ? values.join(',') : '(none)');
  console.log(
    `grants after narrowing: enterprises=${list(narrowing.enterprises)}  feeds=${list(narrowing.feeds)}`,
  );
  console.log(
    `  grant:    enterprises=${list(narrowing.grant.enterprises)}  feeds=${list(narrowing.grant.feeds)}`,
  );
  console.log(
    `  withdraw: enterprises=${list(narrowing.withdraw.enterprises)}  feeds=${list(narrowing.withdraw.feeds)}`,
  );
  if (!command.apply) {
    console.log('\nnothing written: run again with --apply to write these grants');
    return 0;
  }
  const outcome = await runAccountCommand(
    pool,
    { command: 'narrow', account: account.id, since, submitted },
    context,
  );
  console.log(`\nwritten:\n${describeAccount(outcome.account)}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A broken rule (an unknown key id too) is a usage error (2); any other failure is 1.
    const rule = error instanceof UsageError || (isTradelogError(error) && error.code === 'ACCOUNT_RULE');
    console.error(rule ? (error as Error).message : `keys: ${(error as Error).message}`);
    process.exitCode = rule ? 2 : 1;
  },
);
