import type pg from 'pg';
import type { ApiKeyKind } from './apiKey.ts';

/** The API-key table's statements, one function each (house style §11). */
export type Queryable = Pick<pg.Pool, 'query'>;

export interface ApiKeyRow {
  id: string;
  kind: ApiKeyKind;
  ownerId: string;
  ownerName: string;
  enterprises: string[];
  keyPrefix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

interface DbRow {
  id: string;
  kind: ApiKeyKind;
  owner_id: string;
  owner_name: string;
  enterprises: string[];
  key_prefix: string;
  created_at: Date;
  revoked_at: Date | null;
}

const columns = 'id, kind, owner_id, owner_name, enterprises, key_prefix, created_at, revoked_at';

const toRow = (row: DbRow): ApiKeyRow => ({
  id: row.id,
  kind: row.kind,
  ownerId: row.owner_id,
  ownerName: row.owner_name,
  enterprises: row.enterprises,
  keyPrefix: row.key_prefix,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

export interface NewApiKey {
  id: string;
  kind: ApiKeyKind;
  ownerId: string;
  ownerName: string;
  enterprises: readonly string[];
  keyPrefix: string;
  keyHash: string;
  createdAt: Date;
}

export async function createApiKey(db: Queryable, key: NewApiKey): Promise<ApiKeyRow> {
  const result = await db.query<DbRow>(
    `INSERT INTO api_keys (id, kind, owner_id, owner_name, enterprises, key_prefix, key_hash, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING ${columns}`,
    [
      key.id,
      key.kind,
      key.ownerId,
      key.ownerName,
      key.enterprises,
      key.keyPrefix,
      key.keyHash,
      key.createdAt,
    ],
  );
  return toRow(result.rows[0]!);
}

export async function listApiKeys(db: Queryable): Promise<ApiKeyRow[]> {
  const result = await db.query<DbRow>(`SELECT ${columns} FROM api_keys ORDER BY created_at, id`);
  return result.rows.map(toRow);
}

/** Revoking twice keeps the first revocation time; returns null when no key has this id. */
export async function revokeApiKey(db: Queryable, id: string, now: Date): Promise<ApiKeyRow | null> {
  const result = await db.query<DbRow>(
    `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING ${columns}`,
    [id, now],
  );
  return result.rows[0] ? toRow(result.rows[0]) : null;
}

/** The key presented by a caller, by its hash; revoked keys are returned too so callers can say so. */
export async function findApiKeyByHash(db: Queryable, keyHash: string): Promise<ApiKeyRow | null> {
  const result = await db.query<DbRow>(`SELECT ${columns} FROM api_keys WHERE key_hash = $1`, [keyHash]);
  return result.rows[0] ? toRow(result.rows[0]) : null;
}
