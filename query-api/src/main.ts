import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { createLogger, TradelogError } from '@tradelog/schemas';
import { topicOffsets } from '@tradelog/schemas/log/topics';
import pg from 'pg';
import { createApp } from './app.ts';
import { parseQueryApiConfig } from './config.ts';
import type { SmsSender } from './content/accounts.ts';
import { createProjectionRoutes } from './lenders/routes.ts';
import { createSubscriptionRoutes } from './subscriptions/routes.ts';

const config = parseQueryApiConfig(process.env);
const logger = createLogger({ service: 'query-api' }, { level: config.logLevel });
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
pool.on('error', (error) => logger.warn('idle database connection failed', { error }));

// No SMS gateway is part of this deployment (README). In development the code goes to the log.
const sendSms: SmsSender = async (phone, code) => {
  if (!config.logVerificationCodes) {
    throw new TradelogError('SMS_UNAVAILABLE', 'no SMS gateway is configured', {
      status: 503,
      retriable: true,
    });
  }
  logger.info('verification code (development: PORTAL_SMS_LOG=true)', {
    phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    code,
  });
};

const app = createApp({
  logger,
  content: { clock: { now: () => Date.now() }, logger, product: config.product, sendSms },
  routers: [
    createProjectionRoutes({
      pool,
      namespace: config.namespace,
      changesTopic: config.changesTopic,
      topicOffsets: config.kafkaBrokers
        ? (topics) => topicOffsets({ brokers: config.kafkaBrokers!, topics, logger })
        : undefined,
    }),
    createSubscriptionRoutes({ pool, callbackAllowlist: parseAllowlist(config.callbackAllowlist) }),
  ],
  ready: async () => {
    await pool.query('SELECT 1');
    return true;
  },
});

const server = app.listen(config.port, config.host, () => {
  logger.info('query-api listening', { host: config.host, port: config.port });
});

async function stop(signal: string): Promise<void> {
  logger.info('query-api stopping', { signal });
  server.close();
  await pool.end();
}
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
