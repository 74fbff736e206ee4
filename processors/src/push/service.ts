import type { Logger } from '@tradelog/schemas';
import type pg from 'pg';
import { createDeliveryWorker, type DeliveryWorker } from './deliveryWorker.ts';
import { createPushMetrics, type PushMetrics } from './metrics.ts';
import { createPushProcessor, type PushProcessor } from './pushProcessor.ts';
import type { PushSettings } from './settings.ts';

/**
 * The push service as main.ts runs it: the push processor on the changes topic and the delivery
 * worker, which claims due deliveries from the projections' database (README "Claims"); its
 * metrics registry is served by the processors' ops server (../opsServer.ts).
 */
export interface PushServiceOptions {
  brokers: string[];
  pool: pg.Pool;
  databaseUrl: string;
  changesTopic: string;
  settings: PushSettings;
  logger: Logger;
  now?: () => Date;
  /** The metrics to count into (created here when absent), so the ops server can serve them from start-up. */
  metrics?: PushMetrics;
}

export interface PushService {
  processor: PushProcessor;
  worker: DeliveryWorker;
  metrics: PushMetrics;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createPushService(options: PushServiceOptions): PushService {
  const { settings } = options;
  const metrics = options.metrics ?? createPushMetrics(options.pool);
  const processor = createPushProcessor({
    brokers: options.brokers,
    pool: options.pool,
    topic: options.changesTopic,
    consumerGroup: settings.consumerGroup,
    logger: options.logger,
    expressCycleMs: settings.expressCycleMs,
    retryScale: settings.retryScale,
    ...(options.now ? { now: options.now } : {}),
  });
  const worker = createDeliveryWorker({
    pool: options.pool,
    databaseUrl: options.databaseUrl,
    settings,
    metrics,
    logger: options.logger,
    ...(options.now ? { now: options.now } : {}),
  });

  return {
    processor,
    worker,
    metrics,
    async start() {
      await worker.start();
      await processor.start();
    },
    async stop() {
      await processor.stop();
      await worker.stop();
    },
  };
}
