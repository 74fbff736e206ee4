import { type CallbackAllowlist, parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { defaultProviderWindowMs, parseProviderWindowMs } from '@tradelog/projections/tracking/firstAsks';
import { ConfigError, env } from '@tradelog/schemas';

/**
 * The push service's settings, parsed from the environment by the processors' config module
 * (house style §8) and passed in whole; tests build them with `pushSettings({...})`.
 */
export interface PushSettings {
  /** PUSH_ENABLED: run the push processor and delivery worker in this process. */
  enabled: boolean;
  /** PUSH_CONSUMER_GROUP: the push processor's own consumer group on the changes topic. */
  consumerGroup: string;
  /** PUSH_BOSS_SCHEMA: the pg-boss schema of the queue of scheduled attempts (retries, express-cycle sends). */
  bossSchema: string;
  /** PUSH_BOSS_POOL_MAX: pg-boss's own Postgres connections (deploy/README.md "Connection budget"). */
  bossPoolMax: number;
  queue: string;
  /** PUSH_ATTEMPT_TIMEOUT_MS: a receiver must answer within this (§8, §9: 10 s). */
  attemptTimeoutMs: number;
  /** PUSH_RETRY_SCALE: multiplies every retry delay (tests, benchmarks); 1 in production. */
  retryScale: number;
  /** PUSH_SUBSCRIPTION_CONCURRENCY: attempts in flight per subscription, over all workers. */
  subscriptionConcurrency: number;
  /**
   * PUSH_WORKER_CONCURRENCY and PUSH_WORKER_BATCH: claim pollers (and batches of scheduled jobs) in
   * flight in this process, and deliveries per claim (jobs per fetch).
   */
  workerConcurrency: number;
  workerBatch: number;
  /** How often the worker looks for due deliveries when nothing woke it. */
  pollMs: number;
  /** PUSH_CALLBACK_ALLOWLIST: host names or CIDRs exempt from the callback-target guard (dev, tests). */
  allowlist: CallbackAllowlist;
  /** How often resumed and redelivered deliveries are picked up. */
  requestPollMs: number;
  /**
   * PUSH_EXPRESS_CYCLE_MINUTES (30–240, §9 "push cycle 0.5 to 4 hours"): the least time between two
   * pushes of one parcel to one subscription; changes in between are batched into one push.
   * Scaled by `retryScale` like every other push delay.
   */
  expressCycleMs: number;
  /**
   * TRACKING_PROVIDER_WINDOW_MINUTES (default 24 h; the query API reads the same variable): an
   * ocean subscription of a bill or container no provider reported this long after its first ask
   * is pushed the NODATA answer (./noDataSweep.ts; projections/src/tracking/firstAsks.ts).
   */
  providerWindowMs: number;
  /** How often the subscriptions owed a NODATA push are looked for. */
  noDataSweepMs: number;
  /**
   * PUSH_RETENTION_DAYS (90; 0 keeps everything): finished deliveries and their attempts last
   * changed longer ago are deleted (./retentionSweep.ts; push README "Retention").
   */
  retentionMs: number;
  /** How often the push history past its retention is deleted. */
  retentionSweepMs: number;
}

export const defaultPushSettings: PushSettings = Object.freeze({
  enabled: true,
  consumerGroup: 'tradelog-push',
  bossSchema: 'pgboss',
  bossPoolMax: 4,
  queue: 'push-delivery',
  attemptTimeoutMs: 10_000,
  retryScale: 1,
  subscriptionConcurrency: 4,
  workerConcurrency: 4,
  workerBatch: 8,
  pollMs: 500,
  allowlist: parseAllowlist([]),
  requestPollMs: 1000,
  expressCycleMs: 30 * 60_000,
  providerWindowMs: defaultProviderWindowMs,
  noDataSweepMs: 60_000,
  retentionMs: 90 * 24 * 60 * 60_000,
  retentionSweepMs: 60 * 60_000,
});

export const pushSettings = (overrides: Partial<PushSettings> = {}): PushSettings =>
  Object.freeze({ ...defaultPushSettings, ...overrides });

export function parsePushSettings(source: env.Env): PushSettings {
  const scaleText = env.text(source, 'PUSH_RETRY_SCALE', '1');
  const retryScale = Number(scaleText);
  if (!Number.isFinite(retryScale) || retryScale < 0 || retryScale > 1) {
    throw new ConfigError('PUSH_RETRY_SCALE', `must be a number between 0 and 1, got "${scaleText}"`);
  }
  let allowlist: CallbackAllowlist;
  try {
    allowlist = parseAllowlist(env.text(source, 'PUSH_CALLBACK_ALLOWLIST', '').split(','));
  } catch (error) {
    throw new ConfigError('PUSH_CALLBACK_ALLOWLIST', (error as Error).message);
  }
  const bossSchema = env.text(source, 'PUSH_BOSS_SCHEMA', defaultPushSettings.bossSchema);
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(bossSchema)) {
    throw new ConfigError(
      'PUSH_BOSS_SCHEMA',
      `must be lower-case letters, digits and _, got "${bossSchema}"`,
    );
  }
  return pushSettings({
    enabled: env.flag(source, 'PUSH_ENABLED', true),
    consumerGroup: env.text(source, 'PUSH_CONSUMER_GROUP', defaultPushSettings.consumerGroup),
    bossSchema,
    bossPoolMax: env.integer(source, 'PUSH_BOSS_POOL_MAX', defaultPushSettings.bossPoolMax, { min: 1 }),
    attemptTimeoutMs: env.integer(source, 'PUSH_ATTEMPT_TIMEOUT_MS', 10_000, { min: 100, max: 10_000 }),
    retryScale,
    subscriptionConcurrency: env.integer(source, 'PUSH_SUBSCRIPTION_CONCURRENCY', 4, { min: 1 }),
    workerConcurrency: env.integer(source, 'PUSH_WORKER_CONCURRENCY', 4, { min: 1 }),
    workerBatch: env.integer(source, 'PUSH_WORKER_BATCH', 8, { min: 1 }),
    expressCycleMs: env.integer(source, 'PUSH_EXPRESS_CYCLE_MINUTES', 30, { min: 30, max: 240 }) * 60_000,
    providerWindowMs: parseProviderWindowMs(source),
    retentionMs: env.integer(source, 'PUSH_RETENTION_DAYS', 90, { min: 0, max: 3650 }) * 24 * 60 * 60_000,
    allowlist,
  });
}
