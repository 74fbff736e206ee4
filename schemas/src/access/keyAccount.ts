import type { ApiKeyKind } from './apiKey.ts';

/**
 * What a key is and may read (query-api `GET /open/account`, query-api/README.md "The key's
 * account"): query-api answers it for the key asking (query-api/src/lenders/keyAccount.ts); the
 * console opens on the key's own tab and offers a lender the enterprises it was granted.
 */
// A type, not an interface: query-api's answer senders take any record of members.
export type KeyAccount = {
  kind: ApiKeyKind;
  /** The account's code. */
  account: string;
  /** Sorted codes; `*` for every enterprise. */
  enterprises: string[];
};
