import type { Account } from '@tradelog/schemas/access/accountListing';
import type { ApiKeyKind } from '@tradelog/schemas/access/apiKey';
import {
  type ApiKeyRow,
  type KeyDbRow,
  keyColumns,
  keyFrom,
  toKeyRow,
} from '@tradelog/schemas/kit/access/keyStore';
import type pg from 'pg';

/**
 * The accounts and API-key tables' statements, one function each (house style §11). A key
 * belongs to an account; the account owns what the key makes and holds the grants (the
 * enterprises a lender reads, a partner submits for). Migration 1764100000000_accounts.sql.
 * The read of a presented key, and the key row these statements return, are in
 * schemas/src/kit/access/keyStore.ts: ingest reads keys too and may not use this module (ARCHITECTURE).
 */
export type Queryable = Pick<pg.Pool, 'query'>;

/** The contract declares the account's fields (schemas/src/access/accountListing.ts). */
export type AccountRow = Account<Date>;

/** The accounts table's row as pg gives it: the account's fields, `created_at` by its column name. */
type AccountDbRow = Omit<AccountRow, 'createdAt'> & { created_at: Date };

const accountColumns = 'id, kind, code, name, enterprises, feeds, created_at';

const toAccount = (row: AccountDbRow): AccountRow => ({
  id: row.id,
  kind: row.kind,
  code: row.code,
  name: row.name,
  enterprises: row.enterprises,
  feeds: row.feeds,
  createdAt: row.created_at,
});

export interface NewAccount {
  id: string;
  kind: ApiKeyKind;
  code: string;
  name: string;
  enterprises: readonly string[];
  feeds?: readonly string[];
  createdAt: Date;
}

/** A new account; null when the kind already has an account with this code (never merged). */
export async function insertAccount(db: Queryable, account: NewAccount): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountDbRow>(
    `INSERT INTO accounts (id, kind, code, name, enterprises, feeds, created_at) VALUES ($1, $2, $3, $4, $5, $7, $6)
     ON CONFLICT (kind, code) DO NOTHING RETURNING ${accountColumns}`,
    [
      account.id,
      account.kind,
      account.code,
      account.name,
      [...new Set(account.enterprises)],
      account.createdAt,
      [...new Set(account.feeds ?? [])],
    ],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

/** An account by its id or by its code (any kind; codes are unique per kind, so several may answer). */
export async function findAccounts(db: Queryable, idOrCode: string): Promise<AccountRow[]> {
  const { rows } = await db.query<AccountDbRow>(
    `SELECT ${accountColumns} FROM accounts
     WHERE id::text = $1 OR code = $1 ORDER BY kind, created_at`,
    [idOrCode],
  );
  return rows.map(toAccount);
}

export async function listAccounts(db: Queryable): Promise<AccountRow[]> {
  const { rows } = await db.query<AccountDbRow>(
    `SELECT ${accountColumns} FROM accounts ORDER BY created_at, id`,
  );
  return rows.map(toAccount);
}

/**
 * Adds (grant) or removes (withdraw) enterprises and feed families of an account's grants; null
 * when there is no such account.
 */
export async function changeGrants(
  db: Queryable,
  accountId: string,
  change: {
    grant?: readonly string[];
    withdraw?: readonly string[];
    grantFeeds?: readonly string[];
    withdrawFeeds?: readonly string[];
  },
): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountDbRow>(
    `UPDATE accounts SET
       enterprises = ARRAY(
         SELECT DISTINCT e FROM unnest(enterprises || $2::text[]) e WHERE NOT (e = ANY($3::text[])) ORDER BY e),
       feeds = ARRAY(
         SELECT DISTINCT f FROM unnest(feeds || $4::text[]) f WHERE NOT (f = ANY($5::text[])) ORDER BY f)
     WHERE id = $1 RETURNING ${accountColumns}`,
    [
      accountId,
      change.grant ?? [],
      change.withdraw ?? [],
      change.grantFeeds ?? [],
      change.withdrawFeeds ?? [],
    ],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

export interface NewApiKey {
  id: string;
  kind: ApiKeyKind;
  /**
   * The account the key joins. Without it, the account with code `ownerId` of this kind, made
   * when missing, with `enterprises` added to its grants (tests and development keys name their
   * accounts by code; the operator command always says which account it means).
   */
  accountId?: string;
  ownerId: string;
  ownerName: string;
  enterprises: readonly string[];
  /** Feed families added to the account's grants, like `enterprises`. */
  feeds?: readonly string[];
  keyPrefix: string;
  keyHash: string;
  createdAt: Date;
}

export async function createApiKey(db: Queryable, key: NewApiKey): Promise<ApiKeyRow> {
  const result = await db.query<KeyDbRow>(
    `WITH account AS (
       INSERT INTO accounts (id, kind, code, name, enterprises, feeds, created_at)
       SELECT gen_random_uuid(), $2, $3, $4, $5, $10, $8 WHERE $9::uuid IS NULL
       ON CONFLICT (kind, code) DO UPDATE SET
         enterprises = ARRAY(SELECT DISTINCT e FROM unnest(accounts.enterprises || EXCLUDED.enterprises) e ORDER BY e),
         feeds = ARRAY(SELECT DISTINCT f FROM unnest(accounts.feeds || EXCLUDED.feeds) f ORDER BY f)
       RETURNING id, code, name, enterprises, feeds
     ), a AS (
       SELECT * FROM account
       UNION ALL SELECT id, code, name, enterprises, feeds FROM accounts WHERE id = $9::uuid AND kind = $2
     ), k AS (
       INSERT INTO api_keys (id, kind, owner_id, owner_name, enterprises, key_prefix, key_hash, created_at, account_id)
       SELECT $1, $2, a.code, a.name, $5, $6, $7, $8, a.id FROM a
       RETURNING *
     )
     SELECT ${keyColumns} FROM k JOIN a ON a.id = k.account_id`,
    [
      key.id,
      key.kind,
      key.ownerId,
      key.ownerName,
      [...new Set(key.enterprises)],
      key.keyPrefix,
      key.keyHash,
      key.createdAt,
      key.accountId ?? null,
      [...new Set(key.feeds ?? [])],
    ],
  );
  if (!result.rows[0])
    throw new Error(`no ${key.kind} account ${key.accountId ?? key.ownerId} for the new key`);
  return toKeyRow(result.rows[0]);
}

export async function listApiKeys(db: Queryable): Promise<ApiKeyRow[]> {
  const result = await db.query<KeyDbRow>(`SELECT ${keyColumns} FROM ${keyFrom} ORDER BY k.created_at, k.id`);
  return result.rows.map(toKeyRow);
}

/** Revoking twice keeps the first revocation time; returns null when no key has this id. */
export async function revokeApiKey(db: Queryable, id: string, now: Date): Promise<ApiKeyRow | null> {
  const result = await db.query<KeyDbRow>(
    `WITH k AS (UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING *)
     SELECT ${keyColumns} FROM k JOIN accounts a ON a.id = k.account_id`,
    [id, now],
  );
  return result.rows[0] ? toKeyRow(result.rows[0]) : null;
}

/** Partner accounts granted any enterprise (`'*'`) or every feed family there is: standing wildcards (narrowing.ts). */
export async function countStandingWildcards(db: Queryable, allFeeds: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM accounts
     WHERE kind = 'partner' AND ('*' = ANY(enterprises) OR (cardinality($1::text[]) > 0 AND feeds @> $1::text[]))`,
    [allFeeds],
  );
  return rows[0]!.n;
}
