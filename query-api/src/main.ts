import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { createLogger } from '@tradelog/schemas';
import { createLogSnapshotReader } from '@tradelog/schemas/kit/log/logSnapshot';
import { topicOffsets } from '@tradelog/schemas/kit/log/topics';
import { purgeEndedWindows } from '@tradelog/schemas/kit/runtime/callLimits';
import { surviveConnectionLoss } from '@tradelog/schemas/kit/runtime/databaseErrors';
import { createServiceMetrics, startMetricsServerIfOwnPort } from '@tradelog/schemas/kit/runtime/http';
import { createServiceServer } from '@tradelog/schemas/kit/runtime/server';
import { createApp } from './app.ts';
import { parseQueryApiConfig } from './config.ts';
import { createIpLocator, readCityTable } from './content/ipLocation.ts';
import { loadPortalContent } from './content/operatorContent.ts';
import { purgePortal } from './content/portalStore.ts';
import { httpSmsSender, logSmsSender, noSmsSender } from './content/smsSenders.ts';
import { queryApiCallLimit } from './http/callLimit.ts';
import { createShutdown } from './http/shutdown.ts';
import { registerStandingWildcardMetric } from './operations/accountsMetric.ts';
import { recordSourcesOf } from './operations/records.ts';
import { createPreparingPool } from './reads/preparedClient.ts';
import { attachReadCache, createReadCache } from './reads/readCache.ts';
import { queryApiRouters } from './routers.ts';
import { createTestPushWaits } from './subscriptions/testPushWaits.ts';

const config = parseQueryApiConfig(process.env);
const logger = createLogger({ service: 'query-api' }, { level: config.logLevel, format: config.logFormat });

// Two pools (README "Pools"): keyed callers', and the public portal's smaller one, so that
// unauthenticated calls can never take the connections lenders need. Every statement is bounded.
const poolOf = (name: string, max: number) => {
  const pool = createPreparingPool({
    connectionString: config.databaseUrl,
    max,
    statement_timeout: config.statementTimeoutMs,
    connectionTimeoutMillis: 5_000,
  });
  return surviveConnectionLoss(pool, logger, { pool: name });
};
const pool = poolOf('main', config.poolMax);
const portalPool = poolOf('portal', config.portalPoolMax);

const kafkaOffsets = config.kafkaBrokers
  ? (topics: string[]) =>
      topicOffsets({ brokers: config.kafkaBrokers!, security: config.kafkaSecurity, topics, logger })
  : undefined;
// The log's ids and ends, read for every answer's freshness after its question arrived (answers
// waiting together share a read; the topics' ids are kept a second, the ends never): README
// "Freshness". A broker that does not answer within a second makes the freshness "not known".
const logSnapshots = config.kafkaBrokers
  ? createLogSnapshotReader({
      brokers: config.kafkaBrokers,
      security: config.kafkaSecurity,
      clientId: 'query-api-log',
      timeoutMs: 1_000,
      metadataMaxAgeMs: 1_000,
      // Records deleted before a projection applied them stop it (processors/README.md "When
      // the log was replaced"): its answers say so. The starts move only then; read every 30 s.
      starts: true,
      startsMaxAgeMs: 30_000,
    })
  : undefined;
const logSnapshot = logSnapshots ? (topics: readonly string[]) => logSnapshots.read(topics) : undefined;
// The log's records for the record browser and answers as of a moment (README "As of a moment").
const records = recordSourcesOf(config);
// The HTTP metrics plus Node's process metrics (CPU, memory, event-loop lag) on /metrics.
const metrics = createServiceMetrics('query-api', { processMetrics: true });
registerStandingWildcardMetric(metrics.registry, pool);
// API keys and live versions in memory, dropped on Postgres' word (README "Read caches").
const readCache = await createReadCache({
  registry: metrics.registry,
  pool,
  connectionString: config.databaseUrl,
  logger,
  keyTtlMs: config.keyCacheTtlMs,
  logSnapshot,
});
attachReadCache(pool, readCache);

