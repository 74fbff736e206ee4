import type { ShownSubscriptionStats } from '@tradelog/schemas/queries/subscriptions';
import type { Queryable } from '../db.ts';

/** A subscription's push health over a window: the subscriber contract's stats answer (query-api README "Subscriber tools"). */
export type SubscriptionStats = ShownSubscriptionStats<Date>;

/** The deliveries one stats answer reads at most (query-api README "Subscriber tools"). */
export const statsMaxDeliveries = 10_000;

/** Success rate and latency of a subscription's attempts since `since`, from push_attempts. */
export async function subscriptionStats(
  db: Queryable,
  subscriptionId: string,
  since: Date,
  maxDeliveries = statsMaxDeliveries,
): Promise<SubscriptionStats> {
  // Bounded reads: the newest deliveries by the listing index, one more than the bound to tell
  // whether it cut; the window's attempts are theirs (each delivery has a bounded retry schedule).
  const { rows } = await db.query(
    `WITH newest AS MATERIALIZED (
       SELECT id, state, created_at FROM push_deliveries WHERE subscription_id = $1
       ORDER BY created_at DESC, id LIMIT $3 + 1),
     kept AS (SELECT * FROM newest ORDER BY created_at DESC, id LIMIT $3),
     a AS (
       SELECT a.outcome, a.latency_ms, a.error_code FROM push_attempts a
       JOIN kept d ON d.id = a.delivery_id
       WHERE a.started_at >= $2)
     SELECT
       (SELECT count(*)::int FROM newest) > $3 AS capped,
       (SELECT count(*)::int FROM a) AS attempts,
       (SELECT count(*)::int FROM a WHERE outcome = 'delivered') AS delivered,
       (SELECT round(avg(latency_ms))::int FROM a WHERE error_code IS DISTINCT FROM 'TARGET_REFUSED') AS mean,
       (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY latency_ms) FROM a
          WHERE error_code IS DISTINCT FROM 'TARGET_REFUSED') AS p50,
       (SELECT percentile_disc(0.95) WITHIN GROUP (ORDER BY latency_ms) FROM a
          WHERE error_code IS DISTINCT FROM 'TARGET_REFUSED') AS p95,
       (SELECT max(latency_ms) FROM a WHERE error_code IS DISTINCT FROM 'TARGET_REFUSED') AS max,
       (SELECT COALESCE(jsonb_object_agg(code, n), '{}') FROM (
          SELECT error_code AS code, count(*)::int AS n FROM a WHERE outcome = 'failed' GROUP BY 1) e) AS errors,
       (SELECT COALESCE(jsonb_object_agg(state, n), '{}') FROM (
          SELECT state, count(*)::int AS n FROM kept GROUP BY 1) s) AS deliveries`,
    [subscriptionId, since, maxDeliveries],
  );
  const row = rows[0];
  return {
    since,
    attempts: row.attempts,
    delivered: row.delivered,
    failed: row.attempts - row.delivered,
    successRate: row.attempts > 0 ? row.delivered / row.attempts : null,
    latencyMs: { mean: row.mean, p50: row.p50, p95: row.p95, max: row.max },
    errors: row.errors,
    deliveries: row.deliveries,
    capped: row.capped,
  };
}
