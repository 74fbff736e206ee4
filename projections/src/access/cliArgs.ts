import { feedFamilies } from '@tradelog/schemas/documents/catalogue';
import { type ApiKeyKind, isApiKeyKind } from './apiKey.ts';

/** The operator command's grammar, parsed without I/O so it is unit-tested. */
export type KeysCommand =
  | {
      command: 'create';
      kind: ApiKeyKind;
      /** The new account's name; absent when the key joins an existing `account`. */
      name: string;
      ownerId: string | undefined;
      account: string | undefined;
      enterprises: string[];
      /** Feed families a partner (a data provider) may submit. */
      feeds: string[];
    }
  | { command: 'list' }
  | { command: 'accounts' }
  | { command: 'revoke'; id: string }
  | { command: 'grant' | 'withdraw'; account: string; enterprises: string[]; feeds: string[] }
  | { command: 'help' };

export const keysUsage = `usage:
  npm run keys -- create partner <name> [--enterprise <CODE>… | --any-enterprise] [--feed <FAMILY>…] [--id <account-code>]
  npm run keys -- create lender <name> --enterprise <CODE> [<CODE>…] [--id <account-code>]
  npm run keys -- create subscriber <name> [--id <account-code>]
  npm run keys -- create operator <name> [--id <account-code>]
  npm run keys -- create <kind> --account <account-id|code>      (another key for an existing account)
  npm run keys -- grant <account-id|code> [<CODE>…] [--feed <FAMILY>…]   (lender: may read; partner: may submit for; * = any)
  npm run keys -- withdraw <account-id|code> [<CODE>…] [--feed <FAMILY>…]

feed families (a provider's partner account submits only the feeds it was granted):
  ${feedFamilies.join(' ')}
  npm run keys -- list
  npm run keys -- accounts
  npm run keys -- revoke <key-id>`;

export class UsageError extends Error {
  constructor(problem: string) {
    super(`${problem}\n${keysUsage}`);
    this.name = 'UsageError';
  }
}

const uuid = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;
const enterpriseCode = /^(\*|[\w.-]{1,50})$/;

const codesOf = (args: readonly string[]) => {
  const codes = args.flatMap((arg) => arg.split(',')).filter(Boolean);
  for (const code of codes) {
    if (!enterpriseCode.test(code))
      throw new UsageError(`"${code}" is not an enterprise code (≤50 letters, digits, . _ -, or *)`);
  }
  return [...new Set(codes)];
};

const familiesOf = (args: readonly string[]) => {
  const families = args.flatMap((arg) => arg.split(',')).filter(Boolean);
  for (const family of families) {
    if (!feedFamilies.includes(family))
      throw new UsageError(`"${family}" is not a feed family (${feedFamilies.join(', ')})`);
  }
  return [...new Set(families)];
};

/** Splits arguments into enterprise codes and, after `--feed`, feed families. */
const grantsOf = (args: readonly string[]) => {
  const at = args.findIndex((arg) => arg === '--feed' || arg === '--feeds');
  const codes = at < 0 ? args : args.slice(0, at);
  const families = at < 0 ? [] : args.slice(at + 1);
  if (at >= 0 && families.length === 0) throw new UsageError('--feed needs at least one feed family');
  return { enterprises: codesOf(codes), feeds: familiesOf(families) };
};

export function parseKeysCommand(argv: readonly string[]): KeysCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h')
    return { command: 'help' };
  if (command === 'list' || command === 'accounts') {
    if (rest.length > 0) throw new UsageError(`${command} takes no arguments, got "${rest.join(' ')}"`);
    return { command };
  }
  if (command === 'revoke') {
    const [id, ...extra] = rest;
    if (id === undefined || extra.length > 0) throw new UsageError('revoke takes exactly one key id');
    if (!uuid.test(id)) throw new UsageError(`"${id}" is not a key id (a UUID, as printed by list)`);
    return { command: 'revoke', id: id.toLowerCase() };
  }
  if (command === 'grant' || command === 'withdraw') {
    const [account, ...args] = rest;
    const grants = account === undefined ? undefined : grantsOf(args);
    if (
      account === undefined ||
      grants === undefined ||
      grants.enterprises.length + grants.feeds.length === 0
    )
      throw new UsageError(`${command} takes an account and at least one enterprise code or --feed family`);
    return { command, account, ...grants };
  }
  if (command === 'create') return parseCreate(rest);
  throw new UsageError(`unknown command "${command}"`);
}

function parseCreate(args: readonly string[]): KeysCommand {
  const [kind, ...rest] = args;
  if (kind === undefined || !isApiKeyKind(kind))
    throw new UsageError('create needs a kind: partner, lender, subscriber or operator');
  const nameParts: string[] = [];
  const enterpriseArgs: string[] = [];
  const feedArgs: string[] = [];
  let ownerId: string | undefined;
  let account: string | undefined;
  let mode: 'name' | 'enterprise' | 'feed' = 'name';
  const optionValue = (option: string, value: string | undefined) => {
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${option} needs a value`);
    return value;
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--enterprise' || arg === '--enterprises') {
      mode = 'enterprise';
    } else if (arg === '--feed' || arg === '--feeds') {
      mode = 'feed';
    } else if (arg === '--any-enterprise') {
      enterpriseArgs.push('*');
      mode = 'name';
    } else if (arg === '--id') {
      ownerId = optionValue(arg, rest[++i]);
      mode = 'name';
    } else if (arg === '--account') {
      account = optionValue(arg, rest[++i]);
      mode = 'name';
    } else if (arg.startsWith('--')) {
      throw new UsageError(`unknown option "${arg}"`);
    } else if (mode === 'enterprise') {
      enterpriseArgs.push(arg);
    } else if (mode === 'feed') {
      feedArgs.push(arg);
    } else {
      nameParts.push(arg);
    }
  }
  const enterprises = codesOf(enterpriseArgs);
  const feeds = familiesOf(feedArgs);
  const name = nameParts.join(' ').trim();
  if (account !== undefined) {
    if (name !== '' || ownerId !== undefined || enterprises.length > 0 || feeds.length > 0)
      throw new UsageError(
        '--account adds a key to an existing account: give no name, --id, enterprises or feeds (use grant)',
      );
    return { command: 'create', kind, name: '', ownerId: undefined, account, enterprises: [], feeds: [] };
  }
  if (name === '') throw new UsageError(`create ${kind} needs the account's name`);
  if (kind === 'lender' && enterprises.length === 0) {
    throw new UsageError('a lender key needs at least one --enterprise CODE (the enterprises it may read)');
  }
  if (kind === 'lender' && enterprises.includes('*'))
    throw new UsageError('a lender cannot read any enterprise (*)');
  if (kind !== 'lender' && kind !== 'partner' && enterprises.length > 0)
    throw new UsageError('--enterprise applies to lender and partner keys only');
  if (kind !== 'partner' && feeds.length > 0) throw new UsageError('--feed applies to partner keys only');
  return { command: 'create', kind, name, ownerId, account: undefined, enterprises, feeds };
}
