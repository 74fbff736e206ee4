import { isTradelogError } from '@tradelog/schemas';
import { isApiKeyKind } from '@tradelog/schemas/access/apiKey';
import { feedFamilies } from '@tradelog/schemas/documents/catalogue';
import { type AccountCommand, accountRuleOf, enterpriseCodesOf, feedFamiliesOf } from './accountRules.ts';

/**
 * The operator command's grammar, parsed without I/O so it is unit-tested. The rules a command
 * must keep are the console's too (accountCommands.ts); only the words are the command line's.
 */
export type KeysCommand =
  | Exclude<AccountCommand, { command: 'narrow' }>
  /** `since` undefined: the default window (`defaultNarrowingDays` before now). */
  | { command: 'narrow'; account: string; since: Date | undefined; apply: boolean }
  | { command: 'list' }
  | { command: 'accounts' }
  | { command: 'help' };

/** The window `narrow` reads when no `--since` is given. */
export const defaultNarrowingDays = 90;

export const keysUsage = `usage:
  npm run keys -- create partner <name> [--enterprise <CODE>… | --any-enterprise --confirm] [--feed <FAMILY>…] [--id <account-code>]
  npm run keys -- create lender <name> --enterprise <CODE> [<CODE>…] [--id <account-code>]
  npm run keys -- create subscriber <name> [--id <account-code>]
  npm run keys -- create operator <name> [--id <account-code>]
  npm run keys -- create <kind> --account <account-id|code>      (another key for an existing account)
  npm run keys -- grant <account-id|code> [<CODE>…] [--feed <FAMILY>…] [--confirm]   (lender: may read; partner: may submit for; * = any, with --confirm)
  npm run keys -- withdraw <account-id|code> [<CODE>…] [--feed <FAMILY>…]
  npm run keys -- narrow <account-id|code> [--since <YYYY-MM-DD>] [--apply]
      (a partner's standing wildcard, any enterprise or every feed family, narrowed to what it
       submitted since then, by default the last ${defaultNarrowingDays} days: shown, written with --apply)

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

/** The shared rules' verdict as the command line says it. */
const asUsage = <T>(check: () => T): T => {
  try {
    return check();
  } catch (error) {
    if (isTradelogError(error) && error.code === 'ACCOUNT_RULE') throw new UsageError(error.message);
    throw error;
  }
};
const codesOf = (args: readonly string[]) => asUsage(() => enterpriseCodesOf(args));
const familiesOf = (args: readonly string[]) => asUsage(() => feedFamiliesOf(args));
const kept = <T extends AccountCommand>(command: T): T => {
  const rule = accountRuleOf(command);
  if (rule) throw new UsageError(rule.en);
  return command;
};

/** Splits arguments into enterprise codes and, after `--feed`, feed families. */
const grantsOf = (args: readonly string[]) => {
  const at = args.findIndex((arg) => arg === '--feed' || arg === '--feeds');
  const codes = at < 0 ? args : args.slice(0, at);
  const families = at < 0 ? [] : args.slice(at + 1);
  if (at >= 0 && families.length === 0) throw new UsageError('--feed needs at least one feed family');
  const option = [...codes, ...families].find((arg) => arg.startsWith('--'));
  if (option !== undefined) throw new UsageError(`unknown option "${option}"`);
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
    return kept({ command: 'revoke', id: id.toLowerCase() });
  }
  if (command === 'grant' || command === 'withdraw') {
    const [account, ...args] = rest;
    if (account === undefined)
      throw new UsageError(`${command} takes an account and at least one enterprise code or --feed family`);
    const confirmAnyEnterprise = command === 'grant' && args.includes('--confirm');
    return kept({
      command,
      account,
      ...grantsOf(args.filter((arg) => arg !== '--confirm' || command !== 'grant')),
      ...(confirmAnyEnterprise ? { confirmAnyEnterprise } : {}),
    });
  }
  if (command === 'narrow') return parseNarrow(rest);
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
  let confirmAnyEnterprise = false;
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
    } else if (arg === '--confirm') {
      confirmAnyEnterprise = true;
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
  return kept({
    command: 'create',
    kind,
    name,
    ownerId,
    account,
    enterprises,
    feeds,
    ...(confirmAnyEnterprise ? { confirmAnyEnterprise } : {}),
  });
}

function parseNarrow(args: readonly string[]): KeysCommand {
  const [account, ...options] = args;
  if (account === undefined || account.startsWith('--')) throw new UsageError('narrow takes an account');
  let since: Date | undefined;
  let apply = false;
  for (let i = 0; i < options.length; i++) {
    const option = options[i]!;
    if (option === '--apply') apply = true;
    else if (option === '--since') {
      const value = options[++i];
      const parsed =
        value && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value)
          ? new Date(value)
          : undefined;
      if (!parsed || Number.isNaN(parsed.getTime()))
        throw new UsageError(`--since needs a date (YYYY-MM-DD, or an ISO date-time), got "${value ?? ''}"`);
      since = parsed;
    } else throw new UsageError(`unknown option "${option}" of narrow`);
  }
  return { command: 'narrow', account, since, apply };
}
