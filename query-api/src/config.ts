import { isIP } from 'node:net';
import { parseProviderWindowMs } from '@tradelog/projections/tracking/firstAsks';
import { ConfigError, env } from '@tradelog/schemas';
import { type KafkaSecurity, parseKafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import { parseRegistryAuth, type RegistryAuth } from '@tradelog/schemas/kit/log/registryAuth';
import type { LimitRule } from '@tradelog/schemas/kit/runtime/limitRule';
import { type AttemptRules, defaultAttemptRules } from './content/attemptLimits.ts';
import { sampleContentFile } from './content/operatorContent.ts';
import type { AttemptRule } from './http/attemptWindows.ts';
import { type BodyBounds, defaultBodyBounds } from './http/body.ts';
import { type CheckValueRules, defaultCheckValueRules } from './tracking/checkValueAttempts.ts';

/**
 * query-api's one config module (house style §8): the environment is read here, once; nothing
 * else in the service touches `process.env`.
 */
export interface QueryApiConfig extends env.LogSettings {
  port: number;
  host: string;
  databaseUrl: string;
  /** Prefix of the projections' version schemas and consumer groups (as the processors'). */
  namespace: string;
  /** `{product}` of the portal content paths (portal spec §7), e.g. /{product}-srv/official/app/list. */
  product: string;
  /** Host names or CIDRs exempt from the subscription callback-target guard (development, tests). */
  callbackAllowlist: string[];
  /** Where /metrics is served: its own port (METRICS_PORT, METRICS_HOST), or 0 for the public one. */
  metricsHost: string;
  metricsPort: number;
  /**
   * Whose X-Forwarded-For is believed (TRUST_PROXY): `loopback`, `linklocal`, `uniquelocal`,
   * addresses and CIDRs, comma separated, or `false`. Per-address call limits count the client
   * address it yields: behind a proxy that is not trusted, every visitor is the proxy.
   */
  trustProxy: string[] | false;
  /** For the operator's pipeline view (topic sizes, projection lag); optional. */
  kafkaBrokers: string[] | undefined;
  /** KAFKA_TLS*, KAFKA_SASL_* (schemas/src/kit/log/kafkaSecurity.ts). */
  kafkaSecurity: KafkaSecurity;
  /** The schema registry the record browser decodes with (absent: `/ops/records` answers 503). */
  schemaRegistryUrl: string | undefined;
  /** SCHEMA_REGISTRY_USERNAME/PASSWORD or _TOKEN (schemas/src/kit/log/registryAuth.ts), as ingest's and the processors'. */
  registryAuth: RegistryAuth | undefined;
  changesTopic: string;
  /**
   * TRACKING_PROVIDER_WINDOW_MINUTES (default 24 h): an ocean bill or container no provider has
   * reported is START until this long after its first ask, NODATA after (README "Tracking queries").
   */
  trackingProviderWindowMs: number;
  /** Call limits by name (README "Call limits"); routes attach them with `callLimit(name)`. */
  callLimits: Readonly<Record<CallLimitName, LimitRule>>;
  /** Pools: lenders and keyed callers; the public portal's own, smaller one (it cannot drain the first). */
  poolMax: number;
  portalPoolMax: number;
  /** How long an API key stays in an instance's read cache (a revocation drops it at once anyway). */
  keyCacheTtlMs: number;
  /** Postgres `statement_timeout` of every connection of both pools. */
  statementTimeoutMs: number;
  /** Node server timeouts: whole request, headers, idle keep-alive. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  socketIdleTimeoutMs: number;
  /** How long `stop` waits for requests in flight before closing connections. */
  shutdownGraceMs: number;
  bodyBounds: BodyBounds;
  /** Where verification codes go: the log (development), an HTTP gateway (PORTAL_SMS_URL), or nowhere (503). */
  smsSender: 'log' | 'http' | 'none';
  smsUrl: string | undefined;
  /** Wrong guesses after which a verification code is burned. */
  smsMaxAttempts: number;
  /** Codes sent per phone and address, wrong codes and wrong passwords per window (content README "Attempt limits"). */
  portalAttemptRules: AttemptRules;
  /** Wrong express check values per key, parcel and account (README "Check-value attempts"). */
  checkValueRules: CheckValueRules;
  /** Retention of the portal's leads (saved forms) and sessions. */
  leadRetentionDays: number;
  sessionDays: number;
  /**
   * Origins besides the request's own that portal pages are served from (PORTAL_ORIGINS,
   * comma-separated `https://host`): portal writes from any other origin are refused.
   */
  portalOrigins: string[];
  /** The operator's portal content and site settings (content README "Operator content"); default the shipped sample. */
  portalContentFile: string;
  /** The operator's CIDR → city table, consulted before the IP database (content README "Operator content"). */
  portalIpCitiesFile: string | undefined;
}

/**
 * The one table of call limits (query spec §9 for the first three; ours for the rest). `per`
 * caller counts per account; `ip` per client address (the public portal has no key).
 */
export const callLimitNames = [
  'express-instant-query',
  'subscription',
  'flight',
  'default-key',
  'portal',
  'portal-write',
] as const;
export type CallLimitName = (typeof callLimitNames)[number];

function callLimitsOf(source: env.Env): Record<CallLimitName, LimitRule> {
  const rule = (key: string, points: number, windowSeconds: number, per: LimitRule['per']): LimitRule => ({
    points: env.integer(source, `${key}_POINTS`, points, { min: 1 }),
    windowSeconds: env.integer(source, `${key}_WINDOW_S`, windowSeconds, { min: 1 }),
    per,
  });
  return {
    // §9: express instant query at most 10 per second; subscription at most 30 per second.
    'express-instant-query': rule('LIMIT_EXPRESS_QUERY', 10, 1, 'caller'),
    subscription: rule('LIMIT_SUBSCRIPTION', 30, 1, 'caller'),
    // §9: flight API 60 calls per 10 seconds (business code 42900).
    flight: rule('LIMIT_FLIGHT', 60, 10, 'caller'),
    // Ours: every other keyed interface (lenders, subscribers, operators).
    'default-key': rule('LIMIT_DEFAULT_KEY', 1200, 60, 'caller'),
    // Ours: the public portal's reads, and its writes (codes, registration, forms).
    portal: rule('LIMIT_PORTAL', 300, 60, 'ip'),
    'portal-write': rule('LIMIT_PORTAL_WRITE', 20, 600, 'ip'),
  };
}

/** `PORTAL_<KIND>_LIMIT` and `PORTAL_<KIND>_WINDOW_S`, e.g. PORTAL_CODES_PER_PHONE_LIMIT. */
const portalAttemptRulesOf = (source: env.Env): AttemptRules =>
  attemptRulesOf(source, defaultAttemptRules, 'PORTAL_');

/**
 * `<prefix><KIND>_LIMIT` and `<prefix><KIND>_WINDOW_S` for each kind of a table of attempt
 * rules, e.g. PORTAL_CODES_PER_PHONE_LIMIT, CHECK_VALUE_FAILURES_PARCEL_WINDOW_S.
 */
function attemptRulesOf<Kind extends string>(
  source: env.Env,
  defaults: Readonly<Record<Kind, AttemptRule>>,
  prefix: string,
): Readonly<Record<Kind, AttemptRule>> {
  const rules = {} as Record<Kind, AttemptRule>;
  for (const [kind, rule] of Object.entries(defaults) as [Kind, AttemptRule][]) {
    const key = `${prefix}${kind.toUpperCase().replaceAll('-', '_')}`;
    rules[kind] = {
      limit: env.integer(source, `${key}_LIMIT`, rule.limit, { min: 1 }),
      windowMs: env.integer(source, `${key}_WINDOW_S`, rule.windowMs / 1000, { min: 1 }) * 1000,
    };
  }
  return Object.freeze(rules);
}

function portalOriginsOf(source: env.Env): string[] {
  const origins = (env.optionalText(source, 'PORTAL_ORIGINS') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (!/^https?:\/\/[^/\s?#]+$/.test(origin)) {
      throw new ConfigError('PORTAL_ORIGINS', `each entry must be scheme://host[:port], got "${origin}"`);
    }
  }
  return origins;
}

const trustKeywords = ['loopback', 'linklocal', 'uniquelocal'];

function parseTrustProxy(source: env.Env): string[] | false {
  const raw = env.text(source, 'TRUST_PROXY', 'loopback');
  if (raw.toLowerCase() === 'false') return false;
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    const validBits =
      bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!trustKeywords.includes(entry) && (family === 0 || !validBits || rest.length > 0))
      throw new ConfigError(
        'TRUST_PROXY',
        `"${entry}" is neither ${trustKeywords.join(', ')} nor an address or CIDR (or set false)`,
      );
  }
  return entries;
}

