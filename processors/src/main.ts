import { migrate } from '@tradelog/projections/migrate';
import { createLogger } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { createRegistryCodec } from '@tradelog/schemas/log/codec';
import { createLogProducer } from '@tradelog/schemas/log/producer';
import { ensureTopics } from '@tradelog/schemas/log/topics';
import pg from 'pg';
import { parseProcessorsConfig } from './config.ts';
import { assessHealth, createHealthMonitor } from './health.ts';
import { startOpsServer } from './opsServer.ts';
import { projections } from './projections.ts';
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
const logger = createLogger({ service: 'processors' }, { level: config.logLevel });
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4 + config.projections.length * 2 });
await migrate(config.databaseUrl, { logger });
await ensureTopics({
  brokers: config.kafkaBrokers,
  topics: [
    ...documentTypes.map((type) => ({ topic: type.topic, partitions: type.partitions })),
    { topic: config.changesTopic, partitions: 6 },
  ],
  logger,
});
const codec = createRegistryCodec({ url: config.schemaRegistryUrl });
const producer = createLogProducer({
  brokers: config.kafkaBrokers,
  clientId: 'tradelog-processors-changes',
  logger,
});
await producer.connect();

const running = config.projections.map((name) =>
  superviseLiveProjection({
    brokers: config.kafkaBrokers,
    pool,
    codec,
    projection: projections[name],
    namespace: config.namespace,
    logger,
    changes: { producer, topic: config.changesTopic },
  }),
);
for (const supervisor of running) await supervisor.start();
const push = config.push.enabled
  ? createPushService({
      brokers: config.kafkaBrokers,
      pool,
      databaseUrl: config.databaseUrl,
      changesTopic: config.changesTopic,
      settings: config.push,
      logger,
    })
  : undefined;
await push?.start();
const monitor = createHealthMonitor({
  pool,
  brokers: config.kafkaBrokers,
  schemaRegistryUrl: config.schemaRegistryUrl,
  logger,
  lagSources: () =>
    config.projections.flatMap((name, index) => {
      const version = running[index]?.version();
      return version
        ? [{ projection: name, consumerGroup: version.consumerGroup, topics: topicsRead(projections[name]) }]
        : [];
    }),
});
monitor.start();
const ops =
  config.opsPort > 0
    ? await startOpsServer({
        host: config.opsHost,
        port: config.opsPort,
        registries: [monitor.registry, ...(push ? [push.metrics.registry] : [])],
        health: () =>
          assessHealth({
            stopping,
            dependencies: monitor.dependencies(),
            consumers: [
              ...running.flatMap((supervisor) => supervisor.health() ?? []),
              ...(push ? [push.processor.health()] : []),
            ],
          }),
        logger,
      })
    : undefined;

let rebuilding: Promise<unknown> | undefined;
const rebuildTimer = setInterval(() => {
  if (rebuilding || stopping) return;
  rebuilding = runRequestedRebuild({
    brokers: config.kafkaBrokers,
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

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('processors stopping', { signal });
  clearInterval(rebuildTimer);
  monitor.stop();
  ops?.close();
  await Promise.all(running.map((supervisor) => supervisor.stop()));
  await push?.stop();
  await producer.disconnect();
  await pool.end();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
logger.info('processors running', { projections: config.projections, namespace: config.namespace });
