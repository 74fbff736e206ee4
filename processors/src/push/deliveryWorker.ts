import { inTransaction } from '@tradelog/projections';
import { redactCallbackUrl } from '@tradelog/projections/push/callbackTarget';
import {
  claimRequestedDeliveries,
  type DeliveryForAttempt,
  findDeliveriesForAttempt,
  recordAttempts,
  type SettledAttempt,
  settleWithoutAttempt,
} from '@tradelog/projections/push/deliveries';
import type { Logger } from '@tradelog/schemas';
import type pg from 'pg';
import type { Job, PgBoss } from 'pg-boss';
import { postCallback } from './callbackPost.ts';
import { afterAttempt, planAttempt } from './deliveryPlan.ts';
import { type DeliveryJob, enqueueDeliveries } from './jobs.ts';
import type { PushMetrics } from './metrics.ts';
import { classifyAttempt } from './reply.ts';
import type { PushSettings } from './settings.ts';
import { signPush } from './signature.ts';
import { createSubscriptionLimiter } from './subscriptionLimiter.ts';

/**
 * The delivery worker (issue 5) on pg-boss: one job = one attempt of one delivery, taken in
 * batches. For a batch it loads the deliveries (one statement), decides each (./deliveryPlan.ts),
 * POSTs the signed payloads side by side, classifies the replies (./reply.ts), and with one
 * statement records every attempt and moves every delivery on — in one transaction with the
 * next attempts' jobs (their start times) when the schedule allows another try. Per-
 * subscription concurrency is pg-boss group concurrency (the group is the subscription).
 *
 * Headers of every push: webhook-id (the change event id: the receiver's idempotency key),
 * webhook-timestamp, webhook-signature (./signature.ts), retry-count (attempts made before this
 * one: 0, 1, 2 …), tradelog-sequence and tradelog-subject (the sequence rule, ./deliveryPlan.ts).
 *
 * Only infrastructure errors (database) throw: pg-boss then retries the job, which re-runs the
 * same attempt number. A crash mid-POST therefore repeats the POST: at-least-once, with the same
 * webhook-id for the receiver to drop.
 */
export interface DeliveryWorkerOptions {
  pool: pg.Pool;
  boss: PgBoss;
  settings: PushSettings;
  metrics: PushMetrics;
  logger: Logger;
  now?: () => Date;
}

