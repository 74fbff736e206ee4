import type { ListedAttempt, ListedDelivery } from '@tradelog/schemas/queries/subscriptions';
import type { Queryable } from '../db.ts';
import type { DeliveryState } from './deliveries.ts';

/** A subscription's deliveries and their attempts as its subscriber reads them (query-api README "Subscriber tools"). */
export type DeliverySummary = ListedDelivery<Date>;

const summaryColumns = `id, event_id, event_kind, subject, sequence, state, attempts, next_attempt_at, last_error_code,
  created_at, updated_at`;

export async function listDeliveries(
  db: Queryable,
  subscriptionId: string,
  filter: { state?: DeliveryState; limit: number },
): Promise<DeliverySummary[]> {
  const { rows } = await db.query(
    `SELECT ${summaryColumns}
     FROM push_deliveries WHERE subscription_id = $1 AND ($2::text IS NULL OR state = $2)
     ORDER BY created_at DESC, id LIMIT $3`,
    [subscriptionId, filter.state ?? null, filter.limit],
  );
  return rows.map(toDeliverySummary);
}

/** One delivery of the subscription; null when it has none by that id. */
export async function findDelivery(
  db: Queryable,
  subscriptionId: string,
  deliveryId: string,
): Promise<DeliverySummary | null> {
  const { rows } = await db.query(
    `SELECT ${summaryColumns} FROM push_deliveries WHERE subscription_id = $1 AND id = $2`,
    [subscriptionId, deliveryId],
  );
  return rows[0] ? toDeliverySummary(rows[0]) : null;
}

// biome-ignore lint/suspicious/noExplicitAny: a pg row of `summaryColumns`
function toDeliverySummary(row: any): DeliverySummary {
  return {
    id: row.id,
    eventId: row.event_id,
    eventKind: row.event_kind,
    subject: row.subject,
    sequence: Number(row.sequence),
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastErrorCode: row.last_error_code,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type AttemptRow = ListedAttempt<Date>;

export async function listAttempts(
  db: Queryable,
  subscriptionId: string,
  deliveryId: string,
): Promise<AttemptRow[]> {
  const { rows } = await db.query(
    `SELECT a.id, a.delivery_id, a.attempt, a.retry_count, a.started_at, a.latency_ms, a.http_status, a.outcome,
       a.error_code, a.reply_excerpt, a.callback_url
     FROM push_attempts a JOIN push_deliveries d ON d.id = a.delivery_id
     WHERE d.subscription_id = $1 AND a.delivery_id = $2 ORDER BY a.id`,
    [subscriptionId, deliveryId],
  );
  return rows.map((row) => ({
    id: String(row.id),
    deliveryId: row.delivery_id,
    attempt: row.attempt,
    retryCount: row.retry_count,
    startedAt: row.started_at,
    latencyMs: row.latency_ms,
    httpStatus: row.http_status,
    outcome: row.outcome,
    errorCode: row.error_code,
    replyExcerpt: row.reply_excerpt,
    callbackUrl: row.callback_url,
  }));
}
