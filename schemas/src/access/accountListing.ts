import type { ApiKeyKind } from './apiKey.ts';

/**
 * An account's own fields: the row of the accounts table (projections/src/access/store.ts, with
 * `Time` a `Date`) and the head of its listing below.
 */
export interface Account<Time = string> {
  id: string;
  kind: ApiKeyKind;
  /** The operator's handle for the account, unique per kind. */
  code: string;
  name: string;
  enterprises: string[];
  /** Feed families the account may submit (catalogue feedFamily); providers' grants. */
  feeds: string[];
  createdAt: Time;
}

/**
 * An account as the operator's accounts answer lists it (query-api `GET /ops/accounts` and the
 * commands' answers, query-api/src/operations/accounts.ts; query-api/README.md "Accounts in the
 * console"), with its keys, never their secrets. `Time` is `Date` where query-api builds the
 * answer and `string` (ISO 8601) where the console reads its JSON.
 */
export interface ListedAccount<Time = string> extends Account<Time> {
  /** README "Upgrading: narrowing standing wildcards": what makes the account wide, or null. */
  standingWildcard: { anyEnterprise: boolean; everyFeed: boolean } | null;
  keys: ListedKey<Time>[];
}

export interface ListedKey<Time = string> {
  id: string;
  kind: ApiKeyKind;
  keyPrefix: string;
  createdAt: Time;
  revokedAt: Time | null;
}