export interface DeliveryWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Picks up resumed and redelivered deliveries (also runs on a timer). */
  claimRequested(): Promise<number>;
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { pool, boss, settings, metrics } = options;
  const now = options.now ?? (() => new Date());
  const log = options.logger.scope({ component: 'push-delivery' });
  let timer: NodeJS.Timeout | undefined;
  let claiming: Promise<number> | undefined;
  const limiter = createSubscriptionLimiter(settings.subscriptionConcurrency);

  /** One attempt's outcome, waiting to be recorded with the rest of its batch. */
  interface Attempted {
    delivery: DeliveryForAttempt;
    record: SettledAttempt;
    verdict: ReturnType<typeof classifyAttempt>;
    next: ReturnType<typeof afterAttempt>;
  }

  async function attempt(delivery: DeliveryForAttempt, plan: { attempt: number; retryCount: number }) {
    const body = JSON.stringify(delivery.payload);
    const startedAt = now();
    const headers = {
      'content-type': 'application/json',
      ...signPush(delivery.secret, delivery.eventId, startedAt.getTime() / 1000, body),
      'retry-count': String(plan.retryCount),
      'tradelog-sequence': String(delivery.sequence),
      'tradelog-subject': encodeURIComponent(delivery.subject),
    };
    const outcome = await limiter.run(delivery.subscriptionId, () =>
      postCallback({
        url: delivery.callbackUrl,
        body,
        headers,
        timeoutMs: settings.attemptTimeoutMs,
        allow: settings.allowlist,
      }),
    );
    const verdict = classifyAttempt(outcome, settings.attemptTimeoutMs);
    const next = afterAttempt(delivery.family, verdict, delivery, settings.retryScale);
    const settledAt = now();
    const record: SettledAttempt = {
      deliveryId: delivery.id,
      attempt: plan.attempt,
      retryCount: plan.retryCount,
      startedAt,
      latencyMs: outcome.kind === 'refused' ? 0 : outcome.latencyMs,
      httpStatus: outcome.kind === 'reply' ? outcome.status : null,
      outcome: verdict.delivered ? 'delivered' : 'failed',
      errorCode: verdict.errorCode,
      replyExcerpt: verdict.replyExcerpt,
      callbackUrl: redactCallbackUrl(delivery.callbackUrl),
      state: next.state,
      nextAttemptAt: next.state === 'pending' ? new Date(settledAt.getTime() + next.retryInMs) : null,
      subscriptionId: delivery.subscriptionId,
      subject: delivery.subject,
      sequence: delivery.sequence,
      now: settledAt,
    };
    return { delivery, record, verdict, next } satisfies Attempted;
  }

  /**
   * A batch of jobs (README "Batches"): the deliveries loaded with one statement, the POSTs made
   * side by side (keep-alive per receiver, ./callbackPost.ts), and every attempt row and delivery
   * state written with one statement — in one transaction with the retry jobs when any failed.
   */
  async function deliverBatch(jobs: readonly DeliveryJob[]): Promise<void> {
    // A job pg-boss handed out twice in one batch is one attempt.
    const unique = [...new Map(jobs.map((job) => [`${job.deliveryId}/${job.attempt}`, job])).values()];
    const deliveries = await findDeliveriesForAttempt(
      pool,
      unique.map((job) => job.deliveryId),
    );
    const attempts: Promise<Attempted>[] = [];
    const settled: Promise<void>[] = [];
    const seen = new Set<string>();
    for (const job of unique) {
      const delivery = deliveries.get(job.deliveryId);
      if (!delivery || seen.has(delivery.id)) continue;
      seen.add(delivery.id);
      const plan = planAttempt(delivery, job.attempt);
      if (plan.action === 'skip') continue;
      if (plan.action === 'settle') {
        settled.push(
          settleWithoutAttempt(pool, delivery.id, plan.state, now()).then(() => {
            metrics.outcomes.inc({ family: delivery.family, outcome: plan.state });
            log
              .scope({ deliveryId: delivery.id, subscriptionId: delivery.subscriptionId })
              .info('delivery settled without an attempt', { state: plan.state, reason: plan.reason });
          }),
        );
        continue;
      }
      attempts.push(attempt(delivery, plan));
    }
    const [made] = await Promise.all([Promise.all(attempts), Promise.all(settled)]);
    if (made.length === 0) return;
    const records = made.map((a) => a.record);
    const retries = made.filter((a) => a.next.state === 'pending');
    const moved =
      retries.length === 0
        ? await recordAttempts(pool, records)
        : await inTransaction(pool, async (db) => {
            const ids = await recordAttempts(db, records);
            await enqueueDeliveries(
              boss,
              settings.queue,
              db,
              retries
                .filter((a) => ids.has(a.delivery.id))
                .map((a) => ({
                  deliveryId: a.delivery.id,
                  subscriptionId: a.delivery.subscriptionId,
                  attempt: a.record.attempt + 1,
                  startAfter: a.record.nextAttemptAt!,
                })),
            );
            return ids;
          });
    for (const { delivery, record, verdict, next } of made) {
      if (!moved.has(delivery.id)) continue;
      const outcomeLabel = next.state === 'pending' ? 'retry' : next.state;
      metrics.outcomes.inc({ family: delivery.family, outcome: outcomeLabel });
      metrics.attemptSeconds.observe(
        { family: delivery.family, result: verdict.delivered ? 'delivered' : 'failed' },
        record.latencyMs / 1000,
      );
      const context = {
        attempt: record.attempt,
        callbackUrl: record.callbackUrl,
        errorCode: verdict.errorCode,
        durationMs: record.latencyMs,
        ...(next.state === 'pending' ? { retryInMs: next.retryInMs } : {}),
        ...(next.state === 'dead' ? { reason: next.reason } : {}),
      };
      const scoped = log.scope({ deliveryId: delivery.id, subscriptionId: delivery.subscriptionId });
      if (next.state === 'delivered') scoped.debug('push delivered', context);
      else if (next.state === 'dead') scoped.warn('push dead-lettered', context);
      else scoped.info('push failed; retry scheduled', context);
    }
  }

  async function claimRequested(): Promise<number> {
    claiming ??= inTransaction(pool, async (db) => {
      const claimed = await claimRequestedDeliveries(db, 500, now());
      await enqueueDeliveries(
        boss,
        settings.queue,
        db,
        claimed.map((row) => ({
          deliveryId: row.id,
          subscriptionId: row.subscriptionId,
          attempt: row.attempt,
        })),
      );
      return claimed.length;
    })
      .catch((error) => {
        log.warn('requested deliveries not claimed yet', { error: error as Error });
        return 0;
      })
      .finally(() => {
        claiming = undefined;
      });
    return claiming;
  }

  return {
    async start() {
      await boss.work<DeliveryJob>(
        settings.queue,
        {
          // No larger than a subscription's share: a batch can then be full with one busy
          // subscription's jobs, and a full batch fetches again at once instead of after the poll.
          batchSize: Math.min(settings.workerBatch, settings.subscriptionConcurrency),
          localConcurrency: settings.workerConcurrency,
          groupConcurrency: settings.subscriptionConcurrency,
          pollingIntervalSeconds: 0.5,
          // A full batch means more are waiting: fetch again at once instead of after the poll.
          burstWhenBatchFull: true,
        },
        async (jobs: Job<DeliveryJob>[]) => {
          await deliverBatch(jobs.map((job) => job.data));
        },
      );
      timer = setInterval(() => void claimRequested(), settings.requestPollMs);
      log.info('delivery worker started', {
        queue: settings.queue,
        subscriptionConcurrency: settings.subscriptionConcurrency,
        allowlist: settings.allowlist.entries,
      });
    },
    async stop() {
      if (timer) clearInterval(timer);
      await boss.offWork(settings.queue, { wait: true });
      await claiming;
    },
    claimRequested,
  };
}
