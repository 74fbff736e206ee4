import { runAccountCommand } from '@tradelog/projections/access/accountCommands';
import type { AccountCommand } from '@tradelog/projections/access/accountRules';
import { standingWildcardOf } from '@tradelog/projections/access/narrowing';
import { type AccountRow, listAccounts, listApiKeys } from '@tradelog/projections/access/store';
import { localizedError } from '@tradelog/schemas';
import type { ListedAccount } from '@tradelog/schemas/access/accountListing';
import { type ApiKeyKind, isApiKeyKind } from '@tradelog/schemas/access/apiKey';
import type { ApiKeyRow } from '@tradelog/schemas/kit/access/keyStore';
import { type Response, Router } from 'express';
import type pg from 'pg';
import { callerOf } from '../reads/auth.ts';
import { readCacheOf } from '../reads/readCache.ts';
import { handle, sendSuccess } from '../reads/respond.ts';

/**
 * Accounts and keys in the operator console (query-api/README.md "Accounts in the console"):
 * the command line's commands over HTTP, run by the one implementation both share
 * (projections/src/access/accountCommands.ts: the same rules, the same audit). Operator keys
 * only (the `/ops` guard in lenders/routes.ts). A new key's secret is answered once.
 */
const strings = (value: unknown, name: string): string[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string') || value.length > 500)
    throw localizedError('VALIDATION_FAILED', 400, {
      cn: `${name} 须为字符串数组`,
      en: `${name} must be an array of strings`,
    });
  return value as string[];
};
const text = (value: unknown, name: string, max: number): string | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > max)
    throw localizedError('VALIDATION_FAILED', 400, {
      cn: `${name} 须为不超过 ${max} 个字符的文本`,
      en: `${name} must be text of at most ${max} characters`,
    });
  return value;
};
const kindOf = (value: unknown): ApiKeyKind => {
  if (typeof value !== 'string' || !isApiKeyKind(value))
    throw localizedError('VALIDATION_FAILED', 400, {
      cn: 'kind 须为 partner、lender、subscriber 或 operator',
      en: 'kind must be partner, lender, subscriber or operator',
    });
  return value;
};

const accountOut = (account: AccountRow, keys: readonly ApiKeyRow[]): ListedAccount<Date> => ({
  ...account,
  // README "Upgrading: narrowing standing wildcards": the console flags a wide account.
  standingWildcard: standingWildcardOf(account) ?? null,
  keys: keys
    .filter((key) => key.accountId === account.id)
    .map(({ id, kind, keyPrefix, createdAt, revokedAt }) => ({ id, kind, keyPrefix, createdAt, revokedAt })),
});

type Body = Record<string, unknown>;
type CreateCommand = Extract<AccountCommand, { command: 'create' }>;
type GrantCommand = Extract<AccountCommand, { command: 'grant' | 'withdraw' }>;

/**
 * `POST /ops/accounts`: a new account with its first key. Fields are checked in the order the
 * command line checks them (kind, name, code, enterprises, feeds), so the first fault is named.
 */
export const createAccountCommandOf = (body: Body): CreateCommand => ({
  command: 'create',
  kind: kindOf(body.kind),
  name: text(body.name, 'name', 200) ?? '',
  ownerId: text(body.code, 'code', 64),
  account: undefined,
  enterprises: strings(body.enterprises, 'enterprises'),
  feeds: strings(body.feeds, 'feeds'),
  confirmAnyEnterprise: body.confirmAnyEnterprise === true,
});

/** `POST /ops/accounts/:account/keys`: another key of the kind asked for, nothing else changed. */
export const addKeyCommandOf = (account: string, body: Body | undefined): CreateCommand => ({
  command: 'create',
  kind: kindOf(body?.kind),
  name: '',
  ownerId: undefined,
  account,
  enterprises: [],
  feeds: [],
});

/** `POST /ops/accounts/:account/grant|withdraw`: the enterprises and feeds to add or take away. */
export const grantCommandOf = (command: 'grant' | 'withdraw', account: string, body: Body): GrantCommand => ({
  command,
  account,
  enterprises: strings(body.enterprises, 'enterprises'),
  feeds: strings(body.feeds, 'feeds'),
  confirmAnyEnterprise: body.confirmAnyEnterprise === true,
});

export function createAccountsRouter(deps: { pool: pg.Pool; now?: () => Date }): Router {
  const { pool } = deps;
  const now = deps.now ?? (() => new Date());
  const router = Router();
  // Once a command has committed, this instance forgets its cached keys before answering, so a
  // revoke or a withdrawn grant holds here from the answer on; other instances drop theirs on
  // the commit's notification (README "Read caches").
  const run = async <C extends AccountCommand>(res: Response, command: C) => {
    const outcome = await runAccountCommand(pool, command, {
      actor: { accountId: callerOf(res).accountId, keyId: callerOf(res).keyId, actor: callerOf(res).ownerId },
      now,
    });
    readCacheOf(pool).forgetKeys();
    return outcome;
  };

  router.get(
    '/ops/accounts',
    handle(async (_req, res) => {
      const [accounts, keys] = await Promise.all([listAccounts(pool), listApiKeys(pool)]);
      sendSuccess(res, { dataList: accounts.map((account) => accountOut(account, keys)) });
    }),
  );

  // A new account with its first key (`npm run keys -- create <kind> <name> …`).
  router.post(
    '/ops/accounts',
    handle(async (req, res) => {
      const outcome = await run(res, createAccountCommandOf((req.body ?? {}) as Body));
      sendSuccess(res, { account: accountOut(outcome.account, [outcome.key]), apiKey: outcome.secret }, 201);
    }),
  );

  // Another key for an account (`create <kind> --account <account>`).
  router.post(
    '/ops/accounts/:account/keys',
    handle(async (req, res) => {
      const outcome = await run(
        res,
        addKeyCommandOf(String(req.params.account), req.body as Body | undefined),
      );
      sendSuccess(res, { account: accountOut(outcome.account, [outcome.key]), apiKey: outcome.secret }, 201);
    }),
  );

  for (const command of ['grant', 'withdraw'] as const) {
    router.post(
      `/ops/accounts/:account/${command}`,
      handle(async (req, res) => {
        const outcome = await run(
          res,
          grantCommandOf(command, String(req.params.account), (req.body ?? {}) as Body),
        );
        sendSuccess(res, { account: outcome.account });
      }),
    );
  }

  router.post(
    '/ops/keys/:id/revoke',
    handle(async (req, res) => {
      const outcome = await run(res, { command: 'revoke', id: String(req.params.id).toLowerCase() });
      const { id, kind, accountId, keyPrefix, revokedAt } = outcome.key;
      sendSuccess(res, { key: { id, kind, accountId, keyPrefix, revokedAt } });
    }),
  );
  return router;
}
