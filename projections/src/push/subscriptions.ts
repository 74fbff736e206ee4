import { randomBytes } from 'node:crypto';
import type { ApiKeyKind } from '@tradelog/schemas/access/apiKey';
import type { SubscriptionState } from '@tradelog/schemas/queries/subscriptions';
import { defaultCoverageThreshold } from '../collateral/thresholds.ts';
import type { Queryable } from '../db.ts';
import type { PushFamily } from './families.ts';

/** The push_subscriptions table's statements, one function each (house style §11). */

// A subscription's states are the subscriber contract's (its subscriptions answer them).
export type { SubscriptionState };

export interface Subscription {
  id: string;
  family: PushFamily;
  ownerKind: ApiKeyKind;
  ownerId: string;
  /** The owning account (migration 1764100000000_accounts.sql): who may see and manage it. */
  accountId: string | null;
  keyId: string;
  callbackUrl: string;
  criteria: Record<string, unknown>;
  matchKey: string;
  projections: string[];
  state: SubscriptionState;
  /** While a rotation's overlap runs: until when the replaced secret still signs (null: none). */
  previousSecretUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A subscription as the push side needs it: with its secret. Never returned by listings. */
export interface SubscriptionWithSecret extends Subscription {
  secret: string;
}

interface Row {
  id: string;
  family: PushFamily;
  owner_kind: ApiKeyKind;
  owner_id: string;
  account_id: string | null;
  key_id: string;
  callback_url: string;
  criteria: Record<string, unknown>;
  match_key: string;
  projections: string[];
  secret?: string;
  state: SubscriptionState;
  previous_secret_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

const columns = `id, family, owner_kind, owner_id, account_id, key_id, callback_url, criteria, match_key, projections,
  state, created_at, updated_at, CASE WHEN previous_secret_until > now() THEN previous_secret_until END AS previous_secret_until`;

const toSubscription = (row: Row): Subscription => ({
  id: row.id,
  family: row.family,
  ownerKind: row.owner_kind,
  ownerId: row.owner_id,
  accountId: row.account_id,
  keyId: row.key_id,
  callbackUrl: row.callback_url,
  criteria: row.criteria,
  matchKey: row.match_key,
  projections: row.projections,
  state: row.state,
  previousSecretUntil: row.previous_secret_until,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A Standard Webhooks secret: `whsec_` and 24 random bytes, base64. */
export const newSubscriptionSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/** A subscription as it is created: its secret, and no state or rotation yet. */
export interface NewSubscription
  extends Omit<Subscription, 'accountId' | 'projections' | 'state' | 'previousSecretUntil' | 'updatedAt'> {
  /** The owning account; when absent, the account of the key `keyId`. */
  accountId?: string;
  projections: readonly string[];
  secret: string;
}

export async function insertSubscription(
  db: Queryable,
  subscription: NewSubscription,
): Promise<Subscription> {
  const { rows } = await db.query<Row>(
    `INSERT INTO push_subscriptions (id, family, owner_kind, owner_id, key_id, callback_url, criteria, match_key,
       projections, secret, created_at, updated_at, account_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11,
       COALESCE($12::uuid, (SELECT account_id FROM api_keys WHERE id = $5)))
     RETURNING ${columns}`,
    [
      subscription.id,
      subscription.family,
      subscription.ownerKind,
      subscription.ownerId,
      subscription.keyId,
      subscription.callbackUrl,
      JSON.stringify(subscription.criteria),
      subscription.matchKey,
      subscription.projections,
      subscription.secret,
      subscription.createdAt,
      subscription.accountId ?? null,
    ],
  );
  return toSubscription(rows[0]!);
}

/** What makes two subscription requests the same one: one key asking for one family, callback and criteria. */
export type SubscriptionAsked = Pick<
  NewSubscription,
  'family' | 'keyId' | 'callbackUrl' | 'criteria' | 'matchKey'
>;

/**
 * Holds the subscribing of `asked` until the transaction ends, so that requests for the same
 * subscription at once (a retry racing its first try) are looked up one after the other.
 */
export async function lockSubscribing(db: Queryable, asked: SubscriptionAsked): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
    JSON.stringify(['push-subscribe', asked.keyId, asked.family, asked.matchKey, asked.callbackUrl]),
  ]);
}

/**
 * The live subscription `asked` already is, with its secret (shown again to the key that made
 * it): criteria compared as JSON values, so their order does not matter. Null when there is none.
 */
export async function findSameSubscription(
  db: Queryable,
  asked: SubscriptionAsked,
): Promise<SubscriptionWithSecret | null> {
  const { rows } = await db.query<Row & { secret: string }>(
    `SELECT ${columns}, secret FROM push_subscriptions
     WHERE key_id = $1 AND family = $2 AND match_key = $3 AND callback_url = $4 AND criteria = $5::jsonb
       AND state <> 'deleted'
     ORDER BY created_at, id LIMIT 1`,
    [asked.keyId, asked.family, asked.matchKey, asked.callbackUrl, JSON.stringify(asked.criteria)],
  );
  const row = rows[0];
  return row ? { ...toSubscription(row), secret: row.secret } : null;
}

/** An account's subscriptions (every account's when `accountId` is null: operators), newest first, deleted ones left out. */
export async function listSubscriptions(
  db: Queryable,
  accountId: string | null,
  limit: number,
): Promise<Subscription[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${columns} FROM push_subscriptions
     WHERE state <> 'deleted' AND ($1::uuid IS NULL OR account_id = $1)
     ORDER BY created_at DESC, id LIMIT $2`,
    [accountId, limit],
  );
  return rows.map(toSubscription);
}

export async function findSubscription(db: Queryable, id: string): Promise<Subscription | null> {
  const { rows } = await db.query<Row>(`SELECT ${columns} FROM push_subscriptions WHERE id = $1`, [id]);
  return rows[0] ? toSubscription(rows[0]) : null;
}

/**
 * Changes a live subscription: `set` names the columns, their values `$2` on (`values`); null
 * when there is no such live row, so a deleted subscription stays deleted.
 */
async function updateLiveSubscription(
  db: Queryable,
  id: string,
  set: string,
  values: readonly unknown[],
): Promise<Subscription | null> {
  const { rows } = await db.query<Row>(
    `UPDATE push_subscriptions SET ${set}
     WHERE id = $1 AND state <> 'deleted' RETURNING ${columns}`,
    [id, ...values],
  );
  return rows[0] ? toSubscription(rows[0]) : null;
}

/** Pauses, resumes or deletes; a deleted subscription stays deleted. Null when there is no such row. */
export async function setSubscriptionState(
  db: Queryable,
  id: string,
  state: SubscriptionState,
  now: Date,
): Promise<Subscription | null> {
  return updateLiveSubscription(db, id, 'state = $2, updated_at = $3', [state, now]);
}

/** A new callback URL (already through the callback-target guard); null when there is no such live row. */
export async function setSubscriptionCallback(
  db: Queryable,
  id: string,
  callbackUrl: string,
  now: Date,
): Promise<Subscription | null> {
  return updateLiveSubscription(db, id, 'callback_url = $2, updated_at = $3', [callbackUrl, now]);
}

/**
 * Rotation (migration 1765600000000_push-secret-rotation.sql): `secret` signs from now on and the
 * one it replaces keeps signing beside it until `overlapUntil` (a replaced secret whose own
 * overlap still ran is dropped: two secrets at most). `overlapUntil` at `now` ends it at once,
 * for a leaked secret. Null when there is no such live row.
 */
export async function rotateSubscriptionSecret(
  db: Queryable,
  id: string,
  secret: string,
  overlapUntil: Date,
  now: Date,
): Promise<Subscription | null> {
  return updateLiveSubscription(
    db,
    id,
    'previous_secret = secret, secret = $2, previous_secret_until = $3, updated_at = $4',
    [secret, overlapUntil, now],
  );
}

export interface MatchedSubscription {
  id: string;
  family: PushFamily;
  criteria: Record<string, unknown>;
  state: 'active' | 'paused';
  /** What an attempt needs, for deliveries handed straight to a delivery worker. */
  callbackUrl: string;
  /** The signing secrets, space-separated: the current one, and the replaced one during a rotation's overlap. */
  secret: string;
  /**
   * A `changes` subscription's account's coverage threshold for its enterprise (collateral/thresholds.ts):
   * a `coverage.low` event is pushed to the subscriptions whose threshold it crossed.
   */
  coverageThreshold?: number;
}

export interface SubscriptionLookup {
  families: readonly PushFamily[];
  keys: readonly string[];
  projection: string;
}

/**
 * Subscriptions a change event concerns. Tracking families match by key; `changes` subscriptions
 * by enterprise and projection, and only while the key's account still has the enterprise
 * granted (operators read all): a lender who lost access stops receiving. Every family matches
 * only while the key that made it is unrevoked (query-api README, "Revoking a key").
 */
export async function matchSubscriptions(
  db: Queryable,
  lookup: SubscriptionLookup,
): Promise<MatchedSubscription[]> {
  return (await matchSubscriptionsOf(db, [lookup]))[0]!;
}

/** `matchSubscriptions` for many lookups with one statement (a batch's events): one list per lookup, in order. */
export async function matchSubscriptionsOf(
  db: Queryable,
  lookups: readonly SubscriptionLookup[],
): Promise<MatchedSubscription[][]> {
  const found: MatchedSubscription[][] = lookups.map(() => []);
  if (lookups.length === 0) return found;
  const { rows } = await db.query(
    `SELECT l.i, s.id, s.family, s.criteria, s.state, s.callback_url,
       push_signing_secrets(s.secret, s.previous_secret, s.previous_secret_until) AS secret,
       t.threshold AS coverage_threshold
     FROM jsonb_to_recordset($1::jsonb) AS l(i integer, families text[], keys text[], projection text)
     JOIN push_subscriptions s ON s.state IN ('active', 'paused') AND s.family = ANY(l.families)
       AND s.match_key = ANY(l.keys)
     JOIN api_keys k ON k.id = s.key_id AND k.revoked_at IS NULL
     JOIN accounts a ON a.id = k.account_id
     LEFT JOIN lender_coverage_thresholds t ON s.family = 'changes' AND t.account_id = a.id
       AND t.enterprise = s.match_key
     WHERE s.family <> 'changes' OR (l.projection = ANY(s.projections)
           AND (k.kind = 'operator' OR s.match_key = ANY(a.enterprises)))
     ORDER BY l.i, s.created_at, s.id`,
    [JSON.stringify(lookups.map((lookup, i) => ({ i, ...lookup })))],
  );
  for (const row of rows) {
    found[row.i]!.push({
      id: row.id,
      family: row.family,
      criteria: row.criteria,
      state: row.state,
      callbackUrl: row.callback_url,
      secret: row.secret,
      ...(row.family === 'changes'
        ? {
            coverageThreshold:
              row.coverage_threshold === null ? defaultCoverageThreshold : Number(row.coverage_threshold),
          }
        : {}),
    });
  }
  return found;
}
