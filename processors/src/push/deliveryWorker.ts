import { inTransaction } from '@tradelog/projections';
import { redactCallbackUrl } from '@tradelog/projections/push/callbackTarget';
import {
  claimRequestedDeliveries,
  findDeliveryForAttempt,
  insertAttempt,
  recordFinalAttempt,
  settleAttempt,
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
 * The delivery worker (issue 5) on pg-boss: one job = one attempt of one delivery. It loads the
 * delivery, decides (./deliveryPlan.ts), POSTs the signed payload, classifies the reply
 * (./reply.ts), and in one transaction records the attempt, moves the delivery on and — when the
 * schedule allows another try — enqueues the next attempt's job with its start time. Per-
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

  async function deliver(job: DeliveryJob): Promise<void> {
    const delivery = await findDeliveryForAttempt(pool, job.deliveryId);
    if (!delivery) return;
    const plan = planAttempt(delivery, job.attempt);
    const scoped = log.scope({ deliveryId: delivery.id, subscriptionId: delivery.subscriptionId });
    if (plan.action === 'skip') return;
    if (plan.action === 'settle') {
      await settleWithoutAttempt(pool, delivery.id, plan.state, now());
      metrics.outcomes.inc({ family: delivery.family, outcome: plan.state });
      scoped.info('delivery settled without an attempt', { state: plan.state, reason: plan.reason });
      return;
    }
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
    const latencyMs = outcome.kind === 'refused' ? 0 : outcome.latencyMs;
    const settledAt = now();
    const attemptRecord = {
      deliveryId: delivery.id,
      attempt: plan.attempt,
      retryCount: plan.retryCount,
      startedAt,
      latencyMs,
      httpStatus: outcome.kind === 'reply' ? outcome.status : null,
      outcome: verdict.delivered ? ('delivered' as const) : ('failed' as const),
      errorCode: verdict.errorCode,
      replyExcerpt: verdict.replyExcerpt,
      callbackUrl: redactCallbackUrl(delivery.callbackUrl),
    };
    const recorded =
      next.state === 'pending'
        ? await inTransaction(pool, async (db) => {
            const nextAttemptAt = new Date(settledAt.getTime() + next.retryInMs);
            const moved = await settleAttempt(db, {
              id: delivery.id,
              attempt: plan.attempt,
              state: 'pending',
              nextAttemptAt,
              errorCode: verdict.errorCode,
              now: settledAt,
            });
            if (!moved) return false;
            await insertAttempt(db, attemptRecord);
            await enqueueDeliveries(boss, settings.queue, db, [
              {
                deliveryId: delivery.id,
                subscriptionId: delivery.subscriptionId,
                attempt: plan.attempt + 1,
                startAfter: nextAttemptAt,
              },
            ]);
            return true;
          })
        : await recordFinalAttempt(pool, {
            ...attemptRecord,
            state: next.state,
            subscriptionId: delivery.subscriptionId,
            subject: delivery.subject,
            sequence: delivery.sequence,
            now: settledAt,
          });
    if (!recorded) return;
    const outcomeLabel = next.state === 'pending' ? 'retry' : next.state;
    metrics.outcomes.inc({ family: delivery.family, outcome: outcomeLabel });
    metrics.attemptSeconds.observe(
      { family: delivery.family, result: verdict.delivered ? 'delivered' : 'failed' },
      latencyMs / 1000,
    );
    const context = {
      attempt: plan.attempt,
      callbackUrl: redactCallbackUrl(delivery.callbackUrl),
      errorCode: verdict.errorCode,
      durationMs: latencyMs,
      ...(next.state === 'pending' ? { retryInMs: next.retryInMs } : {}),
      ...(next.state === 'dead' ? { reason: next.reason } : {}),
    };
    if (next.state === 'delivered') scoped.debug('push delivered', context);
    else if (next.state === 'dead') scoped.warn('push dead-lettered', context);
    else scoped.info('push failed; retry scheduled', context);
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
          batchSize: settings.workerBatch,
          localConcurrency: settings.workerConcurrency,
          groupConcurrency: settings.subscriptionConcurrency,
          pollingIntervalSeconds: 0.5,
          // A full batch means more are waiting: fetch again at once instead of after the poll.
          burstWhenBatchFull: true,
        },
        async (jobs: Job<DeliveryJob>[]) => {
          await Promise.all(jobs.map((job) => deliver(job.data)));
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
