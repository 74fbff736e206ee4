import { env } from '@tradelog/schemas';
import { ident, type Queryable } from '../db.ts';

/**
 * The provider window (query spec §4 ocean statusCategory: START "fetching", NODATA): an ocean
 * bill or container no provider has reported is answered START from its first ask (a query or a
 * subscription) until the window has passed, NODATA afterwards, and live data as soon as a
 * provider reports it. An ocean subscription of such a key is pushed the NODATA answer once the
 * window has passed (processors/src/push/noDataSweep.ts). The spec gives no length: ours is 24
 * hours, the refresh cycle of a first-time carrier (§9 "one first-time carrier refreshes every
 * 24 hours"), set by TRACKING_PROVIDER_WINDOW_MINUTES (query-api README "Tracking queries").
 * Table tracking_first_asks (migration 1765810000000).
 */
export const providerWindowVariable = 'TRACKING_PROVIDER_WINDOW_MINUTES';
export const defaultProviderWindowMs = 24 * 60 * 60_000;

/** TRACKING_PROVIDER_WINDOW_MINUTES (1 minute to 7 days), in milliseconds; read by each service's config module. */
export const parseProviderWindowMs = (source: env.Env): number =>
  env.integer(source, providerWindowVariable, defaultProviderWindowMs / 60_000, {
    min: 1,
    max: 7 * 24 * 60,
  }) * 60_000;

/** What an ocean key nobody reported is answered: fetching within the window from its first ask, no data after it. */
export const unknownOceanStatus = (firstAskedAt: Date, now: Date, windowMs: number): 'START' | 'NODATA' =>
  now.getTime() - firstAskedAt.getTime() >= windowMs ? 'NODATA' : 'START';

/** Records the first ask of a key (a later ask changes nothing) and returns when it was. */
export async function recordFirstAsk(db: Queryable, key: string, at: Date): Promise<Date> {
  const { rows } = await db.query<{ first_asked_at: Date }>(
    `WITH added AS (
       INSERT INTO tracking_first_asks (item_key, first_asked_at) VALUES ($1, $2)
       ON CONFLICT (item_key) DO NOTHING RETURNING first_asked_at)
     SELECT first_asked_at FROM added
     UNION ALL SELECT first_asked_at FROM tracking_first_asks WHERE item_key = $1
     LIMIT 1`,
    [key, at],
  );
  return rows[0]!.first_asked_at;
}

export interface SubscriptionPastWindow {
  id: string;
  criteria: Record<string, unknown>;
  state: 'active' | 'paused';
  matchKey: string;
}

/**
 * Live ocean subscriptions (of unrevoked keys) whose key was first asked about — or which were
 * made — at `askedBefore` or earlier, that no provider has reported (no item of the live tracking
 * version, `itemsSchema`, answers the key; none at all while there is no version) and that were
 * never pushed anything on their key: the ones owed the NODATA push. Oldest first.
 */
export async function findSubscriptionsPastWindow(
  db: Queryable,
  options: { askedBefore: Date; itemsSchema: string | null; limit: number },
): Promise<SubscriptionPastWindow[]> {
  // Two anti-joins, each by its own index (the primary key, the aliases' GIN index), not one OR.
  const unreported = options.itemsSchema
    ? `AND NOT EXISTS (SELECT 1 FROM ${ident(options.itemsSchema)}.items i WHERE i.subject = s.match_key)
       AND NOT EXISTS (SELECT 1 FROM ${ident(options.itemsSchema)}.items i WHERE i.aliases @> ARRAY[s.match_key])`
    : '';
  const { rows } = await db.query(
    `SELECT s.id, s.criteria, s.state, s.match_key
     FROM push_subscriptions s
     JOIN api_keys k ON k.id = s.key_id AND k.revoked_at IS NULL
     LEFT JOIN tracking_first_asks f ON f.item_key = s.match_key
     WHERE s.family = 'ocean' AND s.state IN ('active', 'paused')
       AND LEAST(f.first_asked_at, s.created_at) <= $1
       AND NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.subscription_id = s.id AND d.subject = s.match_key)
       ${unreported}
     ORDER BY s.created_at, s.id LIMIT $2`,
    [options.askedBefore, options.limit],
  );
  return rows.map((row) => ({
    id: row.id,
    criteria: row.criteria,
    state: row.state,
    matchKey: row.match_key,
  }));
}
