import { changeChannels, listenForChanges } from '@tradelog/projections/notifications';
import type { ScheduledAttempt } from '@tradelog/projections/push/claims';
import { makeRequestedDue } from '@tradelog/projections/push/redelivery';
import { claimLeaseUntil, handOverRoom } from '@tradelog/projections/push/workerClaims';
import type { Logger } from '@tradelog/schemas';
import type { ChangeListener } from '@tradelog/schemas/kit/runtime/notifications';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { createBatchDelivery } from './batchDelivery.ts';
import { type ClaimHolder, holdClaims } from './claimHolder.ts';
import { createClaimSweep } from './claimSweep.ts';
import { createDeliveryPollers } from './deliveryPollers.ts';
import { scheduledWorkOptions } from './jobs.ts';
import type { PushMetrics } from './metrics.ts';
import type { DeliveryHandOver } from './pushProcessor.ts';
import type { PushSettings } from './settings.ts';
import { createTimedPoll } from './timedPoll.ts';
import { createWakeSignal } from './wakeSignal.ts';

/**
 * The delivery worker (push README "Claims", "Scheduled attempts"): claims deliveries due now straight
 * from push_deliveries in batches — first attempts and redeliveries — and loads everything the
 * attempts need; decides each, POSTs the signed payloads side by side and classifies the replies
 * (./batchDelivery.ts, ./attemptBatch.ts, over the push room's pure steps), and with one statement records every
 * attempt and moves every delivery on: delivered, dead, or `scheduled` for its retry, whose pg-boss
 * job is queued in the same transaction (./recordBatch.ts). `workerConcurrency` pollers claim side
 * by side (./deliveryPollers.ts); new deliveries wake them (a notification on commit). What is scheduled comes back as pg-boss jobs, in batches, which
 * claim their deliveries through the same claim (lease, per-subscription limit) and are attempted
 * and recorded by the same code.
 *
 * Headers of every push: projections/src/push/attemptRecord.ts `pushHeaders`.
 *
 * A claim is a lease longer than any attempt (projections/src/push/workerClaims.ts): a worker
 * that fails to record a batch leaves its deliveries to be claimed again when the lease runs out,
 * and the same attempt is made again — at-least-once, with the same webhook-id for the receiver
 * to drop. A worker that dies is noticed sooner: its claims name it (./claimHolder.ts), and every
 * worker's sweep ends the claims of holders that are gone, as it ends this worker's claims whose
 * answer was lost (./claimSweep.ts).
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

/** Resumed and redelivered deliveries (`requested`) made due (push README "Delivery states"); the pollers woken. */
function requestedPoll(context: {
  pool: DeliveryWorkerOptions['pool'];
  everyMs: number;
  now: () => Date;
  wake: ReturnType<typeof createWakeSignal>;
  log: Logger;
}) {
  return createTimedPoll({
    everyMs: context.everyMs,
    work: () =>
      makeRequestedDue(context.pool, 500, context.now()).then((made) => {
        if (made > 0) context.wake.signal();
        return made;
      }),
    failed: (error) => context.log.warn('requested deliveries not made due yet', { error }),
  });
}

/** New deliveries wake the pollers (a notification on commit, push README "Claims"). */
function listenForNewDeliveries(
  options: Pick<DeliveryWorkerOptions, 'databaseUrl' | 'logger'>,
  wake: ReturnType<typeof createWakeSignal>,
): Promise<ChangeListener> {
  return listenForChanges({
    connectionString: options.databaseUrl,
    channels: [changeChannels.pushDeliveries],
    onChange: wake.signal,
    // Anything queued while not listening is found by the next claim.
    onReset: wake.signal,
    logger: options.logger,
  });
}

/**
 * The worker's lifecycle shell: the one place that owns its handles (claim holder, listener,
 * sweep, requested poll, pg-boss work, pollers) and starts and stops them in the order the claims
 * need. Each step it wires is a module of its own; its rules are the push room's pure steps
 * (projections/src/push/workerClaims.ts).
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { pool, boss, settings } = options;
  const now = options.now ?? (() => new Date());
  const log = options.logger.scope({ component: 'push-delivery' });
  let listener: ChangeListener | undefined;
  let holder: ClaimHolder | undefined;
  let running = false;
  let polling: Promise<void>[] = [];
  const wake = createWakeSignal(() => running);
  const sweep = createClaimSweep({ pool, log, released: wake.signal, now });
  const batches = createBatchDelivery({
    pool,
    boss,
    settings,
    metrics: options.metrics,
    log,
    now,
    holder: () => holder?.key() ?? null,
    running: () => running,
    wake,
    lost: sweep.lost,
  });
  const pollers = createDeliveryPollers({
    settings,
    wake,
    running: () => running,
    claimBatch: () => batches.claimBatch(),
    deliverBatch: batches.deliverBatch,
    log,
  });
  const requested = requestedPoll({ pool, everyMs: settings.requestPollMs, now, wake, log });

  return {
    async start() {
      running = true;
      holder = await holdClaims({ connectionString: options.databaseUrl, logger: options.logger });
      sweep.start();
      listener = await listenForNewDeliveries(options, wake);
      polling = pollers.start(settings.workerConcurrency);
      await boss.work<ScheduledAttempt>(
        settings.queue,
        scheduledWorkOptions(settings),
        batches.deliverScheduled,
      );
      requested.start();
      log.info('delivery worker started', {
        queue: settings.queue,
        subscriptionConcurrency: settings.subscriptionConcurrency,
        allowlist: settings.allowlist.entries,
      });
    },
    async stop() {
      running = false;
      requested.stopTimer();
      await boss.offWork(settings.queue, { wait: true });
      wake.signal();
      await Promise.all(polling);
      await requested.running();
      sweep.stop();
      await listener?.close();
      // Last: claims of batches still recorded above named it as alive.
      await holder?.close();
    },
    claimRequested: requested.run,
    room: () => handOverRoom(settings, pollers.waiting(), running),
    leaseUntil: (at) => claimLeaseUntil(at, settings.attemptTimeoutMs),
    perSubscription: settings.subscriptionConcurrency,
    holder: () => holder?.key() ?? null,
    lost: sweep.lost,
    take(deliveries) {
      // A worker stopped meanwhile leaves them to their leases: claimed again when those run out.
      if (!running) return;
      pollers.take(deliveries);
    },
  };
}
