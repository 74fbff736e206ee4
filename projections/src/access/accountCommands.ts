import { randomUUID } from 'node:crypto';
import type { ApiKeyKind } from '@tradelog/schemas/access/apiKey';
import type { ApiKeyRow } from '@tradelog/schemas/kit/access/keyStore';
import type pg from 'pg';
import { inTransaction } from '../db.ts';
import { type AuditActor, insertAuditEntry } from '../operatorAudit.ts';
import { type AccountCommand, accountRuleError, accountRuleOf, grantRuleOf } from './accountRules.ts';
import { generateApiKey, ownerIdFromName } from './apiKey.ts';
import { narrowingOf } from './narrowing.ts';
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
 * (accountRules.ts, pure), the same statements, the same audit entry in the same transaction.
 * A name always makes a new account; an account is never found by a name (query-api README
 * "Accounts").
 */

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