export function parseQueryApiConfig(source: env.Env): Readonly<QueryApiConfig> {
  const product = env.text(source, 'PORTAL_PRODUCT', 'tradelog');
  if (!/^[a-z0-9][a-z0-9-]*$/i.test(product)) {
    throw new ConfigError(
      'PORTAL_PRODUCT',
      `must be letters, digits and dashes (one path segment), got "${product}"`,
    );
  }
  const namespace = env.projectionNamespace(source);
  // PORTAL_SMS_LOG=true is the older spelling of PORTAL_SMS_SENDER=log.
  const smsSender = env.oneOf(
    source,
    'PORTAL_SMS_SENDER',
    ['log', 'http', 'none'] as const,
    env.flag(source, 'PORTAL_SMS_LOG', false) ? 'log' : 'none',
  );
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
    kafkaBrokers: env.optionalText(source, 'KAFKA_BROKERS')
      ? env.hostPorts(source, 'KAFKA_BROKERS')
      : undefined,
    kafkaSecurity: parseKafkaSecurity(source),
    schemaRegistryUrl: env.optionalText(source, 'SCHEMA_REGISTRY_URL')
      ? env.url(source, 'SCHEMA_REGISTRY_URL', undefined, ['http:', 'https:'])
      : undefined,
    registryAuth: parseRegistryAuth(source),
    changesTopic: env.text(source, 'CHANGES_TOPIC', 'tradelog.changes.v1'),
    trackingProviderWindowMs: parseProviderWindowMs(source),
    ...env.logSettings(source),
    metricsHost: env.text(source, 'METRICS_HOST', '0.0.0.0'),
    metricsPort: env.port(source, 'METRICS_PORT', 0),
    trustProxy: parseTrustProxy(source),
    callLimits: Object.freeze(callLimitsOf(source)),
    // 32 concurrent lenders keep about 16 connections busy with two statements each (README "Pools").
    poolMax: env.integer(source, 'QUERY_API_POOL_MAX', 16, { min: 1 }),
    keyCacheTtlMs: env.integer(source, 'QUERY_API_KEY_CACHE_TTL_MS', 10_000, { min: 0 }),
    portalPoolMax: env.integer(source, 'QUERY_API_PORTAL_POOL_MAX', 3, { min: 1 }),
    statementTimeoutMs: env.integer(source, 'QUERY_API_STATEMENT_TIMEOUT_MS', 10_000, { min: 100 }),
    requestTimeoutMs: env.integer(source, 'QUERY_API_REQUEST_TIMEOUT_MS', 30_000, { min: 1000 }),
    headersTimeoutMs: env.integer(source, 'QUERY_API_HEADERS_TIMEOUT_MS', 10_000, { min: 1000 }),
    keepAliveTimeoutMs: env.integer(source, 'QUERY_API_KEEP_ALIVE_TIMEOUT_MS', 5_000, { min: 100 }),
    socketIdleTimeoutMs: env.integer(source, 'QUERY_API_SOCKET_IDLE_TIMEOUT_MS', 60_000, { min: 1000 }),
    shutdownGraceMs: env.integer(source, 'QUERY_API_SHUTDOWN_GRACE_MS', 10_000, { min: 0 }),
    bodyBounds: Object.freeze({
      ...defaultBodyBounds,
      limitBytes: env.integer(source, 'QUERY_API_BODY_LIMIT_BYTES', defaultBodyBounds.limitBytes, {
        min: 1024,
      }),
    }),
    smsSender,
    smsUrl:
      smsSender === 'http' ? env.url(source, 'PORTAL_SMS_URL', undefined, ['http:', 'https:']) : undefined,
    smsMaxAttempts: env.integer(source, 'PORTAL_SMS_MAX_ATTEMPTS', 5, { min: 1 }),
    portalAttemptRules: portalAttemptRulesOf(source),
    checkValueRules: attemptRulesOf(source, defaultCheckValueRules, ''),
    leadRetentionDays: env.integer(source, 'PORTAL_LEAD_RETENTION_DAYS', 365, { min: 1 }),
    sessionDays: env.integer(source, 'PORTAL_SESSION_DAYS', 30, { min: 1 }),
    portalOrigins: portalOriginsOf(source),
    portalContentFile: env.text(source, 'PORTAL_CONTENT_FILE', sampleContentFile),
    portalIpCitiesFile: env.optionalText(source, 'PORTAL_IP_CITIES_FILE'),
  });
}
