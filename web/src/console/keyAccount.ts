import type { ApiKeyKind } from '@tradelog/schemas/access/apiKey';
import type { KeyAccount } from '@tradelog/schemas/access/keyAccount';
import type { PageId } from '../app/routes.ts';

/**
 * The console's side of the key's account (`KeyAccount`, query-api `GET /open/account`): it opens
 * on the key's own tab and offers a lender the enterprises it was granted. Pure.
 */

/** The console's tabs, one per kind of key, in the order shown. */
export const consoleTabs: readonly { page: PageId; role: ApiKeyKind }[] = [
  { page: 'consolePartner', role: 'partner' },
  { page: 'consoleLender', role: 'lender' },
  { page: 'consoleSubscriber', role: 'subscriber' },
  { page: 'consoleOperator', role: 'operator' },
];

/** The tab `/console` opens on: the key's own kind's (undefined while the kind is not known). */
export function landingPageOf(account: KeyAccount | undefined): PageId | undefined {
  return account && consoleTabs.find((tab) => tab.role === account.kind)?.page;
}

/**
 * The enterprises a form offers as a list: a key's own grants. Undefined when any code may be
 * typed (an operator reads every enterprise, `*` grants all) or the account is not known yet.
 */
export function enterpriseChoices(account: KeyAccount | undefined): string[] | undefined {
  if (!account || account.kind === 'operator' || account.enterprises.includes('*')) return undefined;
  return account.enterprises;
}

/** The request fields of the lender queries that name the enterprise asked about. */
export const enterpriseFieldNames: ReadonlySet<string> = new Set([
  'enterpriseId',
  'customerCode',
  'enterpriseCode',
]);

/** The answer of `GET /open/account`, checked; undefined when it is not one. */
export function keyAccountOf(body: Record<string, unknown>): KeyAccount | undefined {
  const { kind, account, enterprises } = body;
  if (typeof kind !== 'string' || !consoleTabs.some((tab) => tab.role === kind)) return undefined;
  if (!Array.isArray(enterprises) || !enterprises.every((code) => typeof code === 'string')) return undefined;
  return { kind: kind as ApiKeyKind, account: typeof account === 'string' ? account : '', enterprises };
}
