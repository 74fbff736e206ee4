import { advisoryLockKey, type Queryable } from '../db.ts';

/** The tracking_usage table's statements (query spec §9 billing; migration 1764200000001). */
export const billingWindowDays = 40;

export interface UsageOwner {
  kind: string;
  id: string;
}

/**
 * Records a use of a tracked item by a caller: a new billed order unless the caller's last
 * billed order of the same item is less than 40 days old. Serialised per (caller, item) by a
 * transaction-level advisory lock, so two concurrent first uses bill once. Returns whether an
 * order was billed. Run inside a transaction.
 */
export async function recordTrackingUse(
  db: Queryable,
  owner: UsageOwner,
  use: { family: string; itemKey: string; at: Date },
): Promise<boolean> {
  await db.query(`SELECT pg_advisory_xact_lock(${advisoryLockKey('$1')})`, [
    `tracking-usage/${owner.kind}/${owner.id}/${use.itemKey}`,
  ]);
  const { rowCount } = await db.query(
    `INSERT INTO tracking_usage (owner_kind, owner_id, family, item_key, billed_at)
     SELECT $1, $2, $3, $4, $5
     WHERE NOT EXISTS (SELECT 1 FROM tracking_usage WHERE owner_kind = $1 AND owner_id = $2 AND item_key = $4
                       AND billed_at > $5::timestamptz - make_interval(days => $6))`,
    [owner.kind, owner.id, use.family, use.itemKey, use.at, billingWindowDays],
  );
  return (rowCount ?? 0) > 0;
}

/** Billed orders of a caller in [from, to), per family. */
export async function countBilledOrders(
  db: Queryable,
  owner: UsageOwner,
  range: { from: Date; to: Date },
): Promise<{ family: string; orders: number }[]> {
  const { rows } = await db.query(
    `SELECT family, count(*)::int AS orders FROM tracking_usage
     WHERE owner_kind = $1 AND owner_id = $2 AND billed_at >= $3 AND billed_at < $4
     GROUP BY family ORDER BY family`,
    [owner.kind, owner.id, range.from, range.to],
  );
  return rows.map((row) => ({ family: row.family, orders: row.orders }));
}
