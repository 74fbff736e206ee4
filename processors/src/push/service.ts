import { type Logger, TradelogError } from '@tradelog/schemas';
import type { KafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import type pg from 'pg';
import { PgBoss } from 'pg-boss';
import { createDeliveryWorker, type DeliveryWorker } from './deliveryWorker.ts';
import { createPushMetrics, type PushMetrics } from './metrics.ts';
import { createNoDataSweep } from './noDataSweep.ts';
import { createPushProcessor, type PushProcessor, type PushProcessorOptions } from './pushProcessor.ts';
import { createRetentionSweep } from './retentionSweep.ts';
import type { PushSettings } from './settings.ts';
import type { Sweep } from './timedPoll.ts';

/**
 * The push service as main.ts runs it: the push processor on the changes topic, the delivery
 * worker, which claims deliveries due now from the projections' database (push README "Claims"), and
 * pg-boss (its own schema on the same database) for the attempts scheduled later (README
 * "Scheduled attempts"); its metrics registry is served by the processors' ops server
 * (../opsServer.ts).
 */
export interface PushServiceOptions {
  brokers: string[];
  /** TLS and SASL (schemas/src/kit/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  pool: pg.Pool;
  databaseUrl: string;
  changesTopic: string;
  settings: PushSettings;
  logger: Logger;
  now?: () => Date;
  /** The metrics to count into (created here when absent), so the ops server can serve them from start-up. */
  metrics?: PushMetrics;
  membership?: PushProcessorOptions['membership'];
  topicsReady?: PushProcessorOptions['topicsReady'];
}

export interface PushService {
  boss: PgBoss;
  processor: PushProcessor;
  worker: DeliveryWorker;
  noData: Sweep;
  retention: Sweep;
  metrics: PushMetrics;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss and creates the queue of scheduled attempts if it is missing (pg-boss installs
 * its schema on first start).
 */
export async function startPushQueue(boss: PgBoss, settings: PushSettings): Promise<void> {
  await boss.start();
  if (!(await boss.getQueue(settings.queue))) {
    // pg-boss' own retries only cover a worker that crashed or threw before its claim (database
    // trouble): the push retry schedule is ours (projections/src/push/retrySchedule.ts).
    await boss.createQueue(settings.queue, { retryLimit: 5, retryDelay: 5, expireInSeconds: 120 });
  }
}

/** pg-boss in its own schema on the projections' database; its errors are logged, never thrown. */
function pushBoss(options: PushServiceOptions, log: Logger): PgBoss {
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: options.settings.bossSchema,
    max: options.settings.bossPoolMax,
  });
  boss.on('error', (error) => log.error('pg-boss error', { error: error as Error }));
  return boss;
}

/**
 * Waits for the queue of scheduled attempts as `started` says it is starting. A batch that comes
 * while the queue is not up is retried later, never dead-lettered: not started, or failed to
 * start, is a retriable PUSH_QUEUE_UNAVAILABLE.
 */
export function queueReadiness(started: () => Promise<void> | undefined): () => Promise<void> {
  return () =>
    (started() ?? Promise.reject(new Error('not started'))).catch((cause: unknown) => {
      throw new TradelogError('PUSH_QUEUE_UNAVAILABLE', 'the scheduled attempts queue is not started', {
        status: 503,
        retriable: true,
        cause,
      });
    });
}

/** The service's wiring, start and stop in one place: the order of start and stop is the point. */
export function createPushService(options: PushServiceOptions): PushService {
  const { settings } = options;
  const log = options.logger.scope({ component: 'push' });
  const boss = pushBoss(options, log);
  const metrics = options.metrics ?? createPushMetrics(options.pool);
  // The queue is started while the processor's consumer joins its group (both take a few hundred
  // ms); the processor waits for it only to queue a cycle-delayed send's job.
  let queueStarted: Promise<void> | undefined;

  const worker = createDeliveryWorker({
    pool: options.pool,
    boss,
    databaseUrl: options.databaseUrl,
    settings,
    metrics,
    logger: options.logger,
    ...(options.now ? { now: options.now } : {}),
  });
  const processor = createPushProcessor({
    brokers: options.brokers,
    security: options.security,
    ...(options.membership ? { membership: options.membership } : {}),
    topicsReady: options.topicsReady,
    pool: options.pool,
    boss,
    queue: settings.queue,
    topic: options.changesTopic,
    consumerGroup: settings.consumerGroup,
    logger: options.logger,
    expressCycleMs: settings.expressCycleMs,
    retryScale: settings.retryScale,
    handOver: worker,
    queueReady: queueReadiness(() => queueStarted),
    ...(options.now ? { now: options.now } : {}),
  });

  const noData = createNoDataSweep({
    pool: options.pool,
    settings,
    logger: options.logger,
    ...(options.now ? { now: options.now } : {}),
  });

  const retention = createRetentionSweep({
    pool: options.pool,
    settings,
    logger: options.logger,
    ...(options.now ? { now: options.now } : {}),
  });

  return {
    boss,
    processor,
    worker,
    noData,
    retention,
    metrics,
    async start() {
      queueStarted = startPushQueue(boss, settings);
      // Resolves at once: the consumer joins its group in the background.
      await processor.start();
      try {
        await queueStarted;
        await worker.start();
        noData.start();
        retention.start();
      } catch (error) {
        // Nothing keeps running: the caller may call start again (main.ts waits for Postgres so).
        await processor.stop();
        queueStarted = undefined;
        throw error;
      }
    },
    async stop() {
      await noData.stop();
      await retention.stop();
      await processor.stop();
      await worker.stop();
      await boss.stop({ graceful: true });
    },
  };
}
