import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Ingest's own, single read of the API-key table (ARCHITECTURE: ingest never uses
 * projections' table code; it may read partner credentials). Keys are stored as the sha256 of
 * the key (projections/src/access/apiKey.ts hashes them identically).
 */
export type KeyLookup =
  | { status: 'active'; kind: 'partner' | 'lender' | 'operator'; ownerId: string; ownerName: string }
  | { status: 'revoked' }
  | { status: 'unknown' };

export function hashPresentedKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export async function findKeyOwnerByHash(db: Pick<pg.Pool, 'query'>, keyHash: string): Promise<KeyLookup> {
  const result = await db.query<{
    kind: 'partner' | 'lender' | 'operator';
    owner_id: string;
    owner_name: string;
    revoked: boolean;
  }>(
    'SELECT kind, owner_id, owner_name, revoked_at IS NOT NULL AS revoked FROM api_keys WHERE key_hash = $1',
    [keyHash],
  );
  const row = result.rows[0];
  if (!row) return { status: 'unknown' };
  if (row.revoked) return { status: 'revoked' };
  return { status: 'active', kind: row.kind, ownerId: row.owner_id, ownerName: row.owner_name };
}
