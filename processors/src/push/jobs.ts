import type { SettledAttempt } from '@tradelog/projections/push/attempts';
import type { ScheduledAttempt } from '@tradelog/projections/push/claims';
import type pg from 'pg';
import type { Job, PgBoss, WorkOptions } from 'pg-boss';
import type { PushSettings } from './settings.ts';

/** A delivery's attempt that is due later (push README "Scheduled attempts"), and when. */
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

/**
 * The jobs of the retries a batch's record moved (`moved`: the ids `recordAttempts` returned): the
 * next attempt of each, due when its row says. A delivery someone else moved meanwhile gets none.
 */
export function retryJobs(
  records: readonly SettledAttempt[],
  moved: ReadonlySet<string>,
): AttemptToSchedule[] {
  return records
    .filter((record) => record.state === 'scheduled' && moved.has(record.deliveryId))
    .map((record) => ({
      deliveryId: record.deliveryId,
      attempt: record.attempt + 1,
      startAfter: record.nextAttemptAt!,
    }));
}

/** The attempts a batch of jobs asks for, each once (a job queued twice for one attempt counts once). */
export function distinctScheduledAttempts(
  jobs: readonly Pick<Job<ScheduledAttempt>, 'data'>[],
): ScheduledAttempt[] {
  return [...new Map(jobs.map((job) => [`${job.data.deliveryId}/${job.data.attempt}`, job.data])).values()];
}

/**
 * How the delivery worker fetches the jobs of scheduled attempts: a claim's batch of jobs at a
 * time, as many batches in flight as it has claim pollers.
 */
export function scheduledWorkOptions(
  settings: Pick<PushSettings, 'workerBatch' | 'workerConcurrency'>,
): WorkOptions {
  return {
    batchSize: settings.workerBatch,
    localConcurrency: settings.workerConcurrency,
    pollingIntervalSeconds: 0.5,
    // A full batch means more are waiting: fetch again at once instead of after the poll.
    burstWhenBatchFull: true,
  };
}
