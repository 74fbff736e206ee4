import type { Queryable } from '../db.ts';

/**
 * Push history is kept for a while, not for ever (push README "Retention"): a finished delivery
 * (delivered, dead, superseded, cancelled) last changed before `before` is deleted with its
 * attempts (ON DELETE CASCADE), a bounded number per statement. Every change matched to a
 * subscription is a delivery row and an attempt or more: kept for ever, the tables grew with
 * every push ever made. Deliveries still to be made (held, requested, pending, scheduled) are
 * never touched, whatever their age; nor are subscriptions or their sequences.
 */
export async function deleteFinishedDeliveries(db: Queryable, before: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM push_deliveries WHERE id = ANY (ARRAY(
       SELECT id FROM push_deliveries
        WHERE state IN ('delivered', 'dead', 'superseded', 'cancelled') AND updated_at < $1
        LIMIT $2))`,
    [before, limit],
  );
  return rowCount ?? 0;
}