// Test pushes wait for their attempt on Postgres' word, on a connection of their own (README
// "Subscriber tools").
const testPushWaits = await createTestPushWaits({ connectionString: config.databaseUrl, logger });

const callLimit = queryApiCallLimit(config.callLimits, { keyed: pool, public: portalPool });

const sendSms =
  config.smsSender === 'log'
    ? logSmsSender(logger)
    : config.smsSender === 'http'
      ? httpSmsSender(config.smsUrl!)
      : noSmsSender;

// /ready answers from the last database probe (every 2 s), never waiting for a connection: a
// flood that keeps the pool busy must not make the service look dead (README "Health").
let databaseAnswers = false;
const probeDatabase = async () => {
  databaseAnswers = await pool
    .query('SELECT 1')
    .then(() => true)
    .catch(() => false);
};
await probeDatabase();
const prober = setInterval(probeDatabase, 2_000);
prober.unref();

const app = createApp({
  logger,
  metrics,
  metricsOnPublicPort: config.metricsPort === 0,
  trustProxy: config.trustProxy,
  bodyBounds: config.bodyBounds,
  content: {
    pool: portalPool,
    clock: { now: () => Date.now() },
    logger,
    product: config.product,
    sendSms,
    content: loadPortalContent(config.portalContentFile),
    // POST /portal-api/cleancache reads the file again (content README "Page cache").
    reloadContent: () => loadPortalContent(config.portalContentFile),
    locateIp: createIpLocator(config.portalIpCitiesFile ? readCityTable(config.portalIpCitiesFile) : []),
    callLimit,
    smsMaxAttempts: config.smsMaxAttempts,
    attemptRules: config.portalAttemptRules,
    sessionDays: config.sessionDays,
    allowedOrigins: config.portalOrigins,
  },
  routers: queryApiRouters({
    pool,
    namespace: config.namespace,
    changesTopic: config.changesTopic,
    callLimit,
    topicOffsets: kafkaOffsets,
    logSnapshot,
    records,
    callbackAllowlist: parseAllowlist(config.callbackAllowlist),
    providerWindowMs: config.trackingProviderWindowMs,
    checkValueRules: config.checkValueRules,
    testPushWaits,
  }),
  ready: async () => databaseAnswers,
});

// Slow or idle clients cannot hold connections (README "Timeouts"): the server shell ingest uses.
const server = createServiceServer(app, config);
const metricsServer = await startMetricsServerIfOwnPort(config, metrics.registry, logger);
server.listen(config.port, config.host, () => {
  logger.info('query-api listening', { host: config.host, port: config.port });
});

// Retention (README): leads, sessions and codes past their time, ended attempt and call-limit windows.
const longestAttemptWindowMs = Math.max(
  ...[...Object.values(config.portalAttemptRules), ...Object.values(config.checkValueRules)].map(
    (rule) => rule.windowMs,
  ),
);
const sweep = async () => {
  const now = Date.now();
  try {
    const purged = await purgePortal(portalPool, {
      now: new Date(now),
      leadsBefore: new Date(now - config.leadRetentionDays * 86_400_000),
      attemptsBefore: new Date(now - longestAttemptWindowMs),
    });
    await purgeEndedWindows(pool, now);
    logger.info('retention sweep', purged);
  } catch (error) {
    logger.warn('retention sweep failed', { error: error as Error });
  }
};
const sweeper = setInterval(sweep, 3_600_000);
sweeper.unref();
void sweep();

createShutdown({
  server,
  graceMs: config.shutdownGraceMs,
  logger,
  close: async () => {
    clearInterval(sweeper);
    clearInterval(prober);
    metricsServer?.close();
    await readCache.close();
    await testPushWaits.close();
    // Kafka clients hold connections (and so the process) until closed.
    await Promise.all([logSnapshots?.close(), records.reader?.close()]);
    await Promise.all([pool.end(), portalPool.end()]);
  },
}).onSignals();
