import { randomUUID } from 'node:crypto';
import { type Bilingual, localizedError, type TradelogError } from '@tradelog/schemas';
import type { ApiKeyKind } from '@tradelog/schemas/access/apiKey';
import { feedFamilies } from '@tradelog/schemas/documents/catalogue';
import type { ApiKeyRow } from '@tradelog/schemas/kit/access/keyStore';
import type pg from 'pg';
import { inTransaction } from '../db.ts';
import { type AuditActor, insertAuditEntry } from '../operatorAudit.ts';
import { generateApiKey, ownerIdFromName } from './apiKey.ts';
import { narrowingOf, type Submitted } from './narrowing.ts';
import {
  type AccountRow,
  changeGrants,
  createApiKey,
  findAccounts,
  insertAccount,
  type Queryable,
  revokeApiKey,
} from './store.ts';

/**
 * Accounts and keys as an operator changes them — one implementation for the command line
 * (`npm run keys`, cli.ts) and the operator console (`/ops/accounts`, query-api): the same rules
 * (`accountRuleOf`, pure), the same statements, the same audit entry in the same transaction.
 * A name always makes a new account; an account is never found by a name (query-api README
 * "Accounts").
 */
export type AccountCommand =
  | {
      command: 'create';
      kind: ApiKeyKind;
      /** The new account's name; empty when the key joins an existing `account`. */
      name: string;
      ownerId: string | undefined;
      account: string | undefined;
      enterprises: string[];
      feeds: string[];
      /** `'*'` among `enterprises` is meant: any enterprise (README "Partner grants"). */
      confirmAnyEnterprise?: boolean;
    }
  | {
      command: 'grant' | 'withdraw';
      account: string;
      enterprises: string[];
      feeds: string[];
      confirmAnyEnterprise?: boolean;
    }
  /**
   * A standing wildcard narrowed to what the account submitted since `since` (narrowing.ts);
   * the grants to keep are worked out from the account as it is when the change is written.
   */
  | { command: 'narrow'; account: string; since: Date; submitted: Submitted }
  | { command: 'revoke'; id: string };

/** A broken rule, in both languages; the command line prints the English, the API answers 400. */
export const accountRuleError = (message: Bilingual, status = 400): TradelogError =>
  localizedError('ACCOUNT_RULE', status, message);

const enterpriseCode = /^(\*|[\w.-]{1,50})$/;
const uuid = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/**
 * Values given one by one or comma-separated, trimmed, empty ones dropped, each checked (`broken`:
 * the rule an item breaks, thrown for the first that breaks one), each once.
 */
function distinctListed(
  values: readonly string[],
  broken: (item: string) => Bilingual | undefined,
): string[] {
  const items = values
    .flatMap((value) => value.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of items) {
    const rule = broken(item);
    if (rule) throw accountRuleError(rule);
  }
  return [...new Set(items)];
}

/** Enterprise codes, split on commas, each checked, each once. */
export function enterpriseCodesOf(values: readonly string[]): string[] {
  return distinctListed(values, (code) =>
    enterpriseCode.test(code)
      ? undefined
      : {
          cn: `"${code}" 不是企业代码（不超过 50 个字母、数字、. _ -，或 *）`,
          en: `"${code}" is not an enterprise code (≤50 letters, digits, . _ -, or *)`,
        },
  );
}

/** Feed families, split on commas, each one of the catalogue's. */
export function feedFamiliesOf(values: readonly string[]): string[] {
  return distinctListed(values, (family) =>
    feedFamilies.includes(family)
      ? undefined
      : {
          cn: `"${family}" 不是数据源类别（${feedFamilies.join('、')}）`,
          en: `"${family}" is not a feed family (${feedFamilies.join(', ')})`,
        },
  );
}

/** The rules a command must keep before anything is read or written; undefined when it keeps them. Pure. */
export function accountRuleOf(command: AccountCommand): Bilingual | undefined {
  if (command.command === 'revoke') {
    return uuid.test(command.id)
      ? undefined
      : {
          cn: `"${command.id}" 不是密钥编号（UUID）`,
          en: `"${command.id}" is not a key id (a UUID, as printed by list)`,
        };
  }
  if (command.command === 'narrow') return undefined;
  if (command.command === 'grant' || command.command === 'withdraw') {
    if (command.enterprises.length + command.feeds.length === 0)
      return {
        cn: `${command.command} 需要账户与至少一个企业代码或数据源类别`,
        en: `${command.command} takes an account and at least one enterprise code or --feed family`,
      };
    return command.command === 'grant' ? anyEnterpriseRuleOf(command) : undefined;
  }
  if (command.command !== 'create') return undefined;
  const { kind, enterprises, feeds } = command;
  if (command.account !== undefined) {
    return command.name !== '' || command.ownerId !== undefined || enterprises.length > 0 || feeds.length > 0
      ? {
          cn: '为已有账户添加密钥时不能再给名称、代码、企业或数据源（请用授权）',
          en: '--account adds a key to an existing account: give no name, --id, enterprises or feeds (use grant)',
        }
      : undefined;
  }
  if (command.name.trim() === '')
    return { cn: `创建 ${kind} 账户需要名称`, en: `create ${kind} needs the account's name` };
  if (kind === 'lender' && enterprises.length === 0)
    return {
      cn: '资金方密钥至少需要一个可查询的企业代码',
      en: 'a lender key needs at least one --enterprise CODE (the enterprises it may read)',
    };
  if (kind === 'lender' && enterprises.includes('*'))
    return { cn: '资金方不能查询任意企业（*）', en: 'a lender cannot read any enterprise (*)' };
  if (kind !== 'lender' && kind !== 'partner' && enterprises.length > 0)
    return {
      cn: '只有资金方与合作方账户有企业授权',
      en: '--enterprise applies to lender and partner keys only',
    };
  if (kind !== 'partner' && feeds.length > 0)
    return { cn: '只有合作方账户（数据提供方）提交数据源', en: '--feed applies to partner keys only' };
  return anyEnterpriseRuleOf(command);
}

