import { migrate } from '@tradelog/projections/migrate';
import { createLogger } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { createLogProducer, type LogProducer } from '@tradelog/schemas/kit/log/producer';
import { logTopics, ownTopicsEnsurer } from '@tradelog/schemas/kit/log/provisioning';
import { ensureTopics } from '@tradelog/schemas/kit/log/topics';
import { retryForever } from '@tradelog/schemas/kit/runtime/backoff';
import { surviveConnectionLoss } from '@tradelog/schemas/kit/runtime/databaseErrors';
import { closeServer, shutdownOnce } from '@tradelog/schemas/kit/runtime/server';
import pg from 'pg';
import { parseProcessorsConfig } from './config.ts';
import { assessHealth, createHealthMonitor } from './health.ts';
import { startOpsServer } from './opsServer.ts';
import { projections } from './projections.ts';
import { createPushMetrics } from './push/metrics.ts';
import { createPushService } from './push/service.ts';
import { runRequestedRebuild } from './rebuild/requests.ts';
import { topicsRead } from './runtime/projection.ts';
import { superviseLiveProjection } from './runtime/supervisor.ts';

/**
 * Runs every configured projection's live consumer, and the rebuilds operators request through
 * the query API (`POST /ops/rebuild/:projection` records the request; this process builds it).
 */
const config = parseProcessorsConfig(process.env);
let stopping = false;
const logger = createLogger({ service: 'processors' }, { level: config.logLevel, format: config.logFormat });
// One group transaction at a time per projection, plus dead-letter retries, the push service and probes.
// A restarting database drops connections, idle or checked out: logged, and the batches retry.
const pool = surviveConnectionLoss(
  new pg.Pool({ connectionString: config.databaseUrl, max: config.poolMax }),
  logger,
);
// The log's topics, made to exist at start-up and, while running, again before each consumer
// subscribes and when the changes topic is found missing: a log an operator replaced under the
// running processors lacks them (processors/README.md "When the log was replaced").
const ownTopics = logTopics({
  types: documentTypes,
  changesTopic: config.changesTopic,
  partitions: config.provisioning.topicPartitions,
});
const ensureOwnTopics = ownTopicsEnsurer({
  provisioning: config.provisioning,
  topics: ownTopics,
  brokers: config.kafkaBrokers,
  security: config.kafkaSecurity,
  logger,
});
// A dependency outage must never end the process (ARCHITECTURE "Batches, not records"): a
// stray rejection from a client library is logged, not fatal; /health says what is down.
process.on('unhandledRejection', (reason) => logger.error('unhandled rejection', { error: reason as Error }));
/**
 * Start-up waits for its dependencies as long as it takes (an outage at start is an outage too),
 * with the ops server already answering: `/health` 200 and `/ready` 503 until the consumers run.
 */
function untilAvailable<T>(what: string, step: () => Promise<T>): Promise<T> {
  // A stop that came during start-up ends it before its next step (shutdown exits the process).
  if (stopping) return Promise.reject(new Error('processors stopping during start-up'));
  return retryForever(step, {
    initial: 500,
    max: 10_000,
    stopped: () => stopping,
    onRetry: ({ attempt, delayMs, error }) =>
      logger.warn('start-up step waits for a dependency', {
        step: what,
        attempt,
        delayMs,
        error: error as Error,
      }),
  });
}

let starting = true;
let changesProducer: LogProducer | undefined;
const running: ReturnType<typeof superviseLiveProjection>[] = [];
let push: ReturnType<typeof createPushService> | undefined;
const consumerHealth = () => [
  ...running.flatMap((supervisor) => supervisor.health() ?? []),
  ...(push ? [push.processor.health()] : []),
];
const monitor = createHealthMonitor({
  pool,
  brokers: config.kafkaBrokers,
  security: config.kafkaSecurity,
  schemaRegistryUrl: config.schemaRegistryUrl,
  logger,
  consumers: () => consumerHealth(),
  lagSources: () => [
    ...config.projections.flatMap((name, index) => {
      const version = running[index]?.version();
      return version
        ? [{ projection: name, consumerGroup: version.consumerGroup, topics: topicsRead(projections[name]) }]
        : [];
    }),
    // The push processor's lag on the changes topic, under the name its dead letters carry: the
    // lag alerts cover it as they cover a projection (deploy/monitoring/alerts.yaml).
    ...(push
      ? [{ projection: 'push', consumerGroup: config.push.consumerGroup, topics: [config.changesTopic] }]
      : []),
  ],
});
monitor.start();
const pushMetrics = config.push.enabled ? createPushMetrics(pool) : undefined;
const ops =
  config.opsPort > 0
    ? await startOpsServer({
        host: config.opsHost,
        port: config.opsPort,
        registries: [monitor.registry, ...(pushMetrics ? [pushMetrics.registry] : [])],
        health: () =>
          assessHealth({
            stopping,
            starting,
            dependencies: monitor.dependencies(),
            consumers: consumerHealth(),
          }),
        logger,
      })
    : undefined;
