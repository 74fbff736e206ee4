import type pg from 'pg';
import type { PgBoss } from 'pg-boss';

/** A delivery job: attempt `attempt` of one delivery; grouped by subscription for its concurrency limit. */
export interface DeliveryJob {
  deliveryId: string;
  attempt: number;
}

export interface JobToQueue extends DeliveryJob {
  subscriptionId: string;
  startAfter?: Date;
}

/**
 * Enqueues delivery jobs on the caller's transaction (pg-boss `db` option): the jobs exist if and
 * only if the rows that call for them were committed.
 */
export async function enqueueDeliveries(
  boss: PgBoss,
  queue: string,
  db: pg.ClientBase,
  jobs: readonly JobToQueue[],
): Promise<void> {
  if (jobs.length === 0) return;
  await boss.insert(
    queue,
    jobs.map((job) => ({
      data: { deliveryId: job.deliveryId, attempt: job.attempt } satisfies DeliveryJob,
      group: { id: job.subscriptionId },
      ...(job.startAfter ? { startAfter: job.startAfter } : {}),
    })),
    { db: { executeSql: (text: string, values?: unknown[]) => db.query(text, values) } },
  );
}
