import { ConfigError, env } from '@tradelog/schemas';

/**
 * query-api's one config module (house style §8): the environment is read here, once; nothing
 * else in the service touches `process.env`.
 */
export interface QueryApiConfig {
  port: number;
  host: string;
  databaseUrl: string;
  /** Prefix of the projections' version schemas and consumer groups (as the processors'). */
  namespace: string;
  /** `{product}` of the portal content paths (portal spec §7), e.g. /{product}-srv/official/app/list. */
  product: string;
  /** Host names or CIDRs exempt from the subscription callback-target guard (development, tests). */
  callbackAllowlist: string[];
  /**
   * No SMS gateway is wired in; with this on (development only) verification codes are written
   * to the log so a developer can register. Off, the portal's get-code call answers 503.
   */
  logVerificationCodes: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** For the operator's pipeline view (topic sizes, projection lag); optional. */
  kafkaBrokers: string[] | undefined;
  changesTopic: string;
}

export function parseQueryApiConfig(source: env.Env): Readonly<QueryApiConfig> {
  const product = env.text(source, 'PORTAL_PRODUCT', 'tradelog');
  if (!/^[a-z0-9][a-z0-9-]*$/i.test(product)) {
    throw new ConfigError(
      'PORTAL_PRODUCT',
      `must be letters, digits and dashes (one path segment), got "${product}"`,
    );
  }
  const namespace = env.text(source, 'PROJECTION_NAMESPACE', 'proj');
  if (!/^[a-z][a-z0-9_]{0,30}$/.test(namespace)) {
    throw new ConfigError(
      'PROJECTION_NAMESPACE',
      `must be lower-case letters, digits and _, got "${namespace}"`,
    );
  }
  return Object.freeze({
    port: env.port(source, 'QUERY_API_PORT', 8082),
    host: env.text(source, 'QUERY_API_HOST', '0.0.0.0'),
    databaseUrl: env.url(source, 'DATABASE_URL', undefined, ['postgres:', 'postgresql:']),
    namespace,
    product,
    callbackAllowlist: (env.optionalText(source, 'PUSH_CALLBACK_ALLOWLIST') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    logVerificationCodes: env.flag(source, 'PORTAL_SMS_LOG', false),
    kafkaBrokers: env.optionalText(source, 'KAFKA_BROKERS')
      ? env.hostPorts(source, 'KAFKA_BROKERS')
      : undefined,
    changesTopic: env.text(source, 'CHANGES_TOPIC', 'tradelog.changes.v1'),
    logLevel: env.oneOf(source, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info'),
  });
}
