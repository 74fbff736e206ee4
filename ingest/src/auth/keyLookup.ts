import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Ingest's own, single read of the API-key table (ARCHITECTURE: ingest never uses
 * projections' table code; it may read partner credentials). Keys are stored as the sha256 of
 * the key (projections/src/access/apiKey.ts hashes them identically). The key's account holds
 * the partner's grants (migration 1764100000000_accounts.sql).
 */
export type KeyLookup =
  | {
      status: 'active';
      kind: 'partner' | 'lender' | 'subscriber' | 'operator';
      ownerId: string;
      ownerName: string;
      /** The account's grants: for a partner, the enterprises it may submit for ('*': any). */
      enterprises: readonly string[];
      /** The feed families a partner (a data provider) may submit (README "Partner grants"). */
      feeds: readonly string[];
    }
  | { status: 'revoked' }
  | { status: 'unknown' };

export function hashPresentedKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * The hash of the key last presented on each connection: a keep-alive caller sends the same key
 * on every request, so the call limit and the key lookup share one sha256 per connection rather
 * than taking two per request. Held only as long as the connection.
 */
const hashesByConnection = new WeakMap<object, { key: string; hash: string }>();

export function hashPresentedKeyOn(connection: object, key: string): string {
  const known = hashesByConnection.get(connection);
  if (known?.key === key) return known.hash;
  const hash = hashPresentedKey(key);
  hashesByConnection.set(connection, { key, hash });
  return hash;
}

export async function findKeyOwnerByHash(db: Pick<pg.Pool, 'query'>, keyHash: string): Promise<KeyLookup> {
  const result = await db.query<{
    kind: 'partner' | 'lender' | 'subscriber' | 'operator';
    code: string;
    name: string;
    enterprises: string[];
    feeds: string[];
    revoked: boolean;
  }>(
    `SELECT k.kind, a.code, a.name, a.enterprises, a.feeds, k.revoked_at IS NOT NULL AS revoked
     FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = $1`,
    [keyHash],
  );
  const row = result.rows[0];
  if (!row) return { status: 'unknown' };
  if (row.revoked) return { status: 'revoked' };
  return {
    status: 'active',
    kind: row.kind,
    ownerId: row.code,
    ownerName: row.name,
    enterprises: row.enterprises,
    feeds: row.feeds,
  };
}