/**
 * `'*'` lets a partner submit for every enterprise there is, present and future: the exposure
 * grants exist to close. It is granted only when the operator says so twice (README "Partner
 * grants"); the account is then listed and counted as a standing wildcard (narrowing.ts).
 */
function anyEnterpriseRuleOf(command: {
  enterprises: readonly string[];
  confirmAnyEnterprise?: boolean;
}): Bilingual | undefined {
  if (!command.enterprises.includes('*') || command.confirmAnyEnterprise) return undefined;
  return {
    cn: '“*”允许该合作方为任意企业（包括今后的企业）提交单证；若确为此意，请加 --confirm（控制台：确认任意企业），此后可用 keys narrow 收窄',
    en: "'*' lets this partner submit for any enterprise, today's and tomorrow's; if that is meant, add --confirm (console: confirm any enterprise), and narrow it later with keys narrow",
  };
}

/** The grant rules that depend on the account's kind. Pure. */
export function grantRuleOf(
  kind: ApiKeyKind,
  change: { enterprises: string[]; feeds: string[] },
): Bilingual | undefined {
  if (kind !== 'partner' && kind !== 'lender')
    return { cn: `${kind} 账户没有企业授权`, en: `a ${kind} account has no enterprise grants` };
  if (kind === 'lender' && change.enterprises.includes('*'))
    return { cn: '资金方不能查询任意企业（*）', en: 'a lender cannot read any enterprise (*)' };
  if (kind !== 'partner' && change.feeds.length > 0)
    return {
      cn: '只有合作方账户（数据提供方）提交数据源',
      en: 'only a partner account (a data provider) submits feeds',
    };
  return undefined;
}

/** The one account an operator names by id or code; several kinds sharing a code must be told apart by id. */
export async function oneAccount(db: Queryable, idOrCode: string, kind?: ApiKeyKind): Promise<AccountRow> {
  const found = (await findAccounts(db, idOrCode)).filter((row) => kind === undefined || row.kind === kind);
  if (found.length === 0)
    throw accountRuleError(
      {
        cn: `没有${kind ?? ''}账户 "${idOrCode}"`,
        en: `no ${kind ?? ''} account "${idOrCode}" (see: npm run keys -- accounts)`,
      },
      404,
    );
  if (found.length > 1)
    throw accountRuleError(
      {
        cn: `"${idOrCode}" 对应多个账户，请给出账户编号`,
        en: `"${idOrCode}" names several accounts; give the account id`,
      },
      409,
    );
  return found[0]!;
}

export type AccountOutcome =
  | {
      command: 'create';
      account: AccountRow;
      key: ApiKeyRow /** Shown once, never stored. */;
      secret: string;
    }
  | { command: 'grant' | 'withdraw'; account: AccountRow }
  | {
      command: 'narrow';
      account: AccountRow;
      granted: { enterprises: string[]; feeds: string[] };
      withdrawn: { enterprises: string[]; feeds: string[] };
    }
  | { command: 'revoke'; key: ApiKeyRow };

/** The outcome of a command of the given kind. */
export type OutcomeOf<C extends AccountCommand> = Extract<AccountOutcome, { command: C['command'] }>;

/**
 * Runs a command in one transaction with its audit entry. `actor` says who asked (an operator's
 * account and key, or `cli:<user>`).
 */
export function runAccountCommand<C extends AccountCommand>(
  pool: pg.Pool,
  command: C,
  context: { actor: AuditActor; now: () => Date; newId?: () => string },
): Promise<OutcomeOf<C>> {
  return runCommand(pool, command, context) as Promise<OutcomeOf<C>>;
}

/** One command's transaction: its connection, its time and ids, and its audit entry. */
interface CommandScope {
  db: Queryable;
  at: Date;
  newId: () => string;
  audit: (
    action: Parameters<typeof insertAuditEntry>[1]['action'],
    subject: Record<string, unknown>,
  ) => Promise<unknown>;
}

type CommandOf<K extends AccountCommand['command']> = Extract<AccountCommand, { command: K }>;

