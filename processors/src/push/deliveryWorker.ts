import { type ChangeListener, changeChannels, listenForChanges } from '@tradelog/projections/notifications';
import { redactCallbackUrl } from '@tradelog/projections/push/callbackTarget';
import {
  claimDueDeliveries,
  type DeliveryForAttempt,
  makeRequestedDue,
  recordAttempts,
  type SettledAttempt,
  settleWithoutAttempt,
} from '@tradelog/projections/push/deliveries';
import type { Logger } from '@tradelog/schemas';
import type pg from 'pg';
import { postCallback } from './callbackPost.ts';
import { afterAttempt, planAttempt } from './deliveryPlan.ts';
import type { PushMetrics } from './metrics.ts';
import { classifyAttempt } from './reply.ts';
import type { PushSettings } from './settings.ts';
import { signPush } from './signature.ts';
import { createSubscriptionLimiter } from './subscriptionLimiter.ts';

/**
 * The delivery worker (README "Claims"): claims due deliveries straight from push_deliveries in
 * batches — first attempts, retries and express-cycle sends alike — and loads everything the
 * attempts need; decides each (./deliveryPlan.ts), POSTs the signed payloads
 * side by side, classifies the replies (./reply.ts), and with one statement records every attempt
 * and moves every delivery on: delivered, dead, or `pending` again with the retry's due time.
 * `workerConcurrency` pollers claim side by side; new deliveries wake them (a notification on
 * commit), retries are found by their poll.
 *
 * Headers of every push: webhook-id (the change event id: the receiver's idempotency key),
 * webhook-timestamp, webhook-signature (./signature.ts), retry-count (attempts made before this
 * one: 0, 1, 2 …), tradelog-sequence and tradelog-subject (the sequence rule, ./deliveryPlan.ts).
 *
 * A claim is a lease longer than any attempt: a worker that dies or fails to record a batch
 * leaves its deliveries to be claimed again when the lease runs out, and the same attempt is
 * made again — at-least-once, with the same webhook-id for the receiver to drop.
 */
export interface DeliveryWorkerOptions {
  pool: pg.Pool;
  /** For the dedicated connection that listens for new deliveries. */
  databaseUrl: string;
  settings: PushSettings;
  metrics: PushMetrics;
  logger: Logger;
  now?: () => Date;
}

export interface DeliveryWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Makes resumed and redelivered deliveries due (also runs on a timer). */
  claimRequested(): Promise<number>;
}

