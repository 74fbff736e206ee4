import type { ApiKeyKind } from '../../access/apiKey.ts';

/**
 * The one read of a presented key (house style §11), shared by ingest and query-api. It lives
 * here, not in projections, because ingest may read partner credentials but never uses
 * projections' table code (ARCHITECTURE); projections owns the tables (migration
 * 1764100000000_accounts.sql) and builds its other key statements on the same columns and row.
 */

/**
 * The channel Postgres notifies on commit of any change to keys or accounts (migration
 * 1764300000000_read-cache-notifications.sql): every cache of keys drops them on it.
 */
export const apiKeysChannel = 'tradelog_api_keys';

/** A pg.Pool, structurally (schemas does not depend on pg). */
export interface CredentialReader {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface ApiKeyRow {
  id: string;
  kind: ApiKeyKind;
  accountId: string;
  /** The account's code (its handle); kept under this name for the key listings. */
  ownerId: string;
  ownerName: string;
  /** The account's grants: the enterprises it reads or submits for ('*': any). */
  enterprises: string[];
  /** The feed families a partner (a data provider) may submit (README "Partner grants"). */
  feeds: string[];
  keyPrefix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface KeyDbRow {
  id: string;
  kind: ApiKeyKind;
  account_id: string;
  code: string;
  name: string;
  enterprises: string[];
  feeds: string[];
  key_prefix: string;
  created_at: Date;
  revoked_at: Date | null;
}

/** Columns of `keyFrom` (or of a CTE `k` joined with accounts `a`) that `toKeyRow` reads. */
export const keyColumns =
  'k.id, k.kind, k.account_id, a.code, a.name, a.enterprises, a.feeds, k.key_prefix, k.created_at, k.revoked_at';
export const keyFrom = 'api_keys k JOIN accounts a ON a.id = k.account_id';

export const toKeyRow = (row: KeyDbRow): ApiKeyRow => ({
  id: row.id,
  kind: row.kind,
  accountId: row.account_id,
  ownerId: row.code,
  ownerName: row.name,
  enterprises: row.enterprises,
  feeds: row.feeds,
  keyPrefix: row.key_prefix,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

/** The key presented by a caller, by its hash; revoked keys are returned too so callers can say so. */
export async function findApiKeyByHash(db: CredentialReader, keyHash: string): Promise<ApiKeyRow | null> {
  const { rows } = await db.query(`SELECT ${keyColumns} FROM ${keyFrom} WHERE k.key_hash = $1`, [keyHash]);
  return rows[0] ? toKeyRow(rows[0] as KeyDbRow) : null;
}