async function runCommand(
  pool: pg.Pool,
  command: AccountCommand,
  context: { actor: AuditActor; now: () => Date; newId?: () => string },
): Promise<AccountOutcome> {
  const rule = accountRuleOf(command);
  if (rule) throw accountRuleError(rule);
  const newId = context.newId ?? randomUUID;
  return inTransaction(pool, async (db) => {
    const at = context.now();
    const scope: CommandScope = {
      db,
      at,
      newId,
      audit: (action, subject) => insertAuditEntry(db, { ...context.actor, at, action, subject }),
    };
    switch (command.command) {
      case 'create': {
        const account =
          command.account !== undefined
            ? await oneAccount(db, command.account, command.kind)
            : await createAccount(scope, command);
        return { command: 'create', account, ...(await createKey(scope, command.kind, account)) };
      }
      case 'grant':
      case 'withdraw':
        return changeAccountGrants(scope, command);
      case 'narrow':
        return narrowAccount(scope, command);
      case 'revoke':
        return revokeKey(scope, command);
    }
  });
}

/** A new account of the command's name and grants; its code is refused when taken (409). */
async function createAccount(
  { db, at, newId, audit }: CommandScope,
  command: CommandOf<'create'>,
): Promise<AccountRow> {
  const code = command.ownerId ?? ownerIdFromName(command.name);
  const account = await insertAccount(db, {
    id: newId(),
    kind: command.kind,
    code,
    name: command.name.trim(),
    enterprises: command.enterprises,
    feeds: command.feeds,
    createdAt: at,
  });
  if (account === null)
    throw accountRuleError(
      {
        cn: `${command.kind} 账户 "${code}" 已存在：可为它添加密钥，或为新账户另给代码`,
        en: `a ${command.kind} account "${code}" exists already: add a key to it with --account ${code}, or give the new account its own --id`,
      },
      409,
    );
  await audit('account.created', {
    accountId: account.id,
    kind: account.kind,
    code: account.code,
    enterprises: account.enterprises,
    feeds: account.feeds,
  });
  return account;
}

/** A new key of the account: its row, stored by hash, and its secret, returned once. */
async function createKey(
  { db, at, newId, audit }: CommandScope,
  kind: ApiKeyKind,
  account: AccountRow,
): Promise<{ key: ApiKeyRow; secret: string }> {
  const generated = generateApiKey();
  const key = await createApiKey(db, {
    id: newId(),
    kind,
    accountId: account.id,
    ownerId: account.code,
    ownerName: account.name,
    enterprises: [],
    keyPrefix: generated.prefix,
    keyHash: generated.hash,
    createdAt: at,
  });
  await audit('key.created', {
    keyId: key.id,
    accountId: account.id,
    kind: key.kind,
    prefix: key.keyPrefix,
  });
  return { key, secret: generated.key };
}

/** Enterprises and feeds granted to or withdrawn from an account; a grant keeps the kind's rules. */
async function changeAccountGrants(
  { db, audit }: CommandScope,
  command: CommandOf<'grant' | 'withdraw'>,
): Promise<AccountOutcome> {
  const account = await oneAccount(db, command.account);
  if (command.command === 'grant') {
    const grantRule = grantRuleOf(account.kind, command);
    if (grantRule) throw accountRuleError(grantRule);
  }
  const changed = await changeGrants(
    db,
    account.id,
    command.command === 'grant'
      ? { grant: command.enterprises, grantFeeds: command.feeds }
      : { withdraw: command.enterprises, withdrawFeeds: command.feeds },
  );
  await audit(command.command === 'grant' ? 'grants.added' : 'grants.withdrawn', {
    accountId: account.id,
    code: account.code,
    enterprises: command.enterprises,
    feeds: command.feeds,
  });
  return { command: command.command, account: changed! };
}

/** A partner's standing wildcard narrowed to what it submitted (narrowing.ts). */
async function narrowAccount(
  { db, audit }: CommandScope,
  command: CommandOf<'narrow'>,
): Promise<AccountOutcome> {
  const account = await oneAccount(db, command.account, 'partner');
  const narrowing = narrowingOf(account, command.submitted);
  const changed = await changeGrants(db, account.id, {
    grant: narrowing.grant.enterprises,
    withdraw: narrowing.withdraw.enterprises,
    grantFeeds: narrowing.grant.feeds,
    withdrawFeeds: narrowing.withdraw.feeds,
  });
  await audit('grants.narrowed', {
    accountId: account.id,
    code: account.code,
    since: command.since.toISOString(),
    documents: command.submitted.documents,
    granted: narrowing.grant,
    withdrawn: narrowing.withdraw,
  });
  return {
    command: 'narrow',
    account: changed!,
    granted: narrowing.grant,
    withdrawn: narrowing.withdraw,
  };
}

/** A key revoked by its id; an unknown id is refused (404). */
async function revokeKey(
  { db, at, audit }: CommandScope,
  command: CommandOf<'revoke'>,
): Promise<AccountOutcome> {
  const key = await revokeApiKey(db, command.id, at);
  if (key === null)
    throw accountRuleError(
      { cn: `没有编号为 ${command.id} 的密钥`, en: `no API key with id ${command.id}` },
      404,
    );
  await audit('key.revoked', { keyId: key.id, accountId: key.accountId });
  return { command: 'revoke', key };
}
