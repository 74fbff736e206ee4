import type { ScheduledAttempt } from '@tradelog/projections/push/claims';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';

/** A delivery's attempt that is due later (README "Scheduled attempts"), and when. */
export interface AttemptToSchedule extends ScheduledAttempt {
  startAfter: Date;
}

/**
 * Queues the jobs of scheduled attempts on the caller's transaction (pg-boss `db` option): the
 * jobs exist if and only if the rows that made the deliveries `scheduled` were committed.
 */
export async function scheduleAttempts(
  boss: PgBoss,
  queue: string,
  db: pg.ClientBase,
  attempts: readonly AttemptToSchedule[],
): Promise<void> {
  if (attempts.length === 0) return;
  await boss.insert(
    queue,
    attempts.map((job) => ({
      data: { deliveryId: job.deliveryId, attempt: job.attempt } satisfies ScheduledAttempt,
      startAfter: job.startAfter,
    })),
    { db: { executeSql: (text: string, values?: unknown[]) => db.query(text, values) } },
  );
}
