import { inTransaction } from '@tradelog/projections';
import { type ChangeListener, changeChannels, listenForChanges } from '@tradelog/projections/notifications';
import {
  recordAttempts,
  type SettledAttempt,
  settleWithoutAttempt,
} from '@tradelog/projections/push/attempts';
import { redactCallbackUrl } from '@tradelog/projections/push/callbackTarget';
import {
  claimDueDeliveries,
  releaseGoneHolders,
  type ScheduledAttempt,
} from '@tradelog/projections/push/claims';
import type { DeliveryForAttempt } from '@tradelog/projections/push/deliveries';
import { afterAttempt, planAttempt } from '@tradelog/projections/push/deliveryPlan';
import { makeRequestedDue } from '@tradelog/projections/push/redelivery';
import { classifyAttempt } from '@tradelog/projections/push/reply';
import { signPush } from '@tradelog/projections/push/signature';
import type { Logger } from '@tradelog/schemas';
import { retryDelayMs } from '@tradelog/schemas/runtime/backoff';
import type pg from 'pg';
import type { Job, PgBoss } from 'pg-boss';
import { postCallback } from './callbackPost.ts';
import { type ClaimHolder, holdClaims } from './claimHolder.ts';
import { scheduleAttempts } from './jobs.ts';
import type { PushMetrics } from './metrics.ts';
import type { DeliveryHandOver } from './pushProcessor.ts';
import type { PushSettings } from './settings.ts';
import { createSubscriptionLimiter } from './subscriptionLimiter.ts';

/**
 * The delivery worker (README "Claims", "Scheduled attempts"): claims deliveries due now straight
 * from push_deliveries in batches — first attempts and redeliveries — and loads everything the
 * attempts need; decides each (./deliveryPlan.ts), POSTs the signed payloads side by side,
 * classifies the replies (./reply.ts), and with one statement records every attempt and moves
 * every delivery on: delivered, dead, or `scheduled` for its retry, whose pg-boss job is queued in
 * the same transaction. `workerConcurrency` pollers claim side by side; new deliveries wake them
 * (a notification on commit). What is scheduled comes back as pg-boss jobs, in batches, which
 * claim their deliveries through the same claim (lease, per-subscription limit) and are attempted
 * and recorded by the same code.
 *
 * Headers of every push: webhook-id (the change event id: the receiver's idempotency key),
 * webhook-timestamp, webhook-signature (./signature.ts), retry-count (attempts made before this
 * one: 0, 1, 2 …), tradelog-sequence and tradelog-subject (the sequence rule, ./deliveryPlan.ts).
 *
 * A claim is a lease longer than any attempt: a worker that fails to record a batch leaves its
 * deliveries to be claimed again when the lease runs out, and the same attempt is made again —
 * at-least-once, with the same webhook-id for the receiver to drop. A worker that dies is
 * noticed sooner: its claims name it (./claimHolder.ts), and every worker's sweep ends the claims
 * of holders that are gone, every `holderSweepMs`.
 */
export interface DeliveryWorkerOptions {
  pool: pg.Pool;
  /** The queue of scheduled attempts (`settings.queue`), started by the caller. */
  boss: PgBoss;
  /** For the dedicated connection that listens for new deliveries. */
  databaseUrl: string;
  settings: PushSettings;
  metrics: PushMetrics;
  logger: Logger;
  now?: () => Date;
}

export interface DeliveryWorker extends DeliveryHandOver {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Makes resumed and redelivered deliveries due (also runs on a timer). */
  claimRequested(): Promise<number>;
}