/** A claim outlives the longest attempt by this much (README "Claims"). */
const leaseMarginMs = 60_000;

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { pool, settings, metrics } = options;
  const now = options.now ?? (() => new Date());
  const log = options.logger.scope({ component: 'push-delivery' });
  let timer: NodeJS.Timeout | undefined;
  let claiming: Promise<number> | undefined;
  let listener: ChangeListener | undefined;
  let running = false;
  let pollers: Promise<void>[] = [];
  const limiter = createSubscriptionLimiter(settings.subscriptionConcurrency);

  // Pollers sleep until woken (a notification, a resumed delivery) or the poll comes round. A
  // signal while a poller is claiming counts too: its next sleep ends at once.
  const sleepers = new Set<() => void>();
  let signals = 0;
  const signal = () => {
    signals++;
    for (const wake of [...sleepers]) wake();
  };
  const sleep = (ms: number, seen: number) =>
    new Promise<void>((resolve) => {
      if (signals !== seen || !running) return resolve();
      const timeout = setTimeout(wake, ms);
      function wake() {
        clearTimeout(timeout);
        sleepers.delete(wake);
        resolve();
      }
      sleepers.add(wake);
    });

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
   * A claimed batch's POSTs, made side by side (keep-alive per receiver, ./callbackPost.ts);
   * deliveries that are not to be sent are settled instead.
   */
  async function attemptBatch(deliveries: readonly DeliveryForAttempt[]): Promise<Attempted[]> {
    const attempts: Promise<Attempted>[] = [];
    const settled: Promise<void>[] = [];
    for (const delivery of deliveries) {
      const plan = planAttempt(delivery, delivery.attempts + 1);
      if (plan.action === 'skip') continue;
      if (plan.action === 'settle') {
        settled.push(
          settleWithoutAttempt(pool, delivery.id, plan.state, now()).then(
            () => {
              metrics.outcomes.inc({ family: delivery.family, outcome: plan.state });
              log
                .scope({ deliveryId: delivery.id, subscriptionId: delivery.subscriptionId })
                .info('delivery settled without an attempt', { state: plan.state, reason: plan.reason });
            },
            // Its claim stays until the lease runs out; it is decided again then.
            (error) =>
              log.warn('delivery not settled yet', { error: error as Error, deliveryId: delivery.id }),
          ),
        );
        continue;
      }
      attempts.push(attempt(delivery, plan));
    }
    const [made] = await Promise.all([Promise.all(attempts), Promise.all(settled)]);
    return made;
  }

  /** Every attempt row and delivery state of a batch with one statement, which also ends the claims. */
  async function recordBatch(made: readonly Attempted[]): Promise<void> {
    if (made.length === 0) return;
    const moved = await recordAttempts(
      pool,
      made.map((a) => a.record),
    );
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

  /** A batch of due deliveries; empty when none, or when the claim failed (logged). */
  async function claim(): Promise<DeliveryForAttempt[]> {
    const at = now();
    try {
      return await claimDueDeliveries(pool, {
        limit: settings.workerBatch,
        perSubscription: settings.subscriptionConcurrency,
        now: at,
        leaseUntil: new Date(at.getTime() + settings.attemptTimeoutMs + leaseMarginMs),
      });
    } catch (error) {
      log.warn('due deliveries not claimed yet', { error: error as Error });
      return [];
    }
  }

  /**
   * One of `workerConcurrency` pollers: claim a batch, POST it, record it. After a full batch
   * the next claim is made while this one is recorded, so a poller waits on Postgres once per
   * batch rather than twice; otherwise it sleeps until woken or the poll comes round. A batch
   * claimed is delivered even when the worker is stopping (its claims would otherwise hold it
   * until their lease ran out).
   */
  async function poll(): Promise<void> {
    let seen = signals;
    let next: Promise<DeliveryForAttempt[]> | undefined = claim();
    while (next) {
      const batch = await next;
      next = undefined;
      if (batch.length > 0) {
        try {
          const made = await attemptBatch(batch);
          if (running && batch.length === settings.workerBatch) next = claim();
          await recordBatch(made);
        } catch (error) {
          // The claims stay until their lease runs out; the attempts are made again then.
          log.error('push batch not recorded', { error: error as Error, deliveries: batch.length });
        }
        // Its subscriptions have room again: a poller left waiting by their limit may claim.
        signal();
      }
      if (!next && running) {
        await sleep(settings.pollMs, seen);
        seen = signals;
        if (running) next = claim();
      }
    }
  }

  async function claimRequested(): Promise<number> {
    claiming ??= makeRequestedDue(pool, 500, now())
      .then((made) => {
        if (made > 0) signal();
        return made;
      })
      .catch((error) => {
        log.warn('requested deliveries not made due yet', { error: error as Error });
        return 0;
      })
      .finally(() => {
        claiming = undefined;
      });
    return claiming;
  }

  return {
    async start() {
      running = true;
      listener = await listenForChanges({
        connectionString: options.databaseUrl,
        channels: [changeChannels.pushDeliveries],
        onChange: signal,
        // Anything queued while not listening is found by the next claim.
        onReset: signal,
        logger: options.logger,
      });
      pollers = Array.from({ length: settings.workerConcurrency }, () => poll());
      timer = setInterval(() => void claimRequested(), settings.requestPollMs);
      log.info('delivery worker started', {
        subscriptionConcurrency: settings.subscriptionConcurrency,
        allowlist: settings.allowlist.entries,
      });
    },
    async stop() {
      running = false;
      if (timer) clearInterval(timer);
      signal();
      await Promise.all(pollers);
      await claiming;
      await listener?.close();
    },
    claimRequested,
  };
}
