import { hashApiKey, type KeyStanding, standingOf } from '@tradelog/schemas/access/apiKey';
import { type CredentialReader, findApiKeyByHash } from '@tradelog/schemas/kit/access/keyStore';

/**
 * Ingest's read of a presented key: the services' one statement (schemas/src/kit/access/keyStore.ts;
 * ARCHITECTURE: ingest never uses projections' table code, it may read partner credentials),
 * kept as only what intake needs so the cache stays small. The key's account holds the partner's
 * grants (migration 1764100000000_accounts.sql).
 */
export type KeyLookup = KeyStanding<{
  ownerId: string;
  ownerName: string;
  /** The account's grants: for a partner, the enterprises it may submit for ('*': any). */
  enterprises: readonly string[];
  /** The feed families a partner (a data provider) may submit (README "Partner grants"). */
  feeds: readonly string[];
}>;

/**
 * The hash of the key last presented on each connection: a keep-alive caller sends the same key
 * on every request, so the call limit and the key lookup share one sha256 per connection rather
 * than taking two per request. Held only as long as the connection.
 */
const hashesByConnection = new WeakMap<object, { key: string; hash: string }>();

export function hashPresentedKeyOn(connection: object, key: string): string {
  const known = hashesByConnection.get(connection);
  if (known?.key === key) return known.hash;
  const hash = hashApiKey(key);
  hashesByConnection.set(connection, { key, hash });
  return hash;
}

export async function findKeyOwnerByHash(db: CredentialReader, keyHash: string): Promise<KeyLookup> {
  const standing = standingOf(await findApiKeyByHash(db, keyHash));
  if (standing.status !== 'active') return standing;
  const { kind, ownerId, ownerName, enterprises, feeds } = standing;
  return { status: 'active', kind, ownerId, ownerName, enterprises, feeds };
}