/** A claim outlives the longest attempt by this much (README "Claims"). */
const leaseMarginMs = 60_000;
/** How often a worker ends the claims of workers that are gone (README "Claims"). */
const holderSweepMs = 2_000;

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { pool, boss, settings, metrics } = options;
  const now = options.now ?? (() => new Date());
  const log = options.logger.scope({ component: 'push-delivery' });
  let timer: NodeJS.Timeout | undefined;
  let claiming: Promise<number> | undefined;
  let listener: ChangeListener | undefined;
  let holder: ClaimHolder | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let running = false;
  let pollers: Promise<void>[] = [];
  const limiter = createSubscriptionLimiter(settings.subscriptionConcurrency);
  /**
   * Deliveries the push processor inserted already leased to this worker (README "Hand-over"),
   * attempted before anything is claimed. Bounded, so what is handed over is attempted well
   * within its lease.
   */
  const handedOver: DeliveryForAttempt[] = [];
  const handOverRoom = settings.workerConcurrency * settings.workerBatch;
  /** Redacted callbacks by callback: parsing the URL for every attempt's row costs more than its POST's signature. */
  const redacted = new Map<string, string>();
  const shownCallback = (url: string) => {
    let shown = redacted.get(url);
    if (shown === undefined) {
      if (redacted.size >= 10_000) redacted.clear();
      shown = redactCallbackUrl(url);
      redacted.set(url, shown);
    }
    return shown;
  };

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
    const verdict = classifyAttempt(outcome, settings.attemptTimeoutMs, delivery.family);
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
      callbackUrl: shownCallback(delivery.callbackUrl),
      state: next.state,
      nextAttemptAt: next.state === 'scheduled' ? new Date(settledAt.getTime() + next.retryInMs) : null,
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

  /**
   * Every attempt row and delivery state of a batch with one statement, which also ends the
   * claims — in one transaction with the retries' jobs when any failed.
   */
  async function recordBatch(made: readonly Attempted[]): Promise<void> {
    if (made.length === 0) return;
    const records = made.map((a) => a.record);
    const retries = records.filter((record) => record.state === 'scheduled');
    const moved =
      retries.length === 0
        ? await recordAttempts(pool, records)
        : await inTransaction(pool, async (db) => {
            const ids = await recordAttempts(db, records);
            await scheduleAttempts(
              boss,
              settings.queue,
              db,
              retries
                .filter((record) => ids.has(record.deliveryId))
                .map((record) => ({
                  deliveryId: record.deliveryId,
                  attempt: record.attempt + 1,
                  startAfter: record.nextAttemptAt!,
                })),
            );
            return ids;
          });
    for (const { delivery, record, verdict, next } of made) {
      if (!moved.has(delivery.id)) continue;
      const outcomeLabel = next.state === 'scheduled' ? 'retry' : next.state;
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
        ...(next.state === 'scheduled' ? { retryInMs: next.retryInMs } : {}),
        ...(next.state === 'dead' ? { reason: next.reason } : {}),
      };
      const scoped = log.scope({ deliveryId: delivery.id, subscriptionId: delivery.subscriptionId });
      if (next.state === 'delivered') scoped.debug('push delivered', context);
      else if (next.state === 'dead') scoped.warn('push dead-lettered', context);
      else scoped.info('push failed; retry scheduled', context);
    }
  }

  const leaseUntil = (at: Date) => new Date(at.getTime() + settings.attemptTimeoutMs + leaseMarginMs);

  /** Claims due deliveries (all due now, or only the scheduled ones whose jobs came) for one lease. */
  function claimBatch(scheduled?: readonly ScheduledAttempt[]): Promise<DeliveryForAttempt[]> {
    const at = now();
    return claimDueDeliveries(pool, {
      limit: scheduled?.length ?? settings.workerBatch,
      perSubscription: settings.subscriptionConcurrency,
      now: at,
      leaseUntil: leaseUntil(at),
      holder: holder?.key() ?? null,
      ...(scheduled ? { scheduled } : {}),
    });
  }

  /** Ends the claims of workers that are gone; their deliveries are due again at once. */
  async function sweepGoneHolders(): Promise<void> {
    try {
      const released = await releaseGoneHolders(pool);
      if (released === 0) return;
      log.info('claims of a gone worker released', { claims: released });
      signal();
    } catch (error) {
      // Postgres away: the next sweep tries again, and leases end the claims meanwhile.
      log.debug('gone holders not swept', { error: error as Error });
    }
  }

  /**
   * Records a batch whose attempts were made, trying again while Postgres is away (README
   * "Claims"): a batch left to its leases would hold its subscriptions' whole concurrency for
   * the lease's length, a minute of no pushes after a blip of a second. Recording again is safe:
   * the statement moves only deliveries still at the attempt it records. Tries until the leases
   * are near their end (then a claim makes the attempts again), or a few times once stopping.
   */
  async function recordUntilDone(made: readonly Attempted[]): Promise<void> {
    const giveUpAt = Date.now() + leaseMarginMs / 2;
    for (let attempt = 1; ; attempt++) {
      try {
        await recordBatch(made);
        if (attempt > 1) log.info('push batch recorded after a database fault', { tries: attempt });
        return;
      } catch (error) {
        const delayMs = retryDelayMs(attempt, { max: 5_000 });
        if (Date.now() + delayMs >= giveUpAt || (!running && attempt >= 3)) throw error;
        if (attempt === 1)
          log.warn('push batch not recorded yet; trying again', {
            error: error as Error,
            deliveries: made.length,
          });
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  /** Attempts a claimed batch and records it; a batch not recorded keeps its claims until the lease runs out. */
  async function deliverBatch(batch: readonly DeliveryForAttempt[], whileRecording?: () => void) {
    try {
      const made = await attemptBatch(batch);
      whileRecording?.();
      await recordUntilDone(made);
    } catch (error) {
      // The claims stay until their lease runs out; the attempts are made again then.
      log.error('push batch not recorded', { error: error as Error, deliveries: batch.length });
    }
    // Its subscriptions have room again: a poller left waiting by their limit may claim.
    signal();
  }

  /**
   * A batch of pg-boss jobs of scheduled attempts (retries, express-cycle sends) that came. A
   * database fault in the claim throws before anything changed, and pg-boss runs the jobs again;
   * after it, the claims' lease covers the batch, as on the claim path. A delivery the claim left
   * for want of room in its subscription is pending and due: the pollers, woken, take it.
   */
  async function deliverScheduled(jobs: readonly Job<ScheduledAttempt>[]): Promise<void> {
    const scheduled = [
      ...new Map(jobs.map((job) => [`${job.data.deliveryId}/${job.data.attempt}`, job.data])).values(),
    ];
    const batch = await claimBatch(scheduled);
    await deliverBatch(batch);
  }

  /** A batch of due deliveries; empty when none, or when the claim failed (logged). */
  async function claim(): Promise<DeliveryForAttempt[]> {
    try {
      return await claimBatch();
    } catch (error) {
      log.warn('due deliveries not claimed yet', { error: error as Error });
      return [];
    }
  }

  /** The next batch: deliveries handed over first, else a claim (none while stopping). */
  function next(): Promise<DeliveryForAttempt[]> {
    if (handedOver.length > 0) return Promise.resolve(handedOver.splice(0, settings.workerBatch));
    return running ? claim() : Promise.resolve([]);
  }

  /**
   * One of `workerConcurrency` pollers: take a batch (handed over, or claimed), POST it, record
   * it. While a batch is recorded the next one is taken when more are waiting (handed over, or
   * a full claim), so a poller waits on Postgres once per batch rather than twice; otherwise it
   * sleeps until woken or the poll comes round. A batch claimed or handed over is delivered even
   * when the worker is stopping (its leases would otherwise hold it until they ran out).
   */
  async function poll(): Promise<void> {
    let seen = signals;
    let coming: Promise<DeliveryForAttempt[]> | undefined = next();
    while (coming) {
      const batch = await coming;
      coming = undefined;
      if (batch.length > 0) {
        await deliverBatch(batch, () => {
          if (handedOver.length > 0 || (running && batch.length === settings.workerBatch)) coming = next();
        });
      }
      if (!coming && running) {
        await sleep(settings.pollMs, seen);
        seen = signals;
      }
      if (!coming && (running || handedOver.length > 0)) coming = next();
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
      holder = await holdClaims({ connectionString: options.databaseUrl, logger: options.logger });
      sweeper = setInterval(() => void sweepGoneHolders(), holderSweepMs);
      sweeper.unref();
      listener = await listenForChanges({
        connectionString: options.databaseUrl,
        channels: [changeChannels.pushDeliveries],
        onChange: signal,
        // Anything queued while not listening is found by the next claim.
        onReset: signal,
        logger: options.logger,
      });
      pollers = Array.from({ length: settings.workerConcurrency }, () => poll());
      await boss.work<ScheduledAttempt>(
        settings.queue,
        {
          batchSize: settings.workerBatch,
          localConcurrency: settings.workerConcurrency,
          pollingIntervalSeconds: 0.5,
          // A full batch means more are waiting: fetch again at once instead of after the poll.
          burstWhenBatchFull: true,
        },
        deliverScheduled,
      );
      timer = setInterval(() => void claimRequested(), settings.requestPollMs);
      log.info('delivery worker started', {
        queue: settings.queue,
        subscriptionConcurrency: settings.subscriptionConcurrency,
        allowlist: settings.allowlist.entries,
      });
    },
    async stop() {
      running = false;
      if (timer) clearInterval(timer);
      await boss.offWork(settings.queue, { wait: true });
      signal();
      await Promise.all(pollers);
      await claiming;
      if (sweeper) clearInterval(sweeper);
      await listener?.close();
      // Last: claims of batches still recorded above named it as alive.
      await holder?.close();
    },
    claimRequested,
    room: () => (running ? Math.max(0, handOverRoom - handedOver.length) : 0),
    leaseUntil,
    perSubscription: settings.subscriptionConcurrency,
    holder: () => holder?.key() ?? null,
    take(deliveries) {
      // A worker stopped meanwhile leaves them to their leases: claimed again when those run out.
      if (!running) return;
      handedOver.push(...deliveries);
      signal();
    },
  };
}