let rebuildTimer: ReturnType<typeof setInterval> | undefined;
// One shutdown whatever arrives: a second signal (or the other one) does not start another.
const shutdown = shutdownOnce(
  async (signal) => {
    stopping = true;
    logger.info('processors stopping', { signal });
    clearInterval(rebuildTimer);
    monitor.stop();
    // A probe or scrape in flight is answered (a scrape reads the pool, closed below).
    if (ops) await closeServer(ops, 1_000);
    await Promise.all(running.map((supervisor) => supervisor.stop()));
    await push?.stop();
    await changesProducer?.disconnect();
    await pool.end();
    process.exit(0);
  },
  (signal) => logger.info('processors already stopping', { signal }),
);
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

/** Start-up: each step waits for its dependency as long as it takes, unless a stop comes first. */
async function start(): Promise<ReturnType<typeof createRegistryCodec>> {
  await untilAvailable('migrations', () => migrate(config.databaseUrl, { logger }));
  await untilAvailable('topics', () =>
    ensureTopics({
      brokers: config.kafkaBrokers,
      security: config.kafkaSecurity,
      topics: ownTopics,
      create: config.provisioning.createTopics,
      logger,
    }),
  );
  const codec = createRegistryCodec({ url: config.schemaRegistryUrl, auth: config.registryAuth });
  const producer = createLogProducer({
    brokers: config.kafkaBrokers,
    security: config.kafkaSecurity,
    clientId: 'tradelog-processors-changes',
    logger,
    maxBatchBytes: config.kafkaMaxMessageBytes,
    // The changes topic, deleted under the running processors (an operator's reset, a new
    // cluster), is created again as start-up creates it: the outbox keeps the events meanwhile.
    createMissingTopic: config.provisioning.createTopics ? ensureOwnTopics : undefined,
  });
  changesProducer = producer;
  await producer.connect();

  for (const name of config.projections) {
    const supervisor = superviseLiveProjection({
      brokers: config.kafkaBrokers,
      security: config.kafkaSecurity,
      pool,
      codec,
      projection: projections[name],
      namespace: config.namespace,
      logger,
      changes: { producer, topic: config.changesTopic },
      membership: config.membership,
      topicsReady: ensureOwnTopics,
    });
    running.push(supervisor);
    await untilAvailable(`projection ${name}`, () => supervisor.start());
  }
  if (config.push.enabled && pushMetrics) {
    const service = createPushService({
      brokers: config.kafkaBrokers,
      security: config.kafkaSecurity,
      pool,
      databaseUrl: config.databaseUrl,
      changesTopic: config.changesTopic,
      settings: config.push,
      logger,
      metrics: pushMetrics,
      membership: config.membership,
      topicsReady: ensureOwnTopics,
    });
    await untilAvailable('push service', () => service.start());
    push = service;
  }
  starting = false;
  return codec;
}
// Interrupted by a stop, start-up ends quietly: shutdown (already running) closes what started and exits 0.
const codec = await start().catch((error) => {
  if (!stopping) throw error;
  return undefined;
});

if (codec) {
  let rebuilding: Promise<unknown> | undefined;
  rebuildTimer = setInterval(() => {
    if (rebuilding || stopping) return;
    rebuilding = runRequestedRebuild({
      brokers: config.kafkaBrokers,
      security: config.kafkaSecurity,
      topicsReady: ensureOwnTopics,
      pool,
      codec,
      namespace: config.namespace,
      logger,
    })
      .catch((error) => logger.error('requested rebuild failed', { error }))
      .finally(() => {
        rebuilding = undefined;
      });
  }, config.rebuildPollMs);

  logger.info('processors running', { projections: config.projections, namespace: config.namespace });
}
